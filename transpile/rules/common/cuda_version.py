"""GP262 cuda-version: the CUDA version macros a file tests keep a value in the HIP and SYCL translations.

What it does
    When a file reads `CUDART_VERSION` or `CUDA_VERSION` (in `#if`, in a macro, in code), defines it,
    guarded by `#ifndef`, where nvcc's implicit `cuda_runtime.h` was: before the file's first include (after
    the SYCL include, GP201, or HIP's runtime include, GP113), or before its code. (HIP on NVIDIA, where
    CUDA's headers define the macro again, may warn that it is redefined.) The value is 12080 (CUDA 12.8), the CUDA API the
    mapping tables translate.
Why
    CUDA programs choose code paths by runtime version (`#if CUDART_VERSION >= 2020` around the whole
    test, `#if CUDA_VERSION >= 11000` around newer API calls). Undefined, the macro reads 0 in `#if`, so the
    SYCL build silently takes the path written for ancient CUDA: code that calls functions nobody defines
    (`print_NVCC_min_spec`) or skips the test. The translated paths are the ones for the current API.
Example
    #if CUDART_VERSION >= 2020
    run();
    #endif
Translated to
    #ifndef CUDART_VERSION
    #define CUDART_VERSION 12080 // gpuport: the CUDA version whose API this translation follows
    #endif
    #if CUDART_VERSION >= 2020
    run();
    #endif
Safety
    safe: the branches kept are the ones that use the API the translation understands; code that prints
    the version prints 12080.
References
    CUDA Runtime API, CUDART_VERSION (cuda_runtime_api.h) and CUDA_VERSION (cuda.h).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ...tokens import code_identifiers
from ..base import Rule

VERSION = 12080
MACROS = ("CUDART_VERSION", "CUDA_VERSION")


class CudaVersion(Rule):
    code = "GP262"
    name = "cuda-version"
    targets = frozenset({"hip", "sycl"})
    summary = "Define CUDART_VERSION/CUDA_VERSION where a file reads them."
    triggers = (b"CUDART_VERSION", b"CUDA_VERSION")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        used = {t.decode() for t in code_identifiers(ctx.source)} & set(MACROS)
        # a file that defines the macro itself (or translated output, defining it already) keeps its own
        used = {
            n
            for n in used
            if not re.search(rb"^[ \t]*#[ \t]*define[ \t]+" + n.encode() + rb"\b", ctx.source, re.M)
        }
        if not used:
            return
        top = ctx.top_level_includes
        at = top[0].directive_start if top else 0
        text = "".join(
            f"#ifndef {name}\n#define {name} {VERSION} // gpuport: the CUDA version whose API this translation follows\n#endif\n"
            for name in MACROS
            if name in used
        )
        yield self.converted(
            at, at, f"{', '.join(sorted(used))} defined as {VERSION}", [Edit(at, at, text)], family="runtime"
        )
        for occ in ctx.occurrences:  # each use reads the definition: none is left for GP003 to report
            if occ.name in used and not ctx.is_claimed(occ.start, occ.end):
                yield self.converted(occ.start, occ.end, f"`{occ.name}` is {VERSION}", family="runtime")
