"""GP271 c-as-cpp: a C file that becomes C++ for SYCL gets the casts C did not need.

What it does
    Only in a `.c` file translated to SYCL (which is C++; a C file whose translation needs no C++ stays C
    and gets none of this): `malloc`/`calloc`/`realloc` results stored into a typed pointer get a cast,
    `float *tmp = calloc(n, sizeof(float));` -> `float *tmp = (float *)calloc(n, sizeof(float));`, in a
    declaration or an assignment to a pointer variable whose declaration the file shows.
Why
    nvcc compiles a `.c` file as C, which converts `void *` to any object pointer silently; C++ rejects
    the conversion ("invalid conversion from 'void*' to 'float*'", darknet's cuda.c).
    C linkage, in a tree: a file-scope definition (or declaration) of a name that a header the file
    includes declares inside `extern "C"` gets `extern "C"` itself (the tree pass finds those names,
    Options.c_linkage). C++ takes a later declaration's linkage from the earlier one, but a definition
    *before* the header's declaration (darknet's cuda.c defines `int gpu_index = 0;` above its includes)
    is a conflicting declaration. Names no header declares with C linkage are left alone: their
    linkage depends on includers this pass cannot see.
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
        if ctx.options.c_linkage:
            yield from self._c_linkage(ctx, frozenset(ctx.options.c_linkage))

    def _c_linkage(self, ctx: RuleContext, names: frozenset[str]) -> Iterator[Diagnostic]:
        stack = list(ctx.root.children)
        while stack:
            node = stack.pop()
            if node.type in ("preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif"):
                stack.extend(node.children)  # file-level conditional code is still file scope
                continue
            if node.type not in ("function_definition", "declaration"):
                continue
            if any(c.type in ("storage_class_specifier",) for c in node.children):
                continue  # static (internal linkage), extern (a declaration that already says its linkage)
            name = _declared_name(node)
            if name is None or ctx.text(name) not in names:
                continue
            yield self.converted(
                name.start_byte,
                name.end_byte,
                f'`{ctx.text(name)}` keeps C linkage (a header declares it in `extern "C"`)',
                [Edit(node.start_byte, node.start_byte, 'extern "C" ')],
                family="types",
                symbol=ctx.text(name),
            )

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


def _declared_name(node: Node) -> Node | None:
    """The identifier a file-scope function definition or declaration declares (its first declarator)."""
    d = node.child_by_field_name("declarator")
    while d is not None and d.type != "identifier":
        d = d.child_by_field_name("declarator")
    return d


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
