"""GP117 host-malloc-flags: `cudaMallocHost(ptr, size)` gets HIP's explicit `hipHostMallocDefault`.

What it does
    Translates the two-argument `cudaMallocHost(ptr, size)` to
    `hipHostMalloc(ptr, size, hipHostMallocDefault)`, as hipify-clang does.
Why
    `hipHostMalloc`'s C declaration takes the flags as a third argument; only its C++ template overload
    (for a typed `T**`) has a default. With the flags spelled out the call builds with either.
Example
    cudaMallocHost((void**)&h_buf, bytes);
Translated to
    hipHostMalloc((void**)&h_buf, bytes, hipHostMallocDefault);
Safety
    safe: `hipHostMallocDefault` is what `cudaMallocHost` does.
References
    HIP runtime API, `hipHostMalloc`, `hipHostMallocDefault`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule


class HostMallocFlags(Rule):
    code = "GP117"
    name = "host-malloc-flags"
    targets = frozenset({"hip"})
    summary = "Give cudaMallocHost(ptr, size) HIP's explicit hipHostMallocDefault flags."
    triggers = (b"cudaMallocHost",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            if occ.name != "cudaMallocHost":
                continue
            call = call_at(ctx, occ)
            if call is None or len(call.args) != 2:
                continue
            end = call.args[1][1]
            yield self.converted(
                call.close,
                call.close,
                "`cudaMallocHost(ptr, size)` -> `hipHostMalloc(ptr, size, hipHostMallocDefault)`",
                [Edit(end, end, ", hipHostMallocDefault")],
                family="runtime",
                symbol=occ.name,
            )
