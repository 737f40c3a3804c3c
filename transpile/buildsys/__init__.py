"""Build-file migration: CMake files and Makefiles come along with the sources they build.

`build_file_kind(name)` recognises a build file by its name; `migrate_build_file(data, options, path)` turns
it into a `TranslationResult` like the C++ engine's (edits, located diagnostics, stats), so the tree report
counts build files the same way. Findings carry codes GP401-GP449 (see codes.py; `gpuport rules GP401`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..diagnostics import Diagnostic, Safety, Status
from ..edits import Edit, EditSet
from ..engine import Stats, TranslationResult
from ..options import Options
from . import cmake, make
from .codes import CMAKE_UNCONVERTED, CODES, BuildCode
from .flags import Finding

__all__ = ["CODES", "BuildCode", "build_file_kind", "migrate_build_file"]

FAMILY = "build"
_MAKEFILES = frozenset({"makefile", "gnumakefile"})


def build_file_kind(name: str) -> str | None:
    """'cmake', 'make' or None for a file name (not a path)."""
    lower = name.lower()
    if name == "CMakeLists.txt" or lower.endswith(".cmake"):
        return "cmake"
    if lower in _MAKEFILES or lower.endswith(".mk"):
        return "make"
    return None


def migrate_build_file(data: bytes, options: Options, path: str) -> TranslationResult:
    """Migrate one build file's bytes for options.target; never raises on bad syntax (it is reported)."""
    # latin-1 keeps one character per byte, so every offset below is a byte offset of `data`.
    text = data.decode("latin-1")
    kind = build_file_kind(path.rsplit("/", 1)[-1]) or "make"
    arches = options.offload_arch or ("gfx90a",)
    findings: list[Finding]
    parse_error = False
    try:
        findings = (cmake.migrate if kind == "cmake" else make.migrate)(text, options.target, arches)
    except cmake.CMakeSyntaxError as err:
        parse_error = True
        findings = [
            Finding(
                CMAKE_UNCONVERTED,
                f"CMake syntax error, file left as is: {err}",
                err.offset,
                min(err.offset + 1, len(data)),
                Status.UNCONVERTED,
                "",
                Safety.REVIEW,
            )
        ]
    return _result(data, options, path, findings, parse_error)


def _result(
    data: bytes, options: Options, path: str, findings: Iterable[Finding], parse_error: bool
) -> TranslationResult:
    editset = EditSet()
    diagnostics: list[Diagnostic] = []
    for f in sorted(findings, key=lambda f: (f.start, f.code)):
        edits = [_utf8(e, data) for e in f.edits]
        status, message, safety = f.status, f.message, f.safety
        if edits and not editset.add_group(edits):
            status, message, safety = (
                Status.WARNING,
                f"{message} [not applied: overlaps another rewrite]",
                Safety.REVIEW,
            )
            edits = []
        diagnostics.append(
            Diagnostic(f.code, message, f.start, f.end, status, FAMILY, f.symbol, safety, tuple(edits))
        )
    output = editset.apply(data)
    accepted = sorted(editset.accepted)
    return TranslationResult(
        path,
        options.target,
        data,
        output,
        diagnostics,
        accepted,
        _stats(diagnostics, accepted, data),
        parse_error,
    )


def _utf8(edit: Edit, data: bytes) -> Edit:
    """Edit texts copied from the latin-1 view hold raw bytes; give apply_edits their UTF-8 reading."""
    try:
        raw = edit.text.encode("latin-1")
    except UnicodeEncodeError:
        return edit
    return Edit(edit.start, edit.end, raw.decode("utf-8", "replace"))


def _stats(diagnostics: list[Diagnostic], edits: list[Edit], source: bytes) -> Stats:
    stats = Stats()
    for d in diagnostics:
        if d.status is Status.CONVERTED:
            stats.converted[d.family] += 1
            stats.review += d.safety is Safety.REVIEW
        elif d.status is Status.UNCONVERTED:
            stats.unconverted[d.family] += 1
        elif d.status is Status.WARNING:
            stats.warnings += 1
    lines: set[int] = set()
    for e in edits:
        first = source.count(b"\n", 0, e.start) + 1
        lines.update(range(first, first + 1 + source.count(b"\n", e.start, max(e.start, e.end - 1))))
    stats.lines_changed = len(lines)
    return stats


def is_build_path(rel: str) -> bool:
    return build_file_kind(re.split(r"[\\/]", rel)[-1]) is not None
