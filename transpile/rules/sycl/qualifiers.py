"""GP209 function-qualifiers: drop CUDA function qualifiers SYCL does not need.

What it does
    Removes `__device__`, `__host__` and `__noinline__` from function declarations and definitions,
    turns `__forceinline__` into `inline` (or drops it next to an existing `inline`), and removes
    `__launch_bounds__(...)`. (`__global__` is GP202's business, `__device__` variables GP213's.)
Why
    A SYCL device function is any function called from a kernel; the single-source compiler decides
    where code runs. `__launch_bounds__` has no SYCL 2020 counterpart (a required work-group size
    attribute means something stronger).
Example
    __device__ __forceinline__ float sq(float x) { return x * x; }
Translated to
    inline float sq(float x) { return x * x; }
Safety
    safe; `__launch_bounds__` removal is marked review (register-pressure hint lost, semantics kept).
References
    SYCL 2020 specification, 5.8.1 (device functions).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from .kernel_signature import remove_token


def _is_function(node: Node) -> bool:
    if node.type == "function_definition":
        return True
    if node.type in ("declaration", "field_declaration"):
        return any(c.type == "function_declarator" for c in node.named_children)
    return False


class FunctionQualifiers(Rule):
    code = "GP209"
    name = "function-qualifiers"
    targets = frozenset({"sycl"})
    summary = "Drop __device__/__host__/__forceinline__/__launch_bounds__ from functions."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        pattern = "(function_definition) @f (declaration) @f (field_declaration) @f"
        for node in ts.captures(pattern, ctx.root).get("f", []):
            if not _is_function(node):
                continue
            has_inline = any(
                ctx.text(c) == "inline" for c in node.children if c.type == "storage_class_specifier"
            )
            for c in node.children:
                if c.type in ("__device__", "__host__", "__noinline__"):
                    yield self.converted(
                        c.start_byte,
                        c.end_byte,
                        f"`{c.type}` removed",
                        [remove_token(ctx, c)],
                        family="qualifier",
                        symbol=c.type,
                    )
                elif c.type == "__forceinline__":
                    edit = remove_token(ctx, c) if has_inline else Edit(c.start_byte, c.end_byte, "inline")
                    has_inline = True
                    yield self.converted(
                        c.start_byte,
                        c.end_byte,
                        "`__forceinline__` -> `inline`",
                        [edit],
                        family="qualifier",
                        symbol=c.type,
                    )
                elif c.type == "launch_bounds":
                    yield self.converted(
                        c.start_byte,
                        c.end_byte,
                        "`__launch_bounds__` removed",
                        [remove_token(ctx, c)],
                        family="qualifier",
                        symbol="__launch_bounds__",
                        safety=Safety.REVIEW,
                    )
