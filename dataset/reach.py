"""Which files of a translated task a build of it compiles: the task's sources and the headers they
include, followed through the translation's own text for the target.

A real-code task copies every header its unit may include, on any configuration: a dual-source project's
CUDA error helpers sit beside its HIP ones (`#ifdef __HIPCC__ #include "chError_hip.h" #else #include
"chError_cuda.h"`), ggml's vendor shims (`vendors/hip.h`, `vendors/musa.h`) beside its CUDA code. A build
for one target never compiles the others, so CUDA names left in them are not left in the build; the
pipeline counts unconverted references only in the files reached here (the translation report still
lists every one).

Includes are followed through branches that may be taken (parse.untaken_branch_spans decides the simple
tests; anything else counts as taken), resolved as the compilers do: quoted from the including file's
folder, then the task's include folders; angle brackets from the include folders. Files outside the
translated folder (system and library headers) are not followed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from ..transpile import parse
from .sources.local import included_files

_DEFINE_FLAG = re.compile(r"-D([A-Za-z_]\w*)")


def include_dirs(root: Path, flags: Iterable[str]) -> list[Path]:
    """The task's `-I` folders that lie inside root (relative ones are relative to root), then root."""
    dirs = []
    for f in flags:
        if f.startswith("-I") and len(f) > 2 and not f.startswith("-I@"):
            d = (root / f[2:]).resolve()
            if d.is_dir() and d.is_relative_to(root.resolve()):
                dirs.append(d)
    return [*dirs, root.resolve()]


def defined_macros(flags: Iterable[str]) -> frozenset[bytes]:
    return frozenset(m.group(1).encode() for f in flags if (m := _DEFINE_FLAG.match(f)))


def reached_files(root: Path, sources: Iterable[Path], flags: Iterable[str], target: str) -> set[Path]:
    """Resolved paths of the files under root that compiling `sources` for `target` reads."""
    flags = list(flags)
    units = [Path(s).resolve() for s in sources]
    defines = defined_macros(flags)

    def untaken(text: bytes) -> list[tuple[int, int]]:
        return parse.untaken_branch_spans(text, target, defines) if b"#if" in text else []

    headers = included_files(units, include_dirs(root, flags), root, untaken)
    return {u for u in units if u.is_file()} | set(headers)
