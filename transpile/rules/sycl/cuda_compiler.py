"""GP264 cuda-compiler: `#ifdef __CUDACC__` tests read true in the SYCL translation.

What it does
    In preprocessor conditions, `__CUDACC__` and `__NVCC__` (defined by nvcc for every file it compiles)
    become true: `#ifdef __CUDACC__` -> `#if 1 /* was: #ifdef __CUDACC__ */`, `#ifndef __CUDACC__` ->
    `#if 0 /* ... */`, and `defined(__CUDACC__)` or a bare `__CUDACC__` in `#if`/`#elif` -> `1`.
    `__CUDA_ARCH__` (the device pass) is not touched.
Why
    Libraries choose their CUDA spellings under these tests (`#ifdef __CUDACC__ #define MGPU_DEVICE
    __device__ #else ...`): nvcc compiled the original with the CUDA branch, and the translation turns that
    branch's CUDA into SYCL (the qualifiers in macro bodies too). Left undefined, a SYCL compiler takes the
    other branch, written for a plain C++ compiler that never sees device code, and the names the CUDA
    branch defined are missing. Every file of a SYCL program is compiled by the SYCL compiler, so the
    tests are true for all of them.
Example
    #ifdef __CUDACC__
    #define HD __host__ __device__
    #else
    #define HD
    #endif
Translated to
    #if 1 /* was: #ifdef __CUDACC__ */
    #define HD inline
    #else
    #define HD
    #endif
Safety
    safe: the branch kept is the one nvcc compiled, translated.
References
    CUDA Compiler Driver NVCC, "NVCC identification macro" (__CUDACC__, __NVCC__).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

MACROS = frozenset({"__CUDACC__", "__NVCC__"})


class CudaCompiler(Rule):
    code = "GP264"
    name = "cuda-compiler"
    targets = frozenset({"sycl"})
    summary = "#ifdef __CUDACC__ / __NVCC__ tests read true: nvcc's branch is the one translated."
    triggers = (b"__CUDACC__", b"__NVCC__")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for node in ts.captures("(preproc_ifdef) @d", ctx.root).get("d", []):
            name = node.child_by_field_name("name")
            if name is None or ctx.text(name) not in MACROS:
                continue
            keyword = node.children[0]  # `#ifdef` / `#ifndef`
            negated = ctx.text(keyword).replace(" ", "").endswith("ifndef")
            was = ctx.slice(keyword.start_byte, name.end_byte)
            new = f"#if {0 if negated else 1} /* was: {was} */"
            yield self.converted(
                keyword.start_byte,
                name.end_byte,
                f"`{was}` -> `#if {0 if negated else 1}` (nvcc compiled this branch)",
                [Edit(keyword.start_byte, name.end_byte, new)],
                family="runtime",
                symbol=ctx.text(name),
            )
        for cond in self._conditions(ctx):
            for n in _tests(ctx, cond):
                yield self.converted(
                    n.start_byte,
                    n.end_byte,
                    f"`{ctx.text(n)}` -> `1` (nvcc compiled this branch)",
                    [Edit(n.start_byte, n.end_byte, "1")],
                    family="runtime",
                    symbol="__CUDACC__",
                )

    def _conditions(self, ctx: RuleContext) -> list[Node]:
        out = []
        for node in ts.captures("(preproc_if) @d (preproc_elif) @d", ctx.root).get("d", []):
            cond = node.child_by_field_name("condition")
            if cond is not None and any(m.encode() in (cond.text or b"") for m in MACROS):
                out.append(cond)
        return out


def _tests(ctx: RuleContext, cond: Node) -> list[Node]:
    """`defined(__CUDACC__)`, `defined __CUDACC__` and bare `__CUDACC__` inside a condition."""
    out: list[Node] = []
    stack = [cond]
    while stack:
        n = stack.pop()
        if n.type == "preproc_defined":
            if any(c.type == "identifier" and ctx.text(c) in MACROS for c in n.children):
                out.append(n)
            continue
        if n.type == "identifier" and ctx.text(n) in MACROS:
            out.append(n)
            continue
        stack.extend(n.children)
    return out
