"""GP211 error-api: CUDA error-reporting calls become constant success values.

What it does
    `cudaGetLastError()`, `cudaPeekAtLastError()` -> `0`; `cudaGetErrorString(e)` and
    `cudaGetErrorName(e)` -> a string literal naming SYCL exceptions; `cudaDeviceReset()` -> a wait on the
    queue yielding `0`; `cudaSetDevice(d)` -> `0` (review: the program-wide queue uses the default
    device). The tables map `cudaError_t` to `int` and `cudaSuccess` to `0`, so the project's
    error-checking macros keep compiling and keep their shape.
Why
    SYCL reports errors as exceptions (synchronous ones thrown from the call, asynchronous ones from
    `wait_and_throw`), not as return codes: an uncaught exception terminates the program with a message,
    which is how a failed translated call still "means something". The CUDA status checks therefore only
    ever see success.
Example
    CUDA_CHECK(cudaGetLastError());
Translated to
    CUDA_CHECK(0);
Safety
    safe; `cudaSetDevice` marked review.
References
    SYCL 2020 specification, 4.13 (error handling).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

# The calls this rule replaces and the value each becomes: the tables' rows routed to GP211
# (`rule:GP211 0`, `rule:GP211 (gpuport_queue().wait(), 0)`...).


class ErrorApi(Rule):
    code = "GP211"
    name = "error-api"
    targets = frozenset({"sycl"})
    summary = "Translate CUDA error-reporting calls (errors are SYCL exceptions)."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        values = ctx.tables.handled_by(self.code)
        for occ in ctx.occurrences:
            new = values.get(occ.name)
            if new is None:
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            call = call_at(ctx, occ)
            if call is None:
                continue
            safety = Safety.REVIEW if occ.name == "cudaSetDevice" else Safety.SAFE
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> `{new}`",
                [Edit(call.start, call.end, new)],
                family="runtime",
                symbol=occ.name,
                safety=safety,
            )
