"""GP216 printf: `printf` stays in host code; in device code it is reported.

What it does
    A `printf` call in host code is the C library's and is kept as written (claimed so it is not
    reported). A `printf` inside a kernel or device function is reported unconverted: SYCL 2020 core has
    no device printf (`sycl::ext::oneapi::experimental::printf` is an extension).
Why
    The device table lists `printf` because CUDA and HIP support it in kernels; host code must not be
    reported for it.
Example
    printf("RESULT sum %.6g\n", sum);   // in main()
Translated to
    unchanged
Safety
    safe.
References
    SYCL 2020 specification (no device printf in core).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from ._model import model


class Printf(Rule):
    code = "GP216"
    name = "printf"
    targets = frozenset({"sycl"})
    summary = "Keep host printf; report device printf (no SYCL 2020 counterpart)."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        spans = [(f.node.start_byte, f.node.end_byte) for f in m.functions.values()]
        for occ in ctx.occurrences:
            if occ.name != "printf" or ctx.is_claimed(occ.start, occ.end):
                continue
            if any(s <= occ.start < e for s, e in spans):
                yield self.unconverted(
                    occ.start,
                    occ.end,
                    "device-side `printf` has no SYCL 2020 counterpart",
                    family="device",
                    symbol="printf",
                )
            else:
                yield self.converted(
                    occ.start, occ.end, "host `printf` kept", family="device", symbol="printf"
                )
