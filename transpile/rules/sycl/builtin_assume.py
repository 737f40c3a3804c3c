"""GP280 builtin-assume: keep clang's `__builtin_assume` only where the SYCL compiler is clang.

What it does
    `__builtin_assume(cond)` -> `GPUPORT_ASSUME(cond)`, a macro defined once per file (guarded) that is
    `__builtin_assume(cond)` under clang (DPC++, AdaptiveCpp's clang compilers) and, elsewhere, an
    unevaluated `sizeof` of the condition: the condition is still type-checked, never evaluated.
Why
    CUDA code (ggml's flash-attention kernels) gives nvcc and clang optimisation hints with the clang
    builtin; it is not C++ and not SYCL, and a SYCL implementation built on another host compiler (g++,
    as AdaptiveCpp's library-only OpenMP backend is) rejects it. The builtin never evaluates its
    argument, so the fallback must not either.
Example
    __builtin_assume(tid < D);
Translated to
    GPUPORT_ASSUME(tid < D);   // with, once per file:
    #ifndef GPUPORT_ASSUME
    #if defined(__clang__)
    #define GPUPORT_ASSUME(x) __builtin_assume(x)
    #else
    #define GPUPORT_ASSUME(x) ((void)sizeof((x) ? 1 : 0))
    #endif
    #endif
Safety
    safe. An optimisation hint is kept where it is understood and dropped elsewhere.
References
    Clang language extensions (`__builtin_assume`); C++ [expr.sizeof] (unevaluated operand).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._placement import block_edit

NAME = "__builtin_assume"
MACRO = "GPUPORT_ASSUME"
DEFINITION = (
    "#ifndef GPUPORT_ASSUME\n"
    "#if defined(__clang__)\n"
    "#define GPUPORT_ASSUME(x) __builtin_assume(x)\n"
    "#else\n"
    "#define GPUPORT_ASSUME(x) ((void)sizeof((x) ? 1 : 0))\n"
    "#endif\n"
    "#endif\n"
)


class BuiltinAssume(Rule):
    code = "GP280"
    name = "builtin-assume"
    targets = frozenset({"sycl"})
    summary = "Keep clang's __builtin_assume under clang only (GPUPORT_ASSUME)."
    triggers = (NAME.encode(),)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if NAME in ctx.declared_names:
            return
        uses = [o for o in ctx.occurrences if o.name == NAME and not ctx.is_claimed(o.start, o.end)]
        if not uses:
            return
        # The macro's own definition names the builtin: a file translated twice keeps it as it is.
        if MACRO.encode() in ctx.source:
            return
        first = True
        for occ in uses:
            edits = [Edit(occ.start, occ.end, MACRO)]
            if first:
                edits.append(block_edit(ctx, occ.start, DEFINITION))
                first = False
            yield self.converted(
                occ.start,
                occ.end,
                f"`{NAME}` -> `{MACRO}` (the builtin under clang, an unevaluated check elsewhere)",
                edits,
                family="device",
                symbol=NAME,
            )
