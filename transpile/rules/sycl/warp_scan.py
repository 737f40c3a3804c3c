"""GP231 warp-scan-loop: Kogge-Stone shuffle scans become `sycl::inclusive_scan_over_group`.

What it does
    The loop `for (int o = 1; o < 32; o *= 2) { T t = __shfl_up_sync(mask, v, o); if (lane >= o) v += t; }`
    (offset doubling up to the warp size, `lane` a lane index: `threadIdx.x % 32`, `& 31`) becomes
    `v = sycl::inclusive_scan_over_group(item.get_sub_group(), v, sycl::plus<>());`.
Why
    The loop is an inclusive scan over the 32 lanes of a warp; a SYCL sub-group has the size the device
    picks (1 on a CPU), and the group algorithm scans over it whatever its size.
Example
    for (int d = 1; d < 32; d <<= 1) { int up = __shfl_up_sync(0xffffffff, v, d); if (lane >= d) v += up; }
Translated to
    v = sycl::inclusive_scan_over_group(item.get_sub_group(), v, sycl::plus<>());
Safety
    safe when `lane` is the sub-group lane (GP233 translates the lane index). The lane mask is dropped.
References
    SYCL 2020 specification, 4.17.4.6 (inclusive_scan_over_group).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._warp import SG, loop_start, scan_loop


class WarpScanLoop(Rule):
    code = "GP231"
    name = "warp-scan-loop"
    targets = frozenset({"sycl"})
    summary = "Turn shuffle-up scan loops into sycl::inclusive_scan_over_group on the sub-group."
    triggers = (b"__shfl_up",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for loop in ts.captures("(for_statement) @f", ctx.root).get("f", []):
            got = scan_loop(ctx, loop)
            if got is None:
                continue
            value, op = got
            text = f"{value} = sycl::inclusive_scan_over_group({SG}, {value}, {op});"
            yield self.converted(
                loop.start_byte,
                loop.end_byte,
                f"shuffle scan loop over `{value}` -> sycl::inclusive_scan_over_group on the sub-group",
                [Edit(loop_start(ctx, loop), loop.end_byte, text)],
                family="device",
                symbol="__shfl_up_sync",
            )
