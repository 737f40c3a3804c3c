"""GP264 cuda-compiler: `#ifdef __CUDACC__` tests read true in the SYCL translation.

What it does
    In preprocessor conditions, `__CUDACC__` and `__NVCC__` (defined by nvcc for every file it compiles)
    become true: `#ifdef __CUDACC__` -> `#if 1 /* was: #ifdef __CUDACC__ */`, `#ifndef __CUDACC__` ->
    `#if 0 /* ... */`, and `defined(__CUDACC__)` or a bare `__CUDACC__` in `#if`/`#elif` -> `1`.
    `__CUDA_ARCH__` (nvcc's device pass, and its compute capability) reads as defined, 900 (sm_90, the
    architecture the translation follows), where only device code sees the test: inside the body of a
    `__global__` or `__device__` (not `__host__`) function, or around file-level definitions that are all
    such functions. `#if __CUDA_ARCH__ >= 800` -> `#if 900 >= 800`, `#ifdef __CUDA_ARCH__` -> `#if 1`.
    Elsewhere (host code, `__host__ __device__` functions, where the test chooses between the host and the
    device pass) it is not touched.
Why
    Libraries choose their CUDA spellings under these tests (`#ifdef __CUDACC__ #define MGPU_DEVICE
    __device__ #else ...`): nvcc compiled the original with the CUDA branch, and the translation turns that
    branch's CUDA into SYCL (the qualifiers in macro bodies too). Left undefined, a SYCL compiler takes the
    other branch, written for a plain C++ compiler that never sees device code, and the names the CUDA
    branch defined are missing. Every file of a SYCL program is compiled by the SYCL compiler, so the
    tests are true for all of them. `__CUDA_ARCH__` guards device code by architecture
    (bf16TensorCoreGemm's kernels are `#if __CUDA_ARCH__ >= 800` inside): undefined, as it is in a SYCL
    compile, it empties the kernel, which then builds, runs and computes nothing.
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
from ._syntax import ARCH, ARCH_VALUE, qualifiers

MACROS = frozenset({"__CUDACC__", "__NVCC__"})
_FUNCTIONS = frozenset({"function_definition"})


class CudaCompiler(Rule):
    code = "GP264"
    name = "cuda-compiler"
    targets = frozenset({"sycl"})
    summary = "#ifdef __CUDACC__ / __NVCC__ tests read true: nvcc's branch is the one translated."
    triggers = (b"__CUDACC__", b"__NVCC__", b"__CUDA_ARCH__")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"__CUDA_ARCH__" in ctx.source:
            yield from self._device_arch(ctx)
        if b"__CUDACC__" not in ctx.source and b"__NVCC__" not in ctx.source:
            return
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

    def _device_arch(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for node in ts.captures("(preproc_ifdef) @d", ctx.root).get("d", []):
            name = node.child_by_field_name("name")
            if name is None or ctx.text(name) != ARCH or not _device_only(ctx, node):
                continue
            keyword = node.children[0]
            negated = ctx.text(keyword).replace(" ", "").endswith("ifndef")
            was = ctx.slice(keyword.start_byte, name.end_byte)
            yield self.converted(
                keyword.start_byte,
                name.end_byte,
                f"`{was}` -> `#if {0 if negated else 1}` (device code: nvcc's device pass)",
                [Edit(keyword.start_byte, name.end_byte, f"#if {0 if negated else 1} /* was: {was} */")],
                family="runtime",
                symbol=ARCH,
            )
        for node in ts.captures("(preproc_if) @d (preproc_elif) @d", ctx.root).get("d", []):
            cond = node.child_by_field_name("condition")
            if cond is None or ARCH.encode() not in (cond.text or b""):
                continue
            chain = node
            while chain.type == "preproc_elif" and chain.parent is not None:
                chain = chain.parent  # the `#if` the `#elif` belongs to decides the context
            if not _device_only(ctx, chain):
                continue
            for n in _tests(ctx, cond, frozenset({ARCH})):
                new = "1" if n.type == "preproc_defined" else str(ARCH_VALUE)
                yield self.converted(
                    n.start_byte,
                    n.end_byte,
                    f"`{ctx.text(n)}` -> `{new}` in device code (sm_90, the architecture the translation "
                    "follows)",
                    [Edit(n.start_byte, n.end_byte, new)],
                    family="runtime",
                    symbol=ARCH,
                )

    def _conditions(self, ctx: RuleContext) -> list[Node]:
        out = []
        for node in ts.captures("(preproc_if) @d (preproc_elif) @d", ctx.root).get("d", []):
            cond = node.child_by_field_name("condition")
            if cond is not None and any(m.encode() in (cond.text or b"") for m in MACROS):
                out.append(cond)
        return out


def _tests(ctx: RuleContext, cond: Node, names: frozenset[str] = MACROS) -> list[Node]:
    """`defined(X)`, `defined X` and bare `X` inside a condition, for X in `names`."""
    out: list[Node] = []
    stack = [cond]
    while stack:
        n = stack.pop()
        if n.type == "preproc_defined":
            if any(c.type == "identifier" and ctx.text(c) in names for c in n.children):
                out.append(n)
            continue
        if n.type == "identifier" and ctx.text(n) in names:
            out.append(n)
            continue
        stack.extend(n.children)
    return out


def _device_only(ctx: RuleContext, directive: Node) -> bool:
    """Whether only nvcc's device pass compiles what `directive` guards: it sits in the body of a
    `__global__`/`__device__` function that is not `__host__`, or, at file level, everything it guards is
    such a function (the `#if __CUDA_ARCH__ >= 700` around warpAggregatedAtomicsCG's device functions)."""
    n = directive.parent
    while n is not None:
        if n.type in _FUNCTIONS:
            return _device_function(ctx, n)
        n = n.parent
    items = [
        c
        for c in directive.named_children
        if c.type not in ("comment", "preproc_else", "preproc_elif")
        and c != directive.child_by_field_name("condition")
        and c != directive.child_by_field_name("name")
    ]
    functions = [c if c.type in _FUNCTIONS else _templated(c) for c in items]
    return bool(items) and all(f is not None and _device_function(ctx, f) for f in functions)


def _templated(node: Node) -> Node | None:
    if node.type != "template_declaration":
        return None
    return next((c for c in node.named_children if c.type in _FUNCTIONS), None)


def _device_function(ctx: RuleContext, fn: Node) -> bool:
    declarator = fn.child_by_field_name("declarator")
    head = ctx.slice(fn.start_byte, declarator.start_byte if declarator is not None else fn.start_byte)
    words = set(head.replace("(", " ").split()) | qualifiers(fn, ctx)  # and what qualifier macros stand for
    return ("__global__" in words or "__device__" in words) and "__host__" not in words
