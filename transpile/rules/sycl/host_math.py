"""GP261 host-math: C library math calls in host-only code keep their C++ library names.

What it does
    Claims calls of the C/C++ standard math functions (`floor`, `sqrtf`, `pow`, `fabs`, ... as
    `<cmath>` declares them) made in host-only code: a function with neither `__device__` nor
    `__global__`, or a declaration at file scope. They stay as written instead of becoming `sycl::`
    built-ins (GP001). Calls inside device functions, kernels and `__device__` lambdas are left to the
    other math rules. `min`/`max`/`abs` are not claimed: CUDA's host overloads of those are its own, not
    the C library's. `clock()` in host code is `<ctime>`'s too (device code's `clock()` reads the SM's
    counter, which SYCL 2020 lacks: reported there).
Why
    CUDA host code calls the C library through `<cmath>`, whose overloads accept any arithmetic argument
    (`floor(size_t)` is `floor(double)`). SYCL's built-ins are templates over `genfloat` types:
    `sycl::floor(size_t)` does not compile. The file gets `<cmath>` from the prelude (GP200) when it uses
    math names, so the host call keeps its meaning.
Example
    size_t grid = prop.multiProcessorCount * floor(prop.sharedMemPerBlock / bytes);
Translated to
    size_t grid = prop.multiProcessorCount * floor(prop.sharedMemPerBlock / bytes);
Safety
    safe: the host program calls the same C library function it called before.
References
    C++17 [c.math]; SYCL 2020 specification, 4.17.5 (math functions: genfloat arguments).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from ._model import host_c_math


class HostMath(Rule):
    code = "GP261"
    name = "host-math"
    targets = frozenset({"sycl"})
    summary = "Keep C library math calls in host-only code as written."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            node = occ.node
            if node is None or ctx.is_claimed(occ.start, occ.end) or not host_c_math(ctx, occ):
                continue
            family = occ.entry.family if occ.entry is not None else "math"
            yield self.converted(
                occ.start, occ.end, f"host `{occ.name}` kept (C library)", family=family, symbol=occ.name
            )
