"""GP304 warp-index-32: warp numbers computed as `/ 32` or `>> 5` of a thread index.

What it does
    Reports `threadIdx.x / 32`, `tid >> 5`, `blockDim.x / 32` (and `/ WARP_SIZE` with
    `#define WARP_SIZE 32`) where the left operand is computed from `threadIdx`/`blockIdx`/`blockDim`,
    directly or through a local variable.
Why
    Warp numbers and warps-per-block counts assume 32 lanes. With 64-lane wavefronts two "warps" share a
    wavefront: per-warp partial results collide and per-warp arrays are half unused.
Example
    int warp = threadIdx.x >> 5;
Translated to
    unchanged, with: GP304 warp index assumes a 32-lane warp; use `threadIdx.x / warpSize` (HIP) or the
    sub-group's group id (SYCL)
Safety
    reports only (review).
References
    HIP programming guide, warpSize; SYCL 2020 `sub_group::get_group_linear_id`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from .portability_shared import int_value, is_thread_index, lane_word

_BINARY = "(binary_expression left: (_) @left operator: _ @op right: (_) @right) @expr"


class WarpIndex32(Rule):
    code = "GP304"
    name = "warp-index-32"
    targets = frozenset({"hip", "sycl"})
    summary = "Report warp ids computed as / 32 or >> 5 of a thread index."
    stale_if_rewritten = True  # a rewritten expression no longer assumes 32 lanes
    # A lane or warp id is computed from the thread index; no threadIdx, nothing to report.
    triggers = (b"threadIdx",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for m in ts.matches(_BINARY, ctx.root):
            op = ctx.text(m["op"][0])
            want = 32 if op == "/" else 5 if op == ">>" else None
            if want is None:
                continue
            left, right = m["left"][0], m["right"][0]
            if int_value(ctx, right) != want or not is_thread_index(ctx, left):
                continue
            expr = m["expr"][0]
            fix = "`/ warpSize`" if ctx.target == "hip" else "the sub-group's group id"
            yield self.warning(
                expr.start_byte,
                expr.end_byte,
                f"warp index `{ctx.text(expr)}` assumes a 32-lane warp; a {lane_word(ctx.target)} may differ: "
                f"use {fix}",
                family="portability",
                symbol=ctx.text(expr),
            )
