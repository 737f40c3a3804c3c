"""GP230 warp-reduce-loop: whole-warp shuffle-reduction loops become `sycl::reduce_over_group`.

What it does
    A loop `for (int o = 16 | warpSize / 2; o > 0; o /= 2 | o >>= 1) v += __shfl_down_sync(mask, v, o);`
    (also `__shfl_xor_sync`, the xor butterfly counting up from 1, and the combiners `*=`, `|=`, `&=`,
    `^=`, `max`/`min`/`fmaxf`/`fminf`/`fmax`/`fmin`; several reduced values in one loop body) becomes
    one `v = sycl::reduce_over_group(item.get_sub_group(), v, sycl::plus<>());` per value.
Why
    The loop reduces over the 32 lanes of a warp; a SYCL sub-group has the size the device picks (1 on a
    CPU, 16/32 on Intel, 32/64 on AMD), so the literal offsets would reduce over the wrong lanes.
    `reduce_over_group` means "reduce over the sub-group" for any size. The xor form gives every lane the
    result; the down form gives lane 0 the result and the others partial sums: `reduce_over_group` gives
    every lane the result, a superset the code cannot tell apart.
Example
    for (int o = warpSize / 2; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
Translated to
    v = sycl::reduce_over_group(item.get_sub_group(), v, sycl::plus<>());
Safety
    safe when the code's notion of a warp is the sub-group (lane/warp indices from GP233, or warpSize).
    Code that also hard-codes 32 elsewhere (a `k += 32` lane stride) is reported by GP303/GP305. The lane
    mask is dropped: a partial mask (some lanes absent) is not recognised as this idiom.
References
    SYCL 2020 specification, 4.17.4.5 (reduce_over_group), 4.9.1.8 (sub_group).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._warp import SG, loop_start, reduction_loop


class WarpReduceLoop(Rule):
    code = "GP230"
    name = "warp-reduce-loop"
    targets = frozenset({"sycl"})
    summary = "Turn whole-warp shuffle-reduction loops into sycl::reduce_over_group on the sub-group."
    triggers = (b"__shfl",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for loop in ts.captures("(for_statement) @f", ctx.root).get("f", []):
            reds = reduction_loop(ctx, loop)
            if not reds:
                continue
            text = " ".join(f"{r.target} = sycl::reduce_over_group({SG}, {r.target}, {r.op});" for r in reds)
            targets = ", ".join(f"`{r.target}`" for r in reds)
            yield self.converted(
                loop.start_byte,
                loop.end_byte,
                f"shuffle-reduction loop over {targets} -> sycl::reduce_over_group on the sub-group",
                [Edit(loop_start(ctx, loop), loop.end_byte, text)],
                family="device",
                symbol="__shfl_down_sync",
            )
