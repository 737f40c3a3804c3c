"""GP201 sycl-prelude: include `<sycl/sycl.hpp>` and define the program-wide queue once per file.

What it does
    When a file launches kernels or calls the CUDA runtime, inserts right after its last top-level
    `#include` (inside a whole-file include guard, where a header's includes are) an inline function
    `gpuport_queue()` returning one in-order, profiling-enabled `sycl::queue` (guarded by
    `GPUPORT_SYCL_QUEUE`), and adds `#include <sycl/sycl.hpp>` before its first include, where nvcc's
    implicit `cuda_runtime.h` is, when the file has kernels, CUDA API or names that become `sycl::` ones
    (host code calling `fmax`) but includes no CUDA runtime header (GP002 maps those to
    `<sycl/sycl.hpp>`); `<cmath>` too when the file uses math names and does not include it.
Why
    CUDA has an implicit device and default stream; SYCL has neither. An `inline` function with a static
    local is one object program-wide (across translation units, ODR), so every file's translated calls
    share one queue, as CUDA code shares the default stream. In-order keeps CUDA's stream ordering.
    Standard SYCL 2020 only: no dpct/syclcompat helper header.
Example
    #include <cuda_runtime.h>
    ...
Translated to
    #include <sycl/sycl.hpp>
    #ifndef GPUPORT_SYCL_QUEUE
    #define GPUPORT_SYCL_QUEUE
    inline sycl::queue &gpuport_queue() {
      static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{},
                                               sycl::property::queue::enable_profiling{}}};
      return q;
    }
    #endif
Safety
    safe.
References
    SYCL 2020 specification, 4.6.5 (queue), 4.6.5.2 (queue properties).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import parse as ts
from ...context import Include, RuleContext, include_guard
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import model, qualifiers
from ._queue import QUEUE_DEFINITION, RUNTIME_HEADERS

# Includes that give the file SYCL: the runtime headers (GP002 maps them to it) and SYCL's own.
SYCL_HEADERS = RUNTIME_HEADERS | {"sycl/sycl.hpp"}
# The queue prelude of an earlier translation (translating SYCL output again changes nothing).
_QUEUE_DEFINED = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+GPUPORT_SYCL_QUEUE\b", re.MULTILINE)


def _kernel_prototypes(ctx: RuleContext) -> bool:
    """A header declaring kernels (`__global__ void k(float *);`): their prototypes gain a
    `const sycl::nd_item<3> &` parameter, so the header needs the SYCL include of its own."""
    if b"__global__" not in ctx.source:
        return False
    return any(
        "__global__" in qualifiers(d, ctx) and any(c.type == "function_declarator" for c in d.named_children)
        for d in ts.captures("(declaration) @d", ctx.root).get("d", [])
    )


class SyclPrelude(Rule):
    code = "GP201"
    name = "sycl-prelude"
    targets = frozenset({"sycl"})
    summary = "Include <sycl/sycl.hpp> and define the program-wide in-order queue once per file."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        # A launch in a macro body (raw text to the grammar) is one too: GP203 rewrites those it can.
        launches = bool(ts.captures("(kernel_call_syntax) @k", ctx.root).get("k")) or _macro_launch(ctx)
        runtime = any(
            o.entry is not None and o.entry.family in ("runtime", "driver") for o in ctx.occurrences
        )
        # Host code that only calls math functions still becomes `sycl::fmax`...: it needs the header too.
        # (a name the file defines itself is not one: GP236's `make_float2` in translated output)
        declared = ctx.declared_names
        sycl_names = any(
            o.entry is not None and o.entry.sycl.startswith("sycl::") and o.name not in declared
            for o in ctx.occurrences
        )
        cuda_code = (
            bool(m.functions)
            or launches
            or runtime
            or bool(m.globals)
            or sycl_names
            or _kernel_prototypes(ctx)
        )
        if not cuda_code:
            return
        yield from self._before_x11(ctx)
        top = ctx.top_level_includes
        at = top[-1].directive_end if top else 0
        defined = _QUEUE_DEFINED.search(ctx.source)
        queue = (launches or runtime or m.globals) and defined is None
        # The header must come unconditionally before its first use: before the queue helper (which goes
        # after the top-level includes), else before the code. A runtime include under `#ifdef` (mapped
        # to <sycl/sycl.hpp> by GP002 where it stands) may be compiled out; one inside the file's include
        # guard is not, but lies below a helper placed above the guard. Translated SYCL includes it itself.
        # (In translated output the queue helper already there is that first use, as it was when added.)
        first_use = at if queue else defined.start() if defined is not None else _code_start(ctx)
        has_header = any(
            (i.path in SYCL_HEADERS or _library_header(ctx, i.path)) and i.directive_end <= first_use
            for i in _unconditional(ctx)
        )
        head = "" if has_header else "#include <sycl/sycl.hpp>\n"
        # nvcc's implicit cuda_runtime.h brings <cmath>: host code calling `std::frexp` or `::ceil` relied
        # on it, and <sycl/sycl.hpp> does not promise it.
        # A math header under a condition does not count: helper_math.h includes <math.h> only
        # `#ifndef __CUDACC__`, a branch the SYCL translation drops, and its own `fabs(float2)` overloads
        # then hid every scalar `fabs`.
        if (
            any(o.entry is not None and o.entry.family == "math" for o in ctx.occurrences)
            or _math_in_macros(ctx)
        ) and not (
            any(i.path in ("cmath", "math.h") for i in _unconditional(ctx))
            or any(i.path == "sycl/sycl.hpp" for i in ctx.includes)
        ):  # (a file including SYCL already is translated output: it has what it needs)
            head += "#include <cmath>\n"
        text = QUEUE_DEFINITION if queue else ""
        if not head and not text:
            return
        edits = []
        if head and top:
            # The SYCL header goes first, where nvcc's implicit cuda_runtime.h is: a project header
            # included before it may define macros (`#define N 1024`) that SYCL's own headers would meet.
            # Code above the first include (HIPIFY's vec_add.cu: the kernel, then `#include <stdio.h>`)
            # uses SYCL already: the header goes above that code.
            first = min(top[0].directive_start, _code_start(ctx))
            first = ctx.source.rfind(b"\n", 0, first) + 1  # at a line start
            edits.append(Edit(first, first, head))
        elif head:
            text = head + text
        if text:
            # preproc_include ends after its newline in tree-sitter-cuda; keep the insertion on its own line
            if top and ctx.source[at - 1 : at] != b"\n":
                text = "\n" + text
            edits.append(Edit(at, at, text))
        yield self.converted(at, at, "SYCL queue prelude", edits, family="runtime")

    def _before_x11(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        """X11's headers (through GL/glx.h, and the samples' helper_gl.h) define `None` and other words as
        macros, which break SYCL's headers included after them: SYCL is included first, above the first
        such include (the later include of it is then empty)."""
        for inc in ctx.includes:
            if inc.path in SYCL_HEADERS or _library_header(ctx, inc.path):
                return  # SYCL comes first already
            if _X11_INCLUDE.search(inc.path):
                at = ctx.source.rfind(b"\n", 0, inc.directive_start) + 1
                yield self.converted(
                    inc.directive_start,
                    inc.directive_end,
                    "<sycl/sycl.hpp> included before an OpenGL/X11 header (X11's `None` macro breaks SYCL's headers)",
                    [Edit(at, at, "#include <sycl/sycl.hpp>  // before X11's macros (None)\n")],
                    family="runtime",
                )
                return


# Headers that bring X11's macros (`#define None 0L`): GLX, X11 itself, GLEW's GLX part, and OpenGL helper
# headers of projects (cuda-samples' helper_gl.h includes GL/glx.h).
_X11_INCLUDE = re.compile(r"^(?:X11/|GL/glx|GL/glxew)|(?:^|[/_])gl\.h$|helper_gl")


def _macro_launch(ctx: RuleContext) -> bool:
    return b"<<<" in ctx.source and any(b"<<<" in (v.text or b"") for v in ctx.macro_bodies)


def _library_header(ctx: RuleContext, path: str) -> bool:
    """A CUDA library header that a SYCL library rule replaces (its row routes it to `rule:GPnnn`): the
    rule writes `<sycl/sycl.hpp>` in its place, so the prelude must not write a second one above it."""
    entry = ctx.tables.header(path)
    return entry is not None and entry.sycl_rule is not None


_CALLED = re.compile(rb"\b([A-Za-z_]\w*)\s*\(")


def _math_in_macros(ctx: RuleContext) -> bool:
    """A macro body calling a C math function (`#define BLOCKS ceil(N * 1.0 / T)`, PMPP's exercises):
    its expansions relied on nvcc's implicit <cmath> as much as a call in the code does."""
    if ctx.tree_free:
        return False
    for node in ts.captures("(preproc_def) @d (preproc_function_def) @d", ctx.root).get("d", []):
        value = node.child_by_field_name("value")
        for m in _CALLED.finditer(value.text or b"") if value is not None else ():
            entry = ctx.tables.lookup(m.group(1).decode())
            if entry is not None and entry.family == "math":
                return True
    return False


def _unconditional(ctx: RuleContext) -> list[Include]:
    """The file's includes that no condition can compile out: at file scope or in its include guard."""
    containers = {(ctx.root.start_byte, ctx.root.end_byte, ctx.root.type)}
    guard = include_guard(ctx.root)
    if guard is not None:
        containers.add((guard.start_byte, guard.end_byte, guard.type))
    found = []
    for inc in ctx.includes:
        node = ctx.root.descendant_for_byte_range(inc.directive_start, inc.directive_start + 1)
        while node is not None and node.type != "preproc_include":
            node = node.parent
        parent = node.parent if node is not None else None
        if parent is not None and (parent.start_byte, parent.end_byte, parent.type) in containers:
            found.append(inc)
    return found


def _code_start(ctx: RuleContext) -> int:
    """Where the file's first code (not a directive or comment) starts, at file scope or in its guard."""
    guard = include_guard(ctx.root)
    nodes = [*ctx.root.children, *(guard.named_children if guard is not None else [])]
    starts = [
        n.start_byte
        for n in nodes
        if n != guard and n.type != "comment" and not n.type.startswith("preproc") and n.type != "identifier"
    ]
    return min(starts, default=len(ctx.source))
