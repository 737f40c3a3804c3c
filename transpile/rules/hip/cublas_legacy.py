"""GP120 cublas-legacy: the legacy cuBLAS API (`cublas.h`) is reported, not renamed.

What it does
    In a file that includes `cublas.h` and not `cublas_v2.h`, the cuBLAS functions that also exist in the
    handle-based API (`cublasSscal`, whose handle form is `cublasSscal_v2`) are the legacy ones: no handle,
    scalars by value. hipBLAS has only the handle-based API, so these calls are reported unconverted
    instead of being renamed to a hipBLAS function they would not match. (With `cublas_v2.h`, CUDA's
    header turns `cublasSscal` into `cublasSscal_v2` and the rename is right.)
Why
    `hipblasSscal(n, alpha, x, incx)` does not compile: hipBLAS wants `(handle, n, &alpha, x, incx)`.
Example
    #include "cublas.h"
    cublasSscal(n, alpha, x, 1);
Translated to
    (unchanged, header included, reported: rewrite it to the handle API, e.g.
    hipblasSscal(handle, n, &alpha, x, 1))
Safety
    nothing is rewritten.
References
    cuBLAS documentation, "Using the cuBLAS Legacy API"; hipBLAS API.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule


class CublasLegacy(Rule):
    code = "GP120"
    name = "cublas-legacy"
    targets = frozenset({"hip"})
    summary = (
        "Report legacy cuBLAS API calls (cublas.h without cublas_v2.h): hipBLAS has only the handle API."
    )
    triggers = (b"cublas.h",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        paths = {inc.path.rsplit("/", 1)[-1] for inc in ctx.includes}
        if "cublas.h" not in paths or "cublas_v2.h" in paths:
            return
        symbols = ctx.tables.symbols
        legacy = False
        for occ in ctx.occurrences:
            entry = occ.entry
            if entry is None or entry.family != "cublas" or f"{occ.name}_v2" not in symbols:
                continue
            if occ.name in ctx.declared_names:
                continue
            legacy = True
            yield self.unconverted(
                occ.start,
                occ.end,
                f"`{occ.name}` of the legacy cuBLAS API (cublas.h: no handle, scalars by value); hipBLAS has "
                f"only the handle API ({entry.hip_name() or 'no counterpart'}(handle, ...)): rewrite the call",
                family="cublas",
                symbol=occ.name,
            )
        if legacy:
            # The header stays too: it is what marks these calls as the legacy API, to a reader and to a
            # second translation of this output (which would otherwise rename them to hipBLAS's).
            for inc in ctx.includes:
                if inc.path.rsplit("/", 1)[-1] == "cublas.h":
                    yield self.unconverted(
                        inc.start,
                        inc.end,
                        "legacy cuBLAS header kept with its calls: port them to the handle API (cublas_v2.h)",
                        family="cublas",
                        symbol=inc.path,
                    )
