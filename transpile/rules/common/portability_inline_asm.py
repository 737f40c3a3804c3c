"""GP308 inline-asm: inline PTX assembly (`asm(...)`, `asm volatile(...)`, `__asm__`).

What it does
    Reports every inline assembly statement. The text is PTX, NVIDIA's virtual instruction set; no
    AMD or SYCL compiler understands it.
Why
    Inline PTX reads special registers (`%laneid`, `%smid`), uses cache hints or instructions without a
    C++ spelling. Each needs a hand-written replacement (`__lane_id()`, a builtin, or plain C++).
Example
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
Translated to
    unchanged, with: GP308 inline PTX assembly has no HIP counterpart (unconverted)
Safety
    reports only. Counted as unconverted (family `asm`), not as a warning: the output cannot compile
    for an AMD GPU or under SYCL while it is there, so the exit code must say so.
References
    PTX ISA; HIP programming guide, inline assembly (AMDGCN only).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule

# The keywords an inline-assembly statement starts with; each is a whole word.
_KEYWORD = re.compile(rb"(?<![A-Za-z0-9_])(?:asm|__asm__|__asm)(?![A-Za-z0-9_])")


class InlineAsm(Rule):
    code = "GP308"
    name = "inline-asm"
    targets = frozenset({"hip", "sycl"})
    summary = "Report inline PTX assembly (no counterpart on AMD or SYCL)."
    triggers = (b"asm",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"asm" not in ctx.source:
            return
        target = ctx.target.upper()
        for node in _asm_statements(ctx):
            first_line = ctx.text(node).split("\n", 1)[0]
            yield self.unconverted(
                node.start_byte,
                node.end_byte,
                f"inline PTX assembly `{first_line[:60]}` has no {target} counterpart: rewrite it with "
                "intrinsics or plain C++",
                family="asm",
                symbol="asm",
            )


def _asm_statements(ctx: RuleContext) -> list[Node]:
    """The `gnu_asm_expression` nodes, found from their keywords (a query would walk the whole tree; the
    files with inline PTX are the largest headers)."""
    found: list[Node] = []
    root = ctx.root
    for m in _KEYWORD.finditer(ctx.source):
        leaf = root.descendant_for_byte_range(m.start(), m.end())
        node = leaf.parent if leaf is not None else None
        if node is not None and node.type == "gnu_asm_expression" and node.start_byte == m.start():
            found.append(node)
    return found
