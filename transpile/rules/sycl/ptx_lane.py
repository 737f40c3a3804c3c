"""GP244 warp-ptx-lane: inline PTX reading `%laneid` / `%lanemask_*` becomes sub-group arithmetic.

What it does
    An inline-assembly statement that only moves a lane register into a variable,
    `asm("mov.u32 %0, %%laneid;" : "=r"(x));` (also `asm volatile`, `__asm__`), becomes an assignment
    computed from the sub-group lane `l = item.get_sub_group().get_local_linear_id()`:
    `%laneid` -> `l`, `%lanemask_eq` -> `1u << l`, `%lanemask_lt` -> `(1u << l) - 1u`,
    `%lanemask_le` -> `(2u << l) - 1u`, `%lanemask_gt` -> `~((2u << l) - 1u)`,
    `%lanemask_ge` -> `~((1u << l) - 1u)`. The function then takes the `nd_item` (GP205). Any other
    inline PTX stays, reported by GP308.
Why
    PTX special registers have no SYCL spelling, but their values are plain functions of the lane index,
    which the sub-group gives for any sub-group size. (`2u << 31` wraps to 0 in unsigned arithmetic, so
    `lanemask_le` of lane 31 is all ones, as in PTX.)
Example
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
Translated to
    mask = (1u << item.get_sub_group().get_local_linear_id()) - 1u;
Safety
    review: the masks have 32 bits, so sub-groups wider than 32 lanes (64-lane AMD wavefronts) shift past
    the mask; the lane index matches CUDA's %laneid when the sub-group is the warp.
References
    PTX ISA, Special Registers (%laneid, %lanemask_*); SYCL 2020 specification, 4.9.1.8
    (sub_group::get_local_linear_id).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import enclosing_function, model
from ._warp import SG_LANE

LANE = SG_LANE
VALUES = {
    "laneid": LANE,
    "lanemask_eq": f"1u << {LANE}",
    "lanemask_lt": f"(1u << {LANE}) - 1u",
    "lanemask_le": f"(2u << {LANE}) - 1u",
    "lanemask_gt": f"~((2u << {LANE}) - 1u)",
    "lanemask_ge": f"~((1u << {LANE}) - 1u)",
}
# The whole assembly text: one move of a lane register into operand 0.
_MOVE = re.compile(r'"\s*mov\.(?:u32|b32|s32)\s+%0\s*,\s*%%(laneid|lanemask_(?:lt|le|gt|ge|eq))\s*;?\s*"')
_OUTPUT = re.compile(r'^"=r"\s*\((.*)\)$', re.DOTALL)


class PtxLaneRegisters(Rule):
    code = "GP244"
    name = "warp-ptx-lane"
    targets = frozenset({"sycl"})
    summary = "Translate inline PTX reads of %laneid / %lanemask_* to sub-group lane arithmetic."
    triggers = (b"%%lane",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        device = {f.node.id for f in m.functions.values() if not f.host_too}
        for asm in ts.captures("(gnu_asm_expression) @a", ctx.root).get("a", []):
            stmt = asm.parent
            fn = enclosing_function(asm)
            if stmt is None or stmt.type != "expression_statement" or fn is None or fn.id not in device:
                continue
            template = asm.child_by_field_name("assembly_code")
            outputs = asm.child_by_field_name("output_operands")
            if template is None or outputs is None:
                continue
            move = _MOVE.fullmatch(ctx.text(template).strip())
            ops = [o for o in outputs.named_children if o.type != "comment"]
            if move is None or len(ops) != 1 or asm.child_by_field_name("input_operands") is not None:
                continue
            out = _OUTPUT.match(ctx.text(ops[0]).strip())
            if out is None:
                continue
            target = out.group(1).strip()
            register = move.group(1)
            yield self.converted(
                asm.start_byte,
                asm.end_byte,
                f"inline PTX read of %{register} -> sub-group lane arithmetic (32-bit lane masks: right for "
                "sub-groups of at most 32 lanes)",
                [Edit(asm.start_byte, asm.end_byte, f"{target} = {VALUES[register]}")],
                family="asm",
                symbol="asm",
                safety=Safety.REVIEW,
            )
