"""GP106 pointer-arg-cast: cast arguments where CUDA has a template overload and HIP does not.

What it does
    CUDA's C++ runtime header declares some APIs as templates over the argument's type, so code passes a
    kernel name or a `T**` directly. HIP declares them with `const void*` (kernels: `cudaFuncSetAttribute`,
    `cudaFuncSetCacheConfig`, `cudaFuncSetSharedMemConfig`, `cudaFuncGetAttributes`, `cudaLaunchKernel`)
    or `void**` (allocations: `cudaMallocPitch`, `cudaHostGetDevicePointer`, `cudaGetSymbolAddress`),
    which those arguments do not convert to implicitly. This rule wraps the argument in
    `reinterpret_cast<...>(...)` unless it already is a cast, or is `&p` for a `p` this file declares
    `void*` (already a `void**`). (`hipMalloc`, `hipHostMalloc`, `hipMallocManaged`, `hipMallocAsync`,
    `hipMallocFromPoolAsync` and `hipLaunchCooperativeKernel` have template overloads in HIP 5.2 and
    later: no cast needed.)
Why
    Without it the HIP translation fails to compile ("no matching function for call to
    'hipMallocPitch'"), although the call means the same thing.
Example
    cudaFuncSetAttribute(attention<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
    cudaMallocPitch(&d_img, &pitch, width * sizeof(float), height);
Translated to
    hipFuncSetAttribute(reinterpret_cast<const void*>(attention<64>), hipFuncAttributeMaxDynamicSharedMemorySize, bytes);
    hipMallocPitch(reinterpret_cast<void**>(&d_img), &pitch, width * sizeof(float), height);
Safety
    safe: the cast is exactly what CUDA's template overloads do inside.
References
    HIP runtime API reference (hip_runtime_api.h); CUDA runtime API, C++ API routines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

# CUDA name -> (index of the argument, the type HIP's declaration takes there).
CAST_ARG = {
    "cudaFuncSetAttribute": (0, "const void*"),
    "cudaFuncSetCacheConfig": (0, "const void*"),
    "cudaFuncSetSharedMemConfig": (0, "const void*"),
    "cudaFuncGetAttributes": (1, "const void*"),
    "cudaLaunchKernel": (0, "const void*"),
    "cudaMallocPitch": (0, "void**"),
    "cudaHostGetDevicePointer": (0, "void**"),
    "cudaGetSymbolAddress": (0, "void**"),
}
_ADDRESS_OF = re.compile(r"^\s*&\s*([A-Za-z_]\w*)\s*$")
# `void *p`, `void* p = ...`, `void *p, *q`: names declared as a plain `void*` (not `void**`).
_VOID_POINTER = re.compile(rb"\bvoid\s*\*\s*(?:const\s+)?([A-Za-z_]\w*)\s*[=;,)\[]")
_ALREADY_CAST = re.compile(r"^\s*(?:reinterpret_cast\s*<|static_cast\s*<|\(\s*(?:const\s+)?void\s*\*+\s*\))")


class PointerArgCast(Rule):
    code = "GP106"
    name = "pointer-arg-cast"
    targets = frozenset({"hip"})
    summary = "Cast kernel and T** arguments where HIP lacks CUDA's template overloads."
    triggers = tuple(name.encode() for name in CAST_ARG)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        void_pointers: set[str] | None = None
        for occ in ctx.occurrences:
            spec = CAST_ARG.get(occ.name)
            if spec is None:
                continue
            index, cast_to = spec
            call = call_at(ctx, occ)
            if call is None or len(call.args) <= index:
                continue
            start, end = call.args[index]
            text = ctx.slice(start, end)
            if _ALREADY_CAST.match(text):
                continue
            address_of = _ADDRESS_OF.match(text)
            if cast_to == "void**" and address_of:
                if void_pointers is None:
                    void_pointers = {m.group(1).decode() for m in _VOID_POINTER.finditer(ctx.source)}
                if address_of.group(1) in void_pointers:
                    continue  # `&p` of a `void* p` is already the `void**` HIP takes
            yield self.warning(
                start,
                end,
                f"argument {index + 1} of `{occ.name}` cast to `{cast_to}` (HIP has no template overload)",
                [Edit(start, start, f"reinterpret_cast<{cast_to}>("), Edit(end, end, ")")],
                family="runtime",
                symbol=occ.name,
                safety=Safety.SAFE,
            )
