"""GP211 error-api: CUDA error-reporting calls become constant success values.

What it does
    `cudaGetLastError()`, `cudaPeekAtLastError()` -> `0`; `cudaGetErrorString(e)` and
    `cudaGetErrorName(e)` -> a string literal naming SYCL exceptions (passed as a function, not called:
    a lambda returning it); `cudaDeviceReset()` -> a wait on the
    queue yielding `0`; `cudaSetDevice(d)` -> `0` (review: the program-wide queue uses the default
    device). The tables map `cudaError_t` to `int` and `cudaSuccess` to `0`, so the project's
    error-checking macros keep compiling and keep their shape. The driver API's error reporting is
    the same: `CUresult` -> `int`, `CUDA_SUCCESS` -> `0`, and `cuGetErrorString(e, &s)` /
    `cuGetErrorName(e, &s)`, which return the text through a pointer, -> `(*(&s) = "SYCL error ...", 0)`;
    `cublasGetStatusString(st)` -> the string.
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
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import render

# The calls this rule replaces and the value each becomes: the tables' rows routed to GP211
# (`rule:GP211 0`, `rule:GP211 (gpuport_queue().wait(), 0)`...).


_AS_VALUE = frozenset({"cudaGetErrorString", "cudaGetErrorName", "cublasGetStatusString"})
# The driver API's forms: the text comes back through the second argument, the call returns a status.
_OUT_PARAM = frozenset({"cuGetErrorString", "cuGetErrorName"})


def _declares(occ: Occurrence) -> bool:
    """The name declared (a program's own function of that name) or a member, not a use."""
    node = occ.node
    if node is None:
        return False
    return node.type == "field_identifier" or (
        node.parent is not None and node.parent.type in ("function_declarator", "init_declarator")
    )


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
                if occ.name in _AS_VALUE and new.startswith('"') and not _declares(occ):
                    # passed as a function (ggml's `CUDA_CHECK_GEN(err, cudaSuccess, cudaGetErrorString)`,
                    # whose macro calls `error_fn(err_)`): a lambda giving the same string
                    lam = f"([](auto) -> const char * {{ return {new}; }})"
                    yield self.converted(
                        occ.start,
                        occ.end,
                        f"`{occ.name}` passed as a function -> a lambda returning `{new}`",
                        [Edit(occ.start, occ.end, lam)],
                        family="runtime",
                        symbol=occ.name,
                    )
                continue
            if occ.name in _OUT_PARAM:
                if len(call.args) != 2:
                    continue  # left to GP003's report
                out = render(ctx, *call.args[1])
                new = f"(*({out}) = {new}, 0)"
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
