"""GP271 c-as-cpp: a C file that becomes C++ for SYCL gets the casts C did not need.

What it does
    Only in a `.c` file translated to SYCL (which is C++; a C file whose translation needs no C++ stays C
    and gets none of this): `malloc`/`calloc`/`realloc` results stored into a typed pointer get a cast,
    `float *tmp = calloc(n, sizeof(float));` -> `float *tmp = (float *)calloc(n, sizeof(float));`, in a
    declaration or an assignment to a pointer variable whose declaration the file shows.
Why
    nvcc compiles a `.c` file as C, which converts `void *` to any object pointer silently; C++ rejects
    the conversion ("invalid conversion from 'void*' to 'float*'", darknet's cuda.c).
    Not done here: C linkage. A C file's functions have C names, and C++ gives its definitions C++
    linkage unless its headers declare them in `extern "C"`; which linkage the rest of the program
    expects depends on headers and includers this one file cannot see.
Example
    float *tmp = calloc(n, sizeof(float));
Translated to
    float *tmp = (float *)calloc(n, sizeof(float));
Safety
    safe: the conversion C made.
References
    C++17 [conv.ptr] (no implicit conversion from `void *`); C11 6.3.2.3 (`void *` converts to any
    object pointer).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._syntax import variable_type

ALLOCATORS = frozenset({"malloc", "calloc", "realloc"})


def is_c_file(ctx: RuleContext) -> bool:
    return ctx.path.lower().endswith(".c")


class CAsCpp(Rule):
    code = "GP271"
    name = "c-as-cpp"
    targets = frozenset({"sycl"})
    summary = "A C file compiled as C++ for SYCL gets the allocation casts C did not need."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if not is_c_file(ctx):
            return
        yield from self._allocator_casts(ctx)

    def _allocator_casts(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "identifier" or ctx.text(fn) not in ALLOCATORS:
                continue
            pointer = _pointer_type(ctx, call)
            if pointer is None:
                continue
            yield self.converted(
                call.start_byte,
                fn.end_byte,
                f"`{ctx.text(fn)}` result cast to `{pointer}` (C converts `void *` silently, C++ does not)",
                [Edit(call.start_byte, call.start_byte, f"({pointer})")],
                family="types",
            )


def _pointer_type(ctx: RuleContext, call: Node) -> str | None:
    """The pointer type an allocation is stored into (`float *` for `float *p = malloc(...)` or
    `p = malloc(...)` with `float *p` declared), or None (cast already, `void *`, not found)."""
    parent = call.parent
    if parent is None:
        return None
    if parent.type == "init_declarator" and parent.child_by_field_name("value") == call:
        declarator, decl = parent.child_by_field_name("declarator"), parent.parent
        depth = 0
        while declarator is not None and declarator.type == "pointer_declarator":
            depth += 1
            declarator = declarator.child_by_field_name("declarator")
        if decl is None or depth == 0 or declarator is None or declarator.type != "identifier":
            return None
        ty = decl.child_by_field_name("type")
        if ty is None:
            return None
        qualifiers = " ".join(ctx.text(c) for c in decl.children if c.type == "type_qualifier")
        base = f"{qualifiers} {ctx.text(ty)}".strip()
    elif parent.type == "assignment_expression" and parent.child_by_field_name("right") == call:
        left = parent.child_by_field_name("left")
        if left is None or left.type != "identifier":
            return None
        found = variable_type(ctx, ctx.text(left), left)
        if found is None or found[1] or found[2] == 0:
            return None
        base, depth = found[0], found[2]
    else:
        return None
    if base in ("void", "const void"):
        return None
    return f"{base} {'*' * depth}"
