"""GP141 printf-builtin-args: cast the built-in index members a device `printf` is given.

What it does
    In a `printf` call, an argument that is exactly a member of a built-in index variable (`threadIdx.x`,
    `blockIdx.y`, `blockDim.z`, `gridDim.x`, any of x/y/z) becomes `static_cast<unsigned int>(...)` of it.
    Arithmetic on them (`blockIdx.x * blockDim.x + threadIdx.x`) is already an `unsigned int` and is left.
Why
    CUDA declares these members `unsigned int` (of a `uint3`). HIP makes each one a small struct with a
    conversion operator, which an argument of a variadic function does not go through: hipcc stops with
    "cannot compile this non-scalar arg to printf yet" on `printf("%d\\n", threadIdx.x)`, the first line
    of many CUDA tutorials.
Example
    printf("block %d thread %d\\n", blockIdx.x, threadIdx.x);
Translated to
    printf("block %d thread %d\\n", static_cast<unsigned int>(blockIdx.x), static_cast<unsigned int>(threadIdx.x));
Safety
    safe: the cast gives the value and type CUDA passes.
References
    HIP's amd_hip_runtime.h (`__HIP_Coordinates`); CUDA C++ Programming Guide, built-in variables.
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

BUILTINS = frozenset({"threadIdx", "blockIdx", "blockDim", "gridDim"})
PRINTF = frozenset({"printf", "::printf"})


class PrintfBuiltinArgs(Rule):
    code = "GP141"
    name = "printf-builtin-args"
    targets = frozenset({"hip"})
    summary = "Cast threadIdx.x and its kin to unsigned int where a device printf takes them."
    triggers = (b"printf",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            fn, args = call.child_by_field_name("function"), call.child_by_field_name("arguments")
            if fn is None or args is None or ctx.text(fn).replace(" ", "") not in PRINTF:
                continue
            for arg in args.named_children:
                if not _builtin_member(ctx, arg):
                    continue
                text = ctx.text(arg)
                yield self.converted(
                    arg.start_byte,
                    arg.end_byte,
                    f"`{text}` passed to printf as `unsigned int` (HIP's is a struct a variadic argument "
                    "does not convert)",
                    [
                        Edit(arg.start_byte, arg.start_byte, "static_cast<unsigned int>("),
                        Edit(arg.end_byte, arg.end_byte, ")"),
                    ],
                    family="device",
                    symbol=text.split(".")[0],
                    safety=Safety.SAFE,
                )


def _builtin_member(ctx: RuleContext, node: Node) -> bool:
    """`threadIdx.x` and the like, exactly (no arithmetic, no other variable of that name's members)."""
    if node.type != "field_expression":
        return False
    base, field = node.child_by_field_name("argument"), node.child_by_field_name("field")
    if base is None or field is None or base.type != "identifier":
        return False
    name = ctx.text(base)
    return name in BUILTINS and ctx.text(field) in ("x", "y", "z") and name not in _own_variables(ctx)


def _own_variables(ctx: RuleContext) -> frozenset[str]:
    """Built-in names the file declares as its own variables or parameters (host code simulating a grid
    with `Idx threadIdx`): those are left alone. Asked only once a built-in member reaches printf."""
    cached: frozenset[str] | None = getattr(ctx, "_hip_own_builtins", None)
    if cached is None:
        found = set()
        decls = ts.captures("(declaration) @d (parameter_declaration) @d", ctx.root).get("d", [])
        for decl in decls:
            for d in decl.children_by_field_name("declarator"):
                inner: Node | None = d
                while inner is not None and inner.type != "identifier":
                    inner = inner.child_by_field_name("declarator")  # `*p`, `a[4]`, `x = 1` -> the name
                if inner is not None and ctx.text(inner) in BUILTINS:
                    found.add(ctx.text(inner))
        cached = frozenset(found)
        ctx._hip_own_builtins = cached  # type: ignore[attr-defined]
    return cached
