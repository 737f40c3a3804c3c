"""GP128 drv-error-string-legacy: `cuGetErrorString`/`cuGetErrorName` for HIP before 5.4.

What it does
    For a target HIP older than 5.4 (which has no `hipDrvGetErrorString`/`hipDrvGetErrorName`), a driver
    API call `cuGetErrorString(err, &str)` stores the runtime's string for the same code:
    `str = hipGetErrorString(err)` as a statement, `(*(p) = hipGetErrorString(err), hipSuccess)` where its
    result is used; `cuGetErrorName` likewise with `hipGetErrorName`. From HIP 5.4 on, GP001 renames
    them to `hipDrvGetErrorString`/`hipDrvGetErrorName`.
Why
    HIP's driver and runtime APIs share one error type (`hipError_t`), so the runtime's string functions
    name driver errors too; without this the call is only reported (GP104) and the CUDA samples'
    helper_cuda_drvapi.h, which every driver-API sample includes, does not compile for HIP 5.2.
Example
    (target HIP 5.2) const char *s = NULL; cuGetErrorString(err, &s);
Translated to
    const char *s = NULL; *(&s) = hipGetErrorString(err);
Safety
    safe for the error codes HIP returns; for a code HIP does not know, CUDA returns
    CUDA_ERROR_INVALID_VALUE and a NULL string, HIP's function its "unknown" string and success.
References
    HIP runtime API (hipGetErrorString, hipGetErrorName; hipDrvGetErrorString from ROCm 5.4).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

RUNTIME_FORM = {"cuGetErrorString": "hipGetErrorString", "cuGetErrorName": "hipGetErrorName"}
FIRST_HIP = (5, 4)


class DrvErrorStringLegacy(Rule):
    code = "GP128"
    name = "drv-error-string-legacy"
    targets = frozenset({"hip"})
    summary = "Write cuGetErrorString/cuGetErrorName with the runtime's string functions before HIP 5.4."
    triggers = (b"cuGetError",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if ctx.options.hip_version >= FIRST_HIP:
            return
        for occ in ctx.occurrences:
            if occ.name not in RUNTIME_FORM or occ.name in ctx.declared_names:
                continue
            call = call_at(ctx, occ)
            if call is None or len(call.args) != 2:
                continue
            err, out = (ctx.source[s:e].decode("utf-8", "surrogateescape") for s, e in call.args)
            new = RUNTIME_FORM[occ.name]
            parent = call.node.parent if call.node is not None else None
            statement = parent is not None and parent.type == "expression_statement"
            text = f"*({out}) = {new}({err})" if statement else f"(*({out}) = {new}({err}), hipSuccess)"
            yield self.converted(
                call.name_start,
                call.close + 1,
                f"`{occ.name}` -> `{new}` (HIP {ctx.options.hip_version[0]}.{ctx.options.hip_version[1]} has "
                f"no hipDrv{occ.name[5:]}; driver and runtime share hipError_t)",
                [Edit(call.name_start, call.close + 1, text)],
                family="driver",
                symbol=occ.name,
            )
