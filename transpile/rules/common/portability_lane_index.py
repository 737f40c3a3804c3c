"""GP303 lane-index-32: lane numbers computed as `% 32` or `& 31` of a thread index.

What it does
    Reports `threadIdx.x % 32`, `tid & 31` (and `% WARP_SIZE` with `#define WARP_SIZE 32`) where the left
    operand is computed from `threadIdx`/`blockIdx`/`blockDim`, directly or through a local variable.
Why
    The expression assumes 32 lanes per warp. On a 64-lane AMD wavefront, or a SYCL sub-group of another
    size, lanes 32-63 get the numbers of lanes 0-31 and shuffles, ballots and per-warp arrays index wrongly.
Example
    int lane = threadIdx.x % 32;
Translated to
    unchanged, with: GP303 lane index assumes 32 lanes; use `threadIdx.x % warpSize` (HIP) or the
    sub-group's local id (SYCL)
Safety
    reports only (review). Replacing 32 with `warpSize` is right only if every other 32 of the kernel
    (array sizes, loop bounds, masks) changes with it.
References
    HIP programming guide, warpSize; SYCL 2020 `sub_group::get_local_linear_id`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from .portability_shared import int_value, is_thread_index, lane_word

_BINARY = "(binary_expression left: (_) @left operator: _ @op right: (_) @right) @expr"


class LaneIndex32(Rule):
    code = "GP303"
    name = "lane-index-32"
    targets = frozenset({"hip", "sycl"})
    summary = "Report lane ids computed as % 32 or & 31 of a thread index."
    stale_if_rewritten = True  # a rewritten expression no longer assumes 32 lanes
    # A lane or warp id is computed from the thread index; no threadIdx, nothing to report.
    triggers = (b"threadIdx",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for m in ts.matches(_BINARY, ctx.root):
            op = ctx.text(m["op"][0])
            left, right = m["left"][0], m["right"][0]
            want = 32 if op == "%" else 31 if op == "&" else None
            if want is None:
                continue
            if op == "&" and int_value(ctx, left) == 31:
                left, right = right, left  # `31 & tid`
            if int_value(ctx, right) != want or not is_thread_index(ctx, left):
                continue
            expr = m["expr"][0]
            fix = "`% warpSize`" if ctx.target == "hip" else "the sub-group's local id"
            yield self.warning(
                expr.start_byte,
                expr.end_byte,
                f"lane index `{ctx.text(expr)}` assumes a 32-lane warp; a {lane_word(ctx.target)} may differ: "
                f"use {fix}",
                family="portability",
                symbol=ctx.text(expr),
            )
