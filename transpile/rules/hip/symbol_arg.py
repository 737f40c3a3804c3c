"""GP116 symbol-arg: device symbols passed to the symbol APIs as `HIP_SYMBOL(name)`.

What it does
    Wraps the symbol argument of `cudaMemcpyToSymbol`, `cudaMemcpyFromSymbol` (and their `Async` forms),
    `cudaGetSymbolAddress`, `cudaGetSymbolSize` and the graph memcpy-node symbol APIs in `HIP_SYMBOL(...)`,
    as hipify-clang does, unless it already is.
Why
    HIP defines `HIP_SYMBOL(X)` as `X` on AMD (its templates take the symbol by reference) and as `&X` on
    NVIDIA (where HIP's wrappers take `const void*`): only the wrapped form builds on both platforms.
Example
    cudaMemcpyToSymbol(coef, h_coef, 5 * sizeof(float));
Translated to
    hipMemcpyToSymbol(HIP_SYMBOL(coef), h_coef, 5 * sizeof(float));
Safety
    safe: on AMD the macro is the identity.
References
    HIP programming guide, device symbols (`HIP_SYMBOL`); hip/amd_detail/amd_hip_runtime.h.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

# CUDA name -> index of the symbol argument.
SYMBOL_ARG = {
    "cudaMemcpyToSymbol": 0,
    "cudaMemcpyToSymbolAsync": 0,
    "cudaMemcpyFromSymbol": 1,
    "cudaMemcpyFromSymbolAsync": 1,
    "cudaGetSymbolAddress": 1,
    "cudaGetSymbolSize": 1,
    "cudaGraphAddMemcpyNodeToSymbol": 4,
    "cudaGraphAddMemcpyNodeFromSymbol": 5,
    "cudaGraphMemcpyNodeSetParamsToSymbol": 1,
    "cudaGraphMemcpyNodeSetParamsFromSymbol": 2,
    "cudaGraphExecMemcpyNodeSetParamsToSymbol": 2,
    "cudaGraphExecMemcpyNodeSetParamsFromSymbol": 3,
}
_WRAPPED = re.compile(r"^\s*HIP_SYMBOL\s*\(")


class SymbolArg(Rule):
    code = "GP116"
    name = "symbol-arg"
    targets = frozenset({"hip"})
    summary = "Pass device symbols to the symbol APIs as HIP_SYMBOL(name), as hipify-clang does."
    triggers = tuple(name.encode() for name in SYMBOL_ARG)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            index = SYMBOL_ARG.get(occ.name)
            if index is None:
                continue
            call = call_at(ctx, occ)
            if call is None or len(call.args) <= index:
                continue
            start, end = call.args[index]
            if _WRAPPED.match(ctx.slice(start, end)):
                continue
            # A zero-width span: the wrap claims nothing, so CUDA names inside the argument are renamed.
            yield self.converted(
                start,
                start,
                f"argument {index + 1} of `{occ.name}` passed as HIP_SYMBOL(...)",
                [Edit(start, start, "HIP_SYMBOL("), Edit(end, end, ")")],
                family="runtime",
                symbol=occ.name,
            )
