"""GP111 cublas-math-mode: `cublasSetMathMode` for hipBLAS releases without a math mode (before 6.1).

What it does
    When the target HIP is older than 6.1, rewrites `cublasSetMathMode(handle, mode)` to
    `((void)(handle), HIPBLAS_STATUS_SUCCESS)`: the call does nothing and reports success, so status checks
    around it still pass. From 6.1 on the table renames it to `hipblasSetMathMode` (with
    `HIPBLAS_PEDANTIC_MATH` and the other `hipblasMath_t` values).
Why
    hipBLAS gained `hipblasSetMathMode`/`hipblasMath_t` in ROCm 6.1. A math mode is a hint about tensor-core
    use and reduced-precision shortcuts, not part of a routine's contract; rocBLAS's default arithmetic
    already corresponds to CUDA's default and pedantic modes for FP32 and FP64 routines.
Example
    CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH));
Translated to
    CUBLAS_CHECK(((void)(handle), HIPBLAS_STATUS_SUCCESS));
Safety
    review: a mode asking for TF32 or reduced-precision speed-ups is ignored, so results may be more
    precise (and slower) than on CUDA; the pedantic and default modes lose nothing.
References
    cuBLAS documentation, `cublasSetMathMode`; HIPIFY's cuBLAS support table (hipBLAS 6.1).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

FIRST_MATH_MODE_VERSION = (6, 1)


class CublasMathMode(Rule):
    code = "GP111"
    name = "cublas-math-mode"
    targets = frozenset({"hip"})
    summary = "Make cublasSetMathMode a no-op for hipBLAS before 6.1 (no math modes there)."
    triggers = (b"cublasSetMathMode",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if ctx.options.hip_version >= FIRST_MATH_MODE_VERSION:
            return
        for occ in ctx.occurrences:
            if occ.name != "cublasSetMathMode":
                continue
            call = call_at(ctx, occ)
            if call is None or len(call.args) != 2:
                continue
            handle_start, handle_end = call.args[0]
            mode = call.arg_text(ctx, 1)
            # Keep the handle's text (names in it are still renamed); drop the mode with its CUDA names.
            edits = [
                Edit(call.name_start, handle_start, "((void)("),
                Edit(handle_end, call.end, "), HIPBLAS_STATUS_SUCCESS)"),
            ]
            yield self.converted(
                occ.start,
                occ.end,
                f"`cublasSetMathMode(..., {mode})` dropped: hipBLAS before 6.1 has no math modes "
                "(a precision/performance hint)",
                edits,
                family="cublas",
                symbol=occ.name,
                safety=Safety.REVIEW,
            )
