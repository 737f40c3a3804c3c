"""GP108 asm-special-registers: inline PTX that only reads a special register, rewritten to HIP's builtin.

What it does
    Rewrites an inline assembly statement whose whole text is one `mov.u32 %0, %%REG;` with one `=r`
    output operand to an assignment from HIP's counterpart: `%%laneid` -> `__lane_id()`,
    `%%lanemask_lt/le/gt/ge/eq` -> `__lanemask_lt()`, `(__lanemask_lt() | __lanemask_eq())`,
    `__lanemask_gt()`, `(__lanemask_gt() | __lanemask_eq())`, `__lanemask_eq()`, `%%smid` -> `__smid()`.
    Any other inline assembly (and `%%warpid`, which has no HIP counterpart) is left to GP308.
Why
    PTX reads of special registers are the most common inline assembly in CUDA code, and each has a HIP
    builtin; the AMD compiler rejects PTX.
Example
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
Translated to
    mask = __lanemask_lt();
Safety
    `%%laneid` is safe. The lane masks are review: HIP returns them as 64 bits (a wavefront has 64 lanes on
    CDNA), and a 32-bit destination keeps only lanes 0-31. `%%smid` is review: HIP's `__smid()` numbers
    compute units with the shader engine in the high bits, so the values are not dense like CUDA's.
References
    PTX ISA, special registers; HIP programming guide, device functions (`__lane_id`, `__lanemask_lt`,
    `__smid`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._asm import asm_statement

_ASM = "(gnu_asm_expression) @asm"
# The whole template: one move of a special register into operand 0.
_MOV = re.compile(r"\s*mov\.(?:u32|b32|s32)\s+%0\s*,\s*%%(\w+)\s*;?\s*")

# register -> (HIP expression, lane-mask: 64 bits on HIP)
REGISTERS = {
    "laneid": ("__lane_id()", False),
    "lanemask_lt": ("__lanemask_lt()", True),
    "lanemask_le": ("(__lanemask_lt() | __lanemask_eq())", True),
    "lanemask_gt": ("__lanemask_gt()", True),
    "lanemask_ge": ("(__lanemask_gt() | __lanemask_eq())", True),
    "lanemask_eq": ("__lanemask_eq()", True),
    "smid": ("__smid()", False),
}


class AsmSpecialRegisters(Rule):
    code = "GP108"
    name = "asm-special-registers"
    targets = frozenset({"hip"})
    summary = "Rewrite inline PTX reads of %laneid, %lanemask_*, %smid to HIP's builtins."
    triggers = (b"%%lane", b"%%smid")  # only these register reads are rewritten

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for node in ts.captures(_ASM, ctx.root).get("asm", []):
            found = self._read(ctx, node)
            if found is None:
                continue
            register, target = found
            expr, is_mask = REGISTERS[register]
            if is_mask:
                safety = Safety.REVIEW
                note = f"; HIP's lane mask is 64-bit: `{target}` keeps lanes 0-31 only if it is 32-bit"
            elif register == "smid":
                safety = Safety.REVIEW
                note = "; HIP numbers compute units with the shader engine in the high bits (not dense)"
            else:
                safety, note = Safety.SAFE, ""
            yield self.converted(
                node.start_byte,
                node.end_byte,
                f"inline PTX read of `%{register}` -> `{expr}`{note}",
                [Edit(node.start_byte, node.end_byte, f"{target} = {expr}")],
                family="asm",
                symbol="asm",
                safety=safety,
            )

    @staticmethod
    def _read(ctx: RuleContext, node: Node) -> tuple[str, str] | None:
        """(register, destination text) when the statement is one special-register move, else None."""
        stmt = asm_statement(ctx, node)
        if stmt is None or stmt.inputs or len(stmt.outputs) != 1 or stmt.outputs[0][0] != "=r":
            return None
        m = _MOV.fullmatch(stmt.template)
        if m is None or m.group(1) not in REGISTERS:
            return None
        return m.group(1), ctx.text(stmt.outputs[0][1])
