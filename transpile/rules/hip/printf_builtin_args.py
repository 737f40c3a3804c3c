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


def _builtin_member(ctx: RuleContext, node: object) -> bool:
    """`threadIdx.x` and the like, exactly (no arithmetic, no other variable of that name's members)."""
    from tree_sitter import Node

    assert isinstance(node, Node)
    if node.type != "field_expression":
        return False
    base, field = node.child_by_field_name("argument"), node.child_by_field_name("field")
    if base is None or field is None or base.type != "identifier":
        return False
    return (
        ctx.text(base) in BUILTINS
        and ctx.text(field) in ("x", "y", "z")
        and not _shadowed(ctx, ctx.text(base))
    )


def _shadowed(ctx: RuleContext, name: str) -> bool:
    """A file declaring its own variable of a built-in's name (host code simulating a grid): leave it."""
    cached: dict[str, bool] | None = getattr(ctx, "_hip_printf_shadowed", None)
    if cached is None:
        cached = {}
        ctx._hip_printf_shadowed = cached  # type: ignore[attr-defined]
    if name not in cached:
        decls = ts.captures(
            "(declaration declarator: (_) @d) (parameter_declaration declarator: (_) @d)", ctx.root
        )
        cached[name] = any(
            ctx.text(d).lstrip("*& ").split("[")[0].split("=")[0].strip() == name for d in decls.get("d", [])
        )
    return cached[name]
