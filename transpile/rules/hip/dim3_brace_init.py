"""GP131 dim3-brace-init: `dim3 d = {x, y, 1};` becomes `dim3 d(x, y, 1);`.

What it does
    A `dim3` variable initialised from a braced list (`dim3 d = {x, y, 1};`, `dim3 d{x, y};`) is
    initialised by dim3's constructor with the same values instead.
Why
    A braced list may not narrow a value that is not a constant, and a `size_t` or `int` into dim3's
    `unsigned int` members does. nvcc only warns; HIP's compiler (clang) stops with "non-constant-expression
    cannot be narrowed" (darknet's `dim3 d = {x, y, 1};` with `size_t x, y`). The constructor converts its
    arguments, as nvcc's list initialisation ended up doing.
Example
    dim3 d = {x, y, 1};
Translated to
    dim3 d(x, y, 1);
Safety
    safe: the same values, converted as nvcc converted them.
References
    C++17 [dcl.init.list] (narrowing conversions); HIP's dim3 (`dim3(uint32_t x = 1, uint32_t y = 1,
    uint32_t z = 1)`).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

_DECLARATIONS = "(declaration type: (type_identifier) @t declarator: (init_declarator) @d)"


class Dim3BraceInit(Rule):
    code = "GP131"
    name = "dim3-brace-init"
    targets = frozenset({"hip"})
    summary = "Initialise a dim3 from a braced list with its constructor (no narrowing error in clang)."
    triggers = (b"dim3",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for match in ts.matches(_DECLARATIONS, ctx.root):
            if ctx.text(match["t"][0]) != "dim3":
                continue
            decl = match["d"][0]
            name, value = decl.child_by_field_name("declarator"), decl.child_by_field_name("value")
            if name is None or value is None or value.type != "initializer_list":
                continue
            items = [ctx.text(c) for c in value.named_children if c.type != "comment"]
            if not 1 <= len(items) <= 3 or any(c.type == "initializer_list" for c in value.named_children):
                continue
            # from the end of the name (dropping ` = `) to the end of the list
            new = f"({', '.join(items)})"
            yield self.converted(
                name.end_byte,
                value.end_byte,
                f"`dim3 {ctx.text(name)} = {{...}}` -> `dim3 {ctx.text(name)}{new}` (no narrowing error)",
                [Edit(name.end_byte, value.end_byte, new)],
                family="launch",
            )
