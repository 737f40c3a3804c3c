"""GP113 runtime-include: include the HIP runtime in every file that uses it and does not get it.

What it does
    A file whose code uses what nvcc makes available without an include — built-in variables
    (`threadIdx`), qualifiers (`__global__`, `__forceinline__`), runtime, driver and device API names,
    vector types — and that includes neither a CUDA runtime header (`cuda_runtime.h`, `cuda.h`, which GP002
    maps to `hip/hip_runtime.h`) nor, in a tree translation, a project header that brings one with it
    (found by the tree's include graph), gets `#include <hip/hip_runtime.h>`; so does every `.cu` file with
    code that includes neither, whatever it uses (nvcc compiles each with the runtime included), and a
    `.cu` file whose runtime include lies in a branch the file disables itself (`#if 0`, or `#ifndef
    NAME` after its own `#define NAME`). The
    include goes where hipify-clang puts it: before the first line of code (after a leading comment
    block), and after a leading `#pragma once` or include guard (`#ifndef NAME`, maybe `#pragma once`,
    `#define NAME`).
Why
    nvcc includes `cuda_runtime.h` into every translation unit implicitly; hipcc does not include
    `hip/hip_runtime.h`. CUDA headers and `.cu` files that rely on the implicit include fail under hipcc
    with "unknown type name '__forceinline__'" or "use of undeclared identifier 'threadIdx'".
Example
    __device__ __forceinline__ float square(float x) { return x * x; }
Translated to
    #include <hip/hip_runtime.h>
    __device__ __forceinline__ float square(float x) { return x * x; }
    A header that some file of the tree includes inside an `extern "C" {` block gets the include wrapped
    in `extern "C++" { ... }`: the HIP runtime declares templates, which C linkage forbids.
Safety
    safe: `hip_runtime.h` has include guards; C files (`.c`) are left alone (the header is C++), math
    functions alone do not count as a use (a plain C++ header using `sqrt` is not CUDA's), nor do names in
    comments or strings of a header or host file (parboil.h's `//cudaEvent_t marker;`: the header is
    also included by C files, where hip_runtime.h cannot compile).
References
    transpile/includes.py (the tree's include graph); HIP programming guide, "hipcc" (no implicit include).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety, Status
from ...edits import Edit
from ...includes import COOP_HEADERS, RUNTIME_HEADERS, with_cpp_linkage
from ...tokens import Token, code_identifiers, tokenize
from ..base import Rule

# What nvcc provides without an include and hipcc does not.
KEYWORDS = frozenset(
    b"threadIdx blockIdx blockDim gridDim warpSize __global__ __device__ __host__ __shared__ __constant__ "
    b"__managed__ __forceinline__ __noinline__ __launch_bounds__ __restrict__ __syncthreads".split()
)
INCLUDE = "#include <hip/hip_runtime.h>\n"
# Table families whose names come from the runtime header (math alone does not make a file CUDA).
FAMILIES = frozenset({"runtime", "driver", "device", "types"})


class RuntimeInclude(Rule):
    code = "GP113"
    name = "runtime-include"
    targets = frozenset({"hip"})
    summary = "Include hip/hip_runtime.h in files that use the runtime without including it."
    tree_free_ok = True  # reads only tokens, table names and include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if ctx.path.lower().endswith(".c"):
            return
        # GP105 puts the runtime before a cooperative groups include already.
        provided = RUNTIME_HEADERS | COOP_HEADERS | set(ctx.options.runtime_from)
        cu_file = ctx.path.lower().endswith(".cu")
        disabled = ts.self_disabled_spans(ctx.source) if cu_file and b"#" in ctx.source else []
        if any(
            inc.path in provided and not any(a <= inc.directive_start < b for a, b in disabled)
            for inc in ctx.includes
        ):
            # A .cu file's runtime include in a branch it disables itself (`#ifndef NO_IMPORT` right after
            # defining it) is not there: nvcc's implicit one was, all the same.
            return
        used = sorted(w.decode("ascii") for w in ctx.identifiers & KEYWORDS)
        if not used or not cu_file:
            symbols = ctx.tables.symbols
            used += sorted(
                n for n in ctx.candidate_names if (e := symbols.get(n)) is not None and e.family in FAMILIES
            )
        if used and not cu_file and not any(_plainly_in_code(ctx.source, u.encode("ascii")) for u in used):
            # The raw text's words include comments (parboil.h: `//cudaEvent_t marker;`): a header or
            # host file gets the runtime only for a use in code (a .cu file gets it whatever it uses).
            # The cheap test above settles almost every file; this exact one the rest.
            code = code_identifiers(ctx.source)
            used = [u for u in used if u.encode("ascii") in code]
        if not used and cu_file and _first_code_tokens(ctx.source, 1):
            used = ["nothing of it, but is a .cu file"]
        if not used:
            return
        at = insertion_point(ctx.source)
        # INFO: a safe addition, not a CUDA reference; listed in verbose output only.
        yield Diagnostic(
            self.code,
            f"`#include <hip/hip_runtime.h>` added: the file uses {used[0]} and nvcc's implicit include is gone",
            at,
            at,
            Status.INFO,
            "headers",
            "hip/hip_runtime.h",
            Safety.SAFE,
            (Edit(at, at, with_cpp_linkage(INCLUDE) if ctx.options.included_in_extern_c else INCLUDE),),
        )


_IDENT_CHARS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def _plainly_in_code(source: bytes, word: bytes, tries: int = 8) -> bool:
    """True when one of the first occurrences of `word` is plainly code: no `//`, no open `/*` and no
    open string before it. False means "not sure" (the caller then tokenises the file)."""
    pos = source.find(word)
    while pos != -1 and tries > 0:
        end = pos + len(word)
        if (pos == 0 or source[pos - 1] not in _IDENT_CHARS) and (
            end == len(source) or source[end] not in _IDENT_CHARS
        ):
            tries -= 1
            prefix = source[source.rfind(b"\n", 0, pos) + 1 : pos]
            if (
                b"//" not in prefix
                and b"'" not in prefix
                and prefix.count(b'"') % 2 == 0
                and source.rfind(b"/*", 0, pos) <= source.rfind(b"*/", 0, pos)
            ):
                return True
        pos = source.find(word, end)
    return False


def _first_code_tokens(source: bytes, n: int) -> list[Token]:
    """The first `n` code tokens (whitespace and comments skipped) of the file's first
    64 KiB, scanned lazily: a token list of the whole head was most of this rule's time on large trees."""
    return list(itertools.islice((t for t in tokenize(source[:65536]) if t.kind not in _NOT_CODE), n))


_NOT_CODE = ("space", "comment")


def insertion_point(source: bytes) -> int:
    """Where the runtime include goes: the start of the first line of code (after leading comments), or
    after that line when it is `#pragma once` or an include guard's `#ifndef NAME` (followed by
    `#define NAME`)."""
    # the first nine code tokens decide it: a lazy scan, not a token list of the whole 64 KiB
    tokens = _first_code_tokens(source, 9)
    if not tokens:
        return 0
    first = tokens[0]
    line_start = source.rfind(b"\n", 0, first.start) + 1
    if first.text != b"#" or len(tokens) < 3:
        return line_start
    words = [t.text for t in tokens[1:3]]
    rest = [t.text for t in tokens[3:9]]
    if rest[:3] == [b"#", b"pragma", b"once"]:
        rest = rest[3:]  # `#ifndef NAME`, `#pragma once`, `#define NAME`
    guard = words[0] == b"ifndef" and rest[:3] == [b"#", b"define", words[1]]
    if words == [b"pragma", b"once"] or guard:
        line_end = source.find(b"\n", tokens[2].end)
        return len(source) if line_end < 0 else line_end + 1
    return line_start
