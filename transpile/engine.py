"""The driver: parse, run the rules of the target's pack, apply their edits, count what happened.

This is the only place where text changes. Rules propose; the engine accepts each diagnostic's edits as
one group (all or none), in rule order, rejecting groups that overlap edits already accepted.
"""

from __future__ import annotations

import gc
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from .context import RuleContext
from .diagnostics import Diagnostic, Located, Safety, Status
from .edits import Edit, EditSet
from .options import Options
from .rules.base import Rule
from .rules.registry import rules_for, trigger_words
from .tables import Tables, load_tables


@dataclass
class Stats:
    """Counts for one file or, merged, for a tree."""

    converted: Counter[str] = field(default_factory=Counter)  # API family -> references converted
    unconverted: Counter[str] = field(default_factory=Counter)  # API family -> references left
    warnings: int = 0
    review: int = 0  # converted with safety "review"
    lines_changed: int = 0
    model_edits: int = 0

    @property
    def total_converted(self) -> int:
        return sum(self.converted.values())

    @property
    def total_unconverted(self) -> int:
        return sum(self.unconverted.values())

    def merge(self, other: Stats) -> None:
        self.converted.update(other.converted)
        self.unconverted.update(other.unconverted)
        self.warnings += other.warnings
        self.review += other.review
        self.lines_changed += other.lines_changed
        self.model_edits += other.model_edits

    def to_dict(self) -> dict[str, object]:
        return {
            "converted": dict(sorted(self.converted.items())),
            "unconverted": dict(sorted(self.unconverted.items())),
            "total_converted": self.total_converted,
            "total_unconverted": self.total_unconverted,
            "warnings": self.warnings,
            "review": self.review,
            "lines_changed": self.lines_changed,
            "model_edits": self.model_edits,
        }


@dataclass
class TranslationResult:
    path: str
    target: str
    source: bytes
    output: bytes
    diagnostics: list[Diagnostic]  # every diagnostic, byte offsets into `source`
    edits: list[Edit]  # accepted edits, sorted
    stats: Stats
    parse_error: bool  # the input had regions tree-sitter could not parse
    # Every CUDA-looking or table name in the raw text (comments too): what the tree's scan for the
    # project's own CUDA-looking helpers starts from, so it need not tokenise the file again.
    names: frozenset[str] = frozenset()

    @property
    def code(self) -> str:
        return self.output.decode("utf-8", "surrogateescape")

    @property
    def unconverted(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.status is Status.UNCONVERTED]

    @property
    def fully_converted(self) -> bool:
        return not self.unconverted

    def located(self, include_converted: bool = False) -> list[Located]:
        """Diagnostics with line/column, for reports. Converted references only on request."""
        wanted = [
            d
            for d in self.diagnostics
            if include_converted or d.status is not Status.CONVERTED or d.safety is Safety.REVIEW
        ]
        out: list[Located] = []
        source = self.source
        if b"\n" not in source:
            source = source.replace(b"\r", b"\n")  # CR-only line ends count as lines too
        # Diagnostics are sorted by offset: count newlines between consecutive ones (C speed) instead of
        # building a table of every line start in the file.
        line, line_start, pos = 1, 0, 0
        for d in wanted:
            offset = d.start
            if offset < pos:  # not sorted after all: count again from the top
                line, line_start, pos = 1, 0, 0
            newlines = source.count(b"\n", pos, offset)
            if newlines:
                line += newlines
                line_start = source.rfind(b"\n", pos, offset) + 1
            pos = offset
            out.append(
                Located(
                    self.path,
                    line,
                    offset - line_start + 1,
                    d.code,
                    d.message,
                    d.status.value,
                    d.family,
                    d.symbol,
                    d.safety.value,
                    d.by_model,
                )
            )
        return out

    def output_offset(self, offset: int) -> int:
        """Map a byte offset of the input to the output (through the accepted edits)."""
        shift = 0
        for e in self.edits:
            if e.start >= offset:
                break
            if e.end > offset:  # inside replaced text: map to the start of its replacement
                return e.start + shift
            shift += len(e.text.encode("utf-8")) - (e.end - e.start)
        return offset + shift


def translate_source(
    source: bytes,
    options: Options | None = None,
    path: str = "<string>",
    tables: Tables | None = None,
    *,
    tree_free: bool = True,
) -> TranslationResult:
    """Translate one file. `tree_free=False` parses even files with nothing but includes to translate
    (tests compare both ways).

    The output keeps the input's line ends: rules write `\n`, so in a CRLF file their text gets `\r\n`,
    and a file with old-Mac CR-only line ends is translated as if its CRs were LFs (tree-sitter and the
    preprocessor rules see one line per line) and written back with CRs.
    """
    with gc_paused():
        result = _translate_source(source, options, path, tables, tree_free=tree_free)
        if result.target == "sycl" and path.lower().endswith(".c") and stays_c(result):
            # A C file (nvcc compiled it as C) whose rewrites need no SYCL (`cudaSetDevice(d)` -> `0`):
            # it stays C, so no `<sycl/sycl.hpp>` and queue prelude, which a C compiler cannot take.
            result = _translate_source(source, options, path, tables, tree_free=tree_free, skip=C_SKIPPED)
        return result


# The SYCL prelude (GP201) and the C-as-C++ linkage and casts (GP271): what a C file that stays C must
# not get, and what does not decide whether it does.
C_SKIPPED = frozenset({"GP201", "GP271"})
_CXX_ONLY = re.compile(r"\bsycl\b|\bgpuport_|\bstd::|\btemplate\b|\bnamespace\b")


def stays_c(result: TranslationResult) -> bool:
    """True when a SYCL translation of a C file needs no C++: every rewrite but the prelude's is C text
    (a constant, a C type) and no CUDA name is left unconverted."""
    if any(d.status is Status.UNCONVERTED for d in result.diagnostics):
        return False
    return not any(
        _CXX_ONLY.search(e.text) for d in result.diagnostics if d.code not in C_SKIPPED for e in d.edits
    )


@contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while one file is translated. A translation keeps its
    syntax nodes, edits and diagnostics alive until it ends, so every full collection during it walks
    everything the file has made so far, and full collections come more often as that grows: at 800 KiB
    they were a fifth of the SYCL time and the part of it that grew faster than the file
    (bench/sycl_scaling.py, issue 21). The rules make almost no reference cycles; what they make is
    collected once the collector runs again. Nested calls leave it to the outermost; a collector the
    caller disabled stays disabled."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _translate_source(
    source: bytes,
    options: Options | None,
    path: str,
    tables: Tables | None,
    *,
    tree_free: bool,
    skip: frozenset[str] = frozenset(),
) -> TranslationResult:
    options = options or Options()
    tables = tables or load_tables()
    line_end = line_end_of(source)
    original = source
    if line_end == "\r":
        source = source.replace(b"\r", b"\n")  # same length: every offset stays valid for the original
    ctx = RuleContext(source, None, options, tables, path)
    editset = EditSet()
    diagnostics: list[Diagnostic] = []
    # A rule with trigger words runs only on files that mention one of them.
    mentioned = ctx.mentioned(trigger_words(options.target))
    if ctx.paste_sites:  # `cuda(HostGetDevicePointer(...))` mentions cudaHostGetDevicePointer (GP313)
        mentioned |= frozenset(full.encode() for full in ctx.paste_sites.values())
    rules = [
        r
        for r in rules_for(options.target)
        if (not r.triggers or not mentioned.isdisjoint(r.triggers)) and r.code not in skip
    ]
    # Parsing is most of the time per file. A file with no CUDA name and no trigger word gives every rule
    # of a pack whose rules only act at those places and at include lines nothing to do but map or report
    # its includes, which needs no tree: translate it without one.
    ctx.tree_free = tree_free and _tree_free(ctx, rules)
    for rule in rules:
        for diag in rule.run(ctx):
            if diag.edits and not editset.add_group(list(diag.edits)):
                if all(editset.replaced(e.start, e.end) for e in diag.edits):
                    continue  # its text was removed by an earlier rewrite; nothing left to convert
                diag = Diagnostic(
                    diag.code,
                    f"{diag.message} [not applied: overlaps an earlier rewrite]",
                    diag.start,
                    diag.end,
                    Status.WARNING,
                    diag.family,
                    diag.symbol,
                    Safety.REVIEW,
                )
            elif not diag.edits and diag.status is Status.UNCONVERTED and ctx.in_dead_branch(diag.start):
                # Under `#ifdef CUBLAS_API_H_` (parse.CUDA_LIBRARY_GUARDS): compiled only after a CUDA
                # library header, never in a translation; or on a CUDA-off switch's CPU side (`#ifdef
                # NO_CUDA`). What is left there is not left in the build.
                continue
            elif not diag.edits and (
                diag.status is Status.UNCONVERTED
                or (diag.status is Status.WARNING and rule.stale_if_rewritten)
            ):
                if diag.start < diag.end and editset.replaced(diag.start, diag.end):
                    # About text an earlier rewrite replaced (a dropped lane mask, a warp index already
                    # made sub-group-relative): it is not in the output, so neither is the report.
                    continue
            if diag.status in (Status.CONVERTED, Status.UNCONVERTED):
                ctx.claim(diag)
            diagnostics.append(diag)
    if line_end != "\n":
        editset.restyle_line_ends(line_end)
    source = original
    output = editset.apply(source)
    diagnostics.sort(key=lambda d: (d.start, d.code))
    accepted = sorted(editset.accepted)
    stats = _stats(diagnostics, accepted, source)
    parse_error = ctx.parsed is not None and ctx.parsed.root_node.has_error
    return TranslationResult(
        path,
        options.target,
        source,
        output,
        diagnostics,
        accepted,
        stats,
        parse_error,
        frozenset(ctx.candidate_names),
    )


def line_end_of(source: bytes) -> str:
    """'\r\n' when every line ends so, '\r' for CR-only files, else '\n' (mixed files stay as they are)."""
    lf = source.count(b"\n")
    if lf == 0:
        return "\r" if b"\r" in source else "\n"
    return "\r\n" if source.count(b"\r\n") == lf else "\n"


def _tree_free(ctx: RuleContext, rules: list[Rule]) -> bool:
    # Rules that run because of a trigger word act at that word: they need the tree.
    if ctx.candidate_names or any(rule.triggers or not rule.tree_free_ok for rule in rules):
        return False
    if ctx.paste_sites:
        return False  # `cuda(Malloc(...))`: the suffix is a CUDA name (GP313), renamed through the tree
    # Tree-free includes come from the lexical scan: it must be unambiguous for this file.
    return ctx.lexical_includes is not None


def _stats(diagnostics: list[Diagnostic], edits: list[Edit], source: bytes) -> Stats:
    stats = Stats()
    for d in diagnostics:
        if d.status is Status.CONVERTED:
            stats.converted[d.family or "other"] += 1
            if d.safety is Safety.REVIEW:
                stats.review += 1
            if d.by_model:
                stats.model_edits += 1
        elif d.status is Status.UNCONVERTED:
            stats.unconverted[d.family or "other"] += 1
        elif d.status is Status.WARNING:
            stats.warnings += 1
    # Lines touched by accepted edits, counted with C-speed newline counts between sorted edits.
    lines: set[int] = set()
    line = 1
    pos = 0
    for e in edits:
        line += source.count(b"\n", pos, e.start)
        pos = e.start
        lines.add(line)
        lines.update(range(line + 1, line + 1 + source.count(b"\n", e.start, max(e.start, e.end - 1))))
    stats.lines_changed = len(lines)
    return stats
