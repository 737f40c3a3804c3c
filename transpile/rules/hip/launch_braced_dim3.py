"""GP130 launch-braced-dim3: a braced launch dimension `{x, y, z}` becomes `dim3(x, y, z)`.

What it does
    In a launch configuration, a grid or block size written as a braced list (`k<<<grid, {32, 4, 1}>>>`,
    which nvcc accepts as an initializer of the `dim3` parameter) is spelled `dim3(32, 4, 1)`.
Why
    HIP's compiler (clang) does not parse a braced list in `<<<...>>>` ("expected expression"), and
    `hipLaunchKernelGGL` is a macro, in which a braced list's commas would split the argument.
Example
    jacobi<<<grid, {bx, by, 1}, 0, stream>>>(a, b);
Translated to
    jacobi<<<grid, dim3(bx, by, 1), 0, stream>>>(a, b);
Safety
    safe: the same `dim3` nvcc constructs from the list.
References
    CUDA C++ programming guide, execution configuration; HIP programming guide, kernel launch.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule


class LaunchBracedDim3(Rule):
    code = "GP130"
    name = "launch-braced-dim3"
    targets = frozenset({"hip"})
    summary = "Spell a braced launch dimension as dim3(...)."
    triggers = (b"<<<",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"<<<" not in ctx.source:
            return
        for cfg in ts.captures("(kernel_call_syntax) @c", ctx.root).get("c", []):
            for node in cfg.named_children:
                if node.type != "compound_literal_expression":
                    continue
                ty, value = node.child_by_field_name("type"), node.child_by_field_name("value")
                if ty is None or value is None or ctx.text(ty) not in ("", "dim3"):
                    continue
                items = [ctx.text(c) for c in value.named_children if c.type != "comment"]
                if not 1 <= len(items) <= 3:
                    continue
                new = f"dim3({', '.join(items)})"
                # a MISSING type is an empty node before the blank: replace from the brace on
                start = value.start_byte if not ctx.text(ty) else node.start_byte
                yield self.converted(
                    start,
                    node.end_byte,
                    f"braced launch dimension -> `{new}`",
                    [Edit(start, node.end_byte, new)],
                    family="launch",
                )
