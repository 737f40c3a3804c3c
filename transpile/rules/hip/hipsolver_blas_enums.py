"""GP140 hipsolver-blas-enums: hipSOLVER is told to take hipBLAS's enums, as cuSOLVER takes cuBLAS's.

What it does
    Before the first include that becomes `<hipsolver/hipsolver.h>` (`cusolverDn.h`, `cusolverSp.h`,
    `cusolverRf.h`, `cusolver_common.h`, ...), a file gets
    `#ifndef HIPSOLVER_USE_HIPBLAS_ENUMS` / `#define HIPSOLVER_USE_HIPBLAS_ENUMS` / `#endif`, unless it
    mentions that macro already.
Why
    cuSOLVER's functions take cuBLAS's `cublasFillMode_t`, `cublasOperation_t` and `cublasSideMode_t`, so
    CUDA code passes `CUBLAS_FILL_MODE_LOWER` (which becomes `HIPBLAS_FILL_MODE_LOWER`) or a
    `cublasFillMode_t` variable. hipSOLVER 5.x declares enums of its own unless this macro is defined;
    with it, `hipsolverFillMode_t` and the others are hipBLAS's types, and the calls compile
    ("no matching function for call to 'hipsolverDnDpotrf_bufferSize'" otherwise).
Example
    #include <cusolverDn.h>
Translated to
    #ifndef HIPSOLVER_USE_HIPBLAS_ENUMS
    #define HIPSOLVER_USE_HIPBLAS_ENUMS
    #endif
    #include <hipsolver/hipsolver.h>
Safety
    safe: the enumerators have the same values either way (hipSOLVER's are hipBLAS's, 111.., 121..,
    141..); only their types are unified.
References
    hipSOLVER's hipsolver-types.h (HIPSOLVER_USE_HIPBLAS_ENUMS); cuSOLVER API (cublasFillMode_t
    parameters).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

MACRO = "HIPSOLVER_USE_HIPBLAS_ENUMS"
HEADER = "hipsolver/hipsolver.h"


class HipsolverBlasEnums(Rule):
    code = "GP140"
    name = "hipsolver-blas-enums"
    targets = frozenset({"hip"})
    summary = "Define HIPSOLVER_USE_HIPBLAS_ENUMS before hipSOLVER: cuSOLVER calls pass cuBLAS's enums."
    triggers = (b"cusolver",)
    tree_free_ok = True  # acts only at include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if MACRO.encode() in ctx.source:
            return
        for inc in ctx.includes:
            entry = ctx.tables.header(inc.path)
            if entry is None or entry.hip_name() != HEADER:
                continue
            # Zero-width at the directive's start: the include rule edits only the path inside it, and an
            # edit at the end of the line above would meet that line's own rewrite (a duplicate include
            # removed whole).
            point, text = inc.directive_start, f"#ifndef {MACRO}\n#define {MACRO}\n#endif\n"
            yield self.converted(
                point,
                point,  # not the include's span: the include rule still rewrites the directive
                f"`{MACRO}` defined before <{HEADER}>: cuSOLVER's calls pass cuBLAS's enums, hipSOLVER's take "
                "hipBLAS's only with it",
                [Edit(point, point, text)],
                family="cusolver",
                symbol=inc.path,
            )
            return
