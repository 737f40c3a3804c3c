"""GP248 item-name: the program's own `item` is renamed so it cannot hide the pack's `nd_item` parameter.

What it does
    The SYCL pack passes the work-item to kernels and device functions as a parameter named `item` and
    writes `item.get_local_id(2)`, `item.get_sub_group()` in their bodies (and `[=](sycl::nd_item<3>
    item)` in launches). When the file itself declares something named `item` (a local, a parameter, a
    global, a type) and uses that name inside a function that receives the `nd_item`, or in a kernel
    launch, every use of the program's `item` in the file (identifiers and type names, not member names
    such as `q.item`) becomes `item_` (or `item_2`, ... when that is taken too).
Why
    A local `WorkItem item{};` in a kernel hides the parameter, so the translated `item.get_sub_group()`
    names the user's struct ("has no member named get_sub_group"); a parameter named `item` next to the
    added one is a redefinition. Renaming the program's name, consistently across the file, is the one
    change that keeps both meanings.
Example
    __global__ void k(const Work *in) { Work item = in[threadIdx.x]; out[item.id] = __popc(item.mask); }
Translated to
    void k(const Work *in, const sycl::nd_item<3> &item) { Work item_ = in[item.get_local_id(2)];
    out[item_.id] = sycl::popcount(item_.mask); }
Safety
    safe: a rename of a name the file declares, applied to all its uses in the file. A header declaring
    `item` for this file is not renamed with it: the rule only acts on names the file declares itself.
References
    C++17 [basic.scope] (name hiding); SYCL 2020 specification, 4.9.1.5 (nd_item).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import ITEM, model

# Parents whose child identifier (or type name) declares it.
_DECLARING = frozenset(
    {
        "init_declarator",
        "declaration",
        "parameter_declaration",
        "optional_parameter_declaration",
        "pointer_declarator",
        "array_declarator",
        "reference_declarator",
        "function_declarator",
        "struct_specifier",
        "class_specifier",
        "union_specifier",
        "enum_specifier",
        "type_definition",
        "alias_declaration",
        "for_range_loop",
        "enumerator",
    }
)


class ItemName(Rule):
    code = "GP248"
    name = "item-name"
    targets = frozenset({"sycl"})
    summary = "Rename the program's own `item` so it does not hide the nd_item parameter."
    triggers = (ITEM.encode(),)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        uses = _uses(ctx, ITEM)
        if not uses or not any(n.parent is not None and n.parent.type in _DECLARING for n in uses):
            return
        m = model(ctx)
        spans = [f.node for f in m.functions.values() if f.kernel or f.needs_item]
        spans += ts.captures("(kernel_call_syntax) @k", ctx.root).get("k", [])
        if not spans or not any(_inside(n, spans) for n in uses):
            return
        new = _fresh(ctx, ITEM)
        for n in uses:
            yield self.converted(
                n.start_byte,
                n.end_byte,
                f"the program's `{ITEM}` renamed `{new}`: the nd_item parameter is `{ITEM}`",
                [Edit(n.start_byte, n.end_byte, new)],
                family="kernel",
                symbol=ITEM,
            )


def _uses(ctx: RuleContext, name: str) -> list[Node]:
    """Identifier and type-name nodes spelling `name` (member names excluded: they cannot collide)."""
    out: list[Node] = []
    for mo in re.finditer(rb"\b" + name.encode() + rb"\b", ctx.source):
        node = ctx.root.descendant_for_byte_range(mo.start(), mo.end())
        if node is None or node.start_byte != mo.start() or node.end_byte != mo.end():
            continue
        if node.type in ("identifier", "type_identifier"):
            out.append(node)
    return out


def _inside(node: Node, spans: list[Node]) -> bool:
    """True when node lies in one of the spans (for a launch's `<<<...>>>`, in its whole call)."""
    for s in spans:
        outer = s.parent if s.type == "kernel_call_syntax" and s.parent is not None else s
        if outer.start_byte <= node.start_byte and node.end_byte <= outer.end_byte:
            return True
    return False


def _fresh(ctx: RuleContext, name: str) -> str:
    taken = set(re.findall(rb"[A-Za-z_][A-Za-z0-9_]*", ctx.source))
    candidate = f"{name}_"
    n = 2
    while candidate.encode() in taken:
        candidate = f"{name}_{n}"
        n += 1
    return candidate
