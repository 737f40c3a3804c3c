"""GP107 reduce-sync-helper: CUDA's `__reduce_*_sync` warp reductions, which HIP lacks.

What it does
    Rewrites `__reduce_add_sync(mask, v)` (likewise `min`, `max`, `and`, `or`, `xor`) to
    `gpuport_reduce_add_sync(mask, v)` and adds, once per file and only for the operations used, an inline
    `__device__` helper of that name: it combines the value of every lane named in the mask, lowest lane
    first, each read with `__shfl`.
Why
    The `__reduce_*_sync` intrinsics (sm_80) have no counterpart in HIP up to 6.2. A loop over the lanes of
    the mask is right for any mask and any wavefront size (32 or 64), and every HIP release has `__shfl`.
    Every lane of the mask computes the same result, as CUDA specifies.
Example
    const unsigned warp_pop = __reduce_add_sync(0xffffffffu, (unsigned)pc);
Translated to
    template <typename T>
    __device__ inline T gpuport_reduce_add_sync(unsigned long long mask, T value) { ... }

    const unsigned warp_pop = gpuport_reduce_add_sync(0xffffffffu, (unsigned)pc);
Safety
    safe: the helper takes the mask as given (a 32-bit CUDA mask names lanes 0-31, as in the original) and
    reads only lanes in it, which CUDA requires to be active. Cost: one shuffle per lane of the mask
    instead of CUDA's single instruction.
References
    CUDA C++ Programming Guide, warp reduce functions; HIP programming guide, warp shuffle functions.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._helpers import block, helper_anchor

# CUDA name -> how the helper combines two values.
COMBINE = {
    "__reduce_add_sync": "result + x",
    "__reduce_min_sync": "x < result ? x : result",
    "__reduce_max_sync": "result < x ? x : result",
    "__reduce_and_sync": "result & x",
    "__reduce_or_sync": "result | x",
    "__reduce_xor_sync": "result ^ x",
}
PREFIX = "gpuport_"


def helper_name(cuda_name: str) -> str:
    return PREFIX + cuda_name.lstrip("_")


def helper_text(cuda_name: str) -> str:
    return block(
        f"// gpuport: HIP has no {cuda_name}; combine the value of every lane in `mask`, lowest lane first.",
        "template <typename T>",
        f"__device__ inline T {helper_name(cuda_name)}(unsigned long long mask, T value) {{",
        "  T result = __shfl(value, __ffsll(mask) - 1);",
        "  for (unsigned long long rest = mask & (mask - 1); rest != 0; rest &= rest - 1) {",
        "    const T x = __shfl(value, __ffsll(rest) - 1);",
        f"    result = {COMBINE[cuda_name]};",
        "  }",
        "  return result;",
        "}",
    )


class WarpReduceSync(Rule):
    code = "GP107"
    name = "reduce-sync-helper"
    targets = frozenset({"hip"})
    summary = "Rewrite CUDA's __reduce_*_sync warp reductions to an inline shuffle-loop helper."
    triggers = (b"__reduce_",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        calls = []
        for occ in ctx.occurrences:
            if occ.name in COMBINE:
                call = call_at(ctx, occ)
                if call is not None and len(call.args) == 2:
                    calls.append(call)
        if not calls:
            return
        used = sorted({c.name for c in calls}, key=list(COMBINE).index)
        at = helper_anchor(ctx, calls[0].start, calls[-1].start)
        prelude = Edit(at, at, "".join(helper_text(n) for n in used))
        for i, call in enumerate(calls):
            edits = [Edit(call.name_start, call.name_end, helper_name(call.name))]
            if i == 0:
                edits.append(prelude)
            yield self.converted(
                call.name_start,
                call.name_end,
                f"`{call.name}` -> `{helper_name(call.name)}` (inline shuffle-loop helper added)",
                edits,
                family="device",
                symbol=call.name,
            )
