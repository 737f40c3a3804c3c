"""GP105 kernel-pointer-arg: pass kernels to HIP's `const void*` function APIs through a cast.

What it does
    CUDA's runtime declares `cudaFuncSetAttribute`, `cudaFuncSetCacheConfig`,
    `cudaFuncSetSharedMemConfig` and `cudaFuncGetAttributes` as templates over the kernel's type, so code
    passes a kernel name directly. HIP declares them with a `const void*` parameter, which a function name
    does not convert to implicitly. This rule wraps the kernel argument in
    `reinterpret_cast<const void*>(...)` unless it already is a cast.
Why
    Without it the HIP translation fails to compile ("no matching function for call to
    'hipFuncSetAttribute'"), although the call means the same thing.
Example
    cudaFuncSetAttribute(attention<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
Translated to
    hipFuncSetAttribute(reinterpret_cast<const void*>(attention<64>), hipFuncAttributeMaxDynamicSharedMemorySize, bytes);
Safety
    safe: the cast is what HIP's own template overloads (for the APIs that have them) do.
References
    HIP runtime API reference, hipFuncSetAttribute.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

# CUDA name -> index of the kernel argument.
KERNEL_ARG = {
    "cudaFuncSetAttribute": 0,
    "cudaFuncSetCacheConfig": 0,
    "cudaFuncSetSharedMemConfig": 0,
    "cudaFuncGetAttributes": 1,
}
_ALREADY_CAST = re.compile(r"^\s*(?:reinterpret_cast\s*<|static_cast\s*<|\(\s*(?:const\s+)?void\s*\*\s*\))")


class KernelPointerArg(Rule):
    code = "GP105"
    name = "kernel-pointer-arg"
    targets = frozenset({"hip"})
    summary = "Cast kernels passed to HIP's const void* function APIs."
    triggers = tuple(name.encode() for name in KERNEL_ARG)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            index = KERNEL_ARG.get(occ.name)
            if index is None:
                continue
            call = call_at(ctx, occ)
            if call is None or len(call.args) <= index:
                continue
            start, end = call.args[index]
            if _ALREADY_CAST.match(ctx.slice(start, end)):
                continue
            yield self.warning(
                start,
                end,
                f"kernel argument of `{occ.name}` cast to `const void*` (HIP takes a pointer, not a template)",
                [Edit(start, start, "reinterpret_cast<const void*>("), Edit(end, end, ")")],
                family="runtime",
                symbol=occ.name,
                safety=Safety.SAFE,
            )
