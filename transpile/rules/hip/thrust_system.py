"""GP132 thrust-system: Thrust's CUDA back-end namespaces become rocThrust's HIP ones.

What it does
    Rewrites the back-end namespace inside `thrust::` (in code and in macro bodies, such as CTranslate2's
    `THRUST_CALL`): `thrust::cuda::par` -> `thrust::hip::par` (also
    `.on(stream)`), `thrust::system::cuda::` -> `thrust::system::hip::`, and `thrust::cuda_cub::` ->
    `thrust::hip_rocprim::`. Only the namespace word changes; what follows it keeps its name, as rocThrust
    keeps Thrust's.
Why
    rocThrust keeps namespace `thrust` and the algorithms' names, but its device back-end is `hip`, not
    `cuda`: `thrust::cuda::par.on(stream)` (faiss, CUDALibrarySamples, CTranslate2, gunrock) does not
    compile against it.
Example
    thrust::fill(thrust::cuda::par.on(stream), p, p + n, 0.0f);
Translated to
    thrust::fill(thrust::hip::par.on(stream), p, p + n, 0.0f);
Safety
    safe: the same execution policies, on the HIP stream the CUDA stream became.
References
    rocThrust `thrust/system/hip/detail/par.h` (`thrust::hip::par`, `thrust::hip_rocprim`); Thrust
    `thrust/system/cuda/detail/par.h`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

_QUALIFIED = "(qualified_identifier scope: (namespace_identifier) @ns) @q"
# Thrust's CUDA back-end namespace -> rocThrust's
BACKENDS = {"cuda": "hip", "cuda_cub": "hip_rocprim"}
# The same in a macro body, which the grammar leaves as raw text (CTranslate2's
# `#define THRUST_CALL(FUN, ...) FUN(thrust::cuda::par_nosync.on(stream), __VA_ARGS__)`).
_RAW = re.compile(rb"\bthrust[ \t]*::[ \t]*(?:system[ \t]*::[ \t]*)?(cuda_cub|cuda)[ \t]*::")


class ThrustSystem(Rule):
    code = "GP132"
    name = "thrust-system"
    targets = frozenset({"hip"})
    summary = (
        "Rewrite Thrust's CUDA back-end namespaces (thrust::cuda::par, thrust::cuda_cub) to rocThrust's."
    )
    triggers = (b"thrust",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for q in ts.captures(_QUALIFIED, ctx.root).get("q", []):
            ns = q.child_by_field_name("scope")
            if ns is None or ctx.text(ns) != "thrust":
                continue
            inner = q.child_by_field_name("name")
            if inner is not None and inner.type == "qualified_identifier":
                scope = inner.child_by_field_name("scope")
                if scope is not None and ctx.text(scope) == "system":
                    inner = inner.child_by_field_name("name")  # thrust::system::cuda::...
            if inner is None or inner.type != "qualified_identifier":
                continue
            word = inner.child_by_field_name("scope")
            if word is None or word.type != "namespace_identifier" or ctx.text(word) not in BACKENDS:
                continue
            if ctx.is_claimed(word.start_byte, word.end_byte):
                continue
            old = ctx.text(word)
            yield self.converted(
                word.start_byte,
                word.end_byte,
                f"`thrust::{old}::` -> `thrust::{BACKENDS[old]}::` (rocThrust's back-end)",
                [Edit(word.start_byte, word.end_byte, BACKENDS[old])],
                family="thrust",
                symbol=f"thrust::{old}",
            )
        for body in ctx.macro_bodies:
            for m in _RAW.finditer(ctx.source, body.start_byte, body.end_byte):
                start, end = m.span(1)
                if ctx.is_claimed(start, end):
                    continue
                old = m.group(1).decode()
                yield self.converted(
                    start,
                    end,
                    f"`thrust::{old}::` -> `thrust::{BACKENDS[old]}::` in a macro body (rocThrust's back-end)",
                    [Edit(start, end, BACKENDS[old])],
                    family="thrust",
                    symbol=f"thrust::{old}",
                )
