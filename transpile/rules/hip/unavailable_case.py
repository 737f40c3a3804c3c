"""GP134 unavailable-case: a switch's `case` for a CUDA enumerator HIP lacks is dropped.

What it does
    In a `switch`, a `case NAME:` whose NAME is a CUDA enumerator with no HIP spelling (the tables flag it
    unsupported on HIP) or one newer than the target HIP (`--hip-version`) is removed: the label and its
    statements when nothing falls into them (the section before ends in `return`, `break`, `continue`,
    `goto` or `throw`, or there is none), else the label alone, so the section above still runs them.
    A case whose enumerator has the same HIP spelling as an earlier case of the switch (two CUDA statuses
    HIP folds into one) goes the same way.
Why
    Error-string helpers (cuda-samples' `helper_cuda.h`: `case CUFFT_NVRTC_FAILURE: return "...";`) list
    every status of a CUDA library. A status the HIP library does not define is one it never returns, so
    its case can never be taken; left in, the whole helper fails to compile on an undeclared name. Two
    cases of one value do not compile either ("duplicate case value"), and the first already takes it.
Example
    switch (error) {
      case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
      case CUFFT_NVRTC_FAILURE: return "CUFFT_NVRTC_FAILURE";
    }
Translated to
    switch (error) {
      case HIPFFT_SUCCESS: return "CUFFT_SUCCESS";
    }
Safety
    safe: the removed case is for a value the HIP type cannot hold, or one an earlier case takes. A label
    removed alone keeps its statements for the section that falls into them.
References
    HIP library headers (hipFFT, hipSOLVER, hipBLAS status enums); transpile/tables (unsupported-hip
    flag, min_hip column).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

# Statements after which control never reaches the next case label.
_JUMPS = frozenset({"return_statement", "break_statement", "continue_statement", "goto_statement"})


def _statements(case: Node) -> list[Node]:
    """A case section's statements (its named children after the label's value, comments aside)."""
    value = case.child_by_field_name("value")
    return [
        c
        for c in case.named_children
        if c.type != "comment" and (value is None or c.start_byte >= value.end_byte)
    ]


def _ends_in_jump(stmts: list[Node]) -> bool:
    if not stmts:
        return False
    last = stmts[-1]
    if last.type == "compound_statement":  # `case A: { ...; return x; }`
        return _ends_in_jump([c for c in last.named_children if c.type != "comment"])
    if last.type == "expression_statement" and last.named_children:
        return last.named_children[0].type == "throw_expression"
    return last.type in _JUMPS or last.type == "throw_statement"


def _previous_case(case: Node) -> Node | None:
    prev = case.prev_named_sibling
    while prev is not None and prev.type == "comment":
        prev = prev.prev_named_sibling
    return prev


def _whole_lines(source: bytes, start: int, end: int) -> tuple[int, int]:
    """[start, end) widened to whole lines when only blanks (and a line comment after it) share them."""
    line_start = source.rfind(b"\n", 0, start) + 1
    if source[line_start:start].strip(b" \t"):
        line_start = start
    line_end = source.find(b"\n", end)
    line_end = len(source) if line_end < 0 else line_end
    rest = source[end:line_end].strip(b" \t\r")
    if rest and not rest.startswith(b"//"):  # a comment after the label is about the label: it goes too
        return line_start, end
    return line_start, min(line_end + 1, len(source))


class UnavailableCase(Rule):
    code = "GP134"
    name = "unavailable-case"
    targets = frozenset({"hip"})
    summary = "Drop a switch's case for a CUDA enumerator the target HIP lacks (a status HIP never returns)."
    triggers = (b"case",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        seen: dict[tuple[int, str], str] = {}  # (switch body, HIP spelling) -> the CUDA name that has it
        for occ in ctx.occurrences:
            entry, node = occ.entry, occ.node
            if entry is None or node is None or entry.kind != "enum":
                continue
            case = node.parent
            if case is None or case.type != "case_statement" or case.child_by_field_name("value") != node:
                continue
            hip = entry.hip_name()
            duplicate = None
            if hip is not None and ctx.options.hip_has(entry):
                key = (case.parent.id if case.parent is not None else 0, hip)
                duplicate = seen.setdefault(key, occ.name)
                if duplicate == occ.name:
                    continue  # available, and the first case of the switch with this HIP value
            if ctx.is_claimed(occ.start, occ.end):
                continue
            prev = _previous_case(case)
            falls_in = (
                prev is not None and prev.type == "case_statement" and not _ends_in_jump(_statements(prev))
            )
            stmts = _statements(case)
            if falls_in and stmts:
                colon = node.next_sibling
                while colon is not None and colon.type != ":":
                    colon = colon.next_sibling
                end = colon.end_byte if colon is not None else node.end_byte
                start, end = _whole_lines(ctx.source, case.start_byte, end)
                what = "its label (the section above falls into its statements)"
            else:
                start, end = _whole_lines(ctx.source, case.start_byte, case.end_byte)
                what = "the case"
            if duplicate is not None:
                why = f"is `{hip}` in HIP, as `{duplicate}` above is: a second case of one value"
            elif hip is None:
                why = "has no HIP counterpart, so the HIP library never returns it"
            else:
                why = f"needs HIP {entry.min_hip[0]}.{entry.min_hip[1]}, so this HIP never returns it"  # type: ignore[index]
            yield self.converted(
                start,
                end,
                f"`case {occ.name}:` {why}: {what} removed",
                [Edit(start, end, "")],
                family=entry.family,
                symbol=occ.name,
            )
