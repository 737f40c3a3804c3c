"""GP235 warp-shuffle: shuffles outside a recognised idiom become sub-group shifts and permutes.

What it does
    A `__shfl_*_sync` call that GP230/GP231/GP234 did not take as part of an idiom is translated call by
    call on `item.get_sub_group()`: `__shfl_down_sync(m, v, d)` -> `sycl::shift_group_left(sg, v, d)`,
    `__shfl_up_sync` -> `sycl::shift_group_right`, `__shfl_xor_sync` -> `sycl::permute_group_by_xor`,
    `__shfl_sync(m, v, src)` -> `sycl::select_from_group(sg, v, src)` (`sycl::group_broadcast` when `src`
    is the constant 0). The lane mask is dropped; a width argument equal to 32 is dropped; another width
    `w` calls a small helper defined once per file (`gpuport_shfl_down_width(sg, v, d, w)` ...) that
    shuffles over the whole sub-group and keeps the lane's own value where CUDA's segment of `w` lanes
    ends. The legacy mask-less forms (`__shfl_down`, ...) are handled alike.
Why
    These calls keep the code's 32-lane arithmetic: the results are right only when the sub-group has
    32 lanes. The kernel should carry `[[sycl::reqd_sub_group_size(32)]]` (Options.sycl_subgroup_size) on
    its launch lambda; the launch rule (GP203) writes the lambda, so this rule reports the need (review).
Example
    float up = __shfl_up_sync(0xffffffff, v, 1);
Translated to
    float up = sycl::shift_group_right(item.get_sub_group(), v, 1);
Safety
    review: results depend on the sub-group size (a device with other sizes, e.g. a CPU with 1, gives
    different results); lanes shifted in from outside the group hold unspecified values in SYCL, CUDA's
    own value.
References
    SYCL 2020 specification, 4.17.3 (shift_group_left/right, permute_group_by_xor, select_from_group,
    group_broadcast).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import enclosing_function, model
from ._warp import SG, WIDTH_HELPERS, call_args, call_name, is_warp_size

# Each shuffle and the sub-group function it becomes: the tables' rows routed to GP235
# (`rule:GP235 sycl::shift_group_left`).


class WarpShuffle(Rule):
    code = "GP235"
    name = "warp-shuffle"
    targets = frozenset({"sycl"})
    summary = "Translate remaining warp shuffles to sub-group shifts/permutes (needs a 32-lane sub-group)."
    triggers = (b"__shfl",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        device = {f.node.id for f in m.functions.values() if not f.host_too}
        size = ctx.options.sycl_subgroup_size
        spellings = {n: s for n, s in ctx.tables.handled_by(self.code).items() if s is not None}
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            name = call_name(ctx, call)
            if name not in spellings or ctx.is_claimed(call.start_byte, call.end_byte):
                continue
            fn = enclosing_function(call)
            if fn is None or fn.id not in device:
                continue
            args = call_args(call)
            if name.endswith("_sync"):
                if len(args) < 3:
                    continue
                args = args[1:]
            if len(args) == 3 and not is_warp_size(ctx, args[2]):
                helper = WIDTH_HELPERS[name.removesuffix("_sync")]
                yield self.converted(
                    call.start_byte,
                    call.end_byte,
                    f"`{name}` with width `{ctx.text(args[2])}` -> `{helper}` (segments of that many lanes "
                    f"of a {size}-lane sub-group): results depend on the sub-group size; the kernel needs "
                    f"[[sycl::reqd_sub_group_size({size})]] on its launch lambda",
                    [Edit(call.start_byte, args[0].start_byte, f"{helper}({SG}, ")],
                    family="device",
                    symbol=name,
                    safety=Safety.REVIEW,
                )
                continue
            if len(args) not in (2, 3):
                continue
            value, lane = args[0], args[1]
            new = spellings[name]
            if new == "sycl::select_from_group" and ctx.text(lane).strip() == "0":
                new = "sycl::group_broadcast"
            edits = [Edit(call.start_byte, value.start_byte, f"{new}({SG}, ")]
            if len(args) == 3:
                edits.append(Edit(lane.end_byte, args[2].end_byte, ""))
            yield self.converted(
                call.start_byte,
                call.end_byte,
                f"`{name}` -> `{new}`: results depend on the sub-group size; the kernel needs "
                f"[[sycl::reqd_sub_group_size({size})]] on its launch lambda",
                edits,
                family="device",
                symbol=name,
                safety=Safety.REVIEW,
            )
