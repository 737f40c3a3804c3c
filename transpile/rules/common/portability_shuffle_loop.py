"""GP306 shuffle-loop-16: shuffle reduction loops that start at offset 16 (or stop below 32).

What it does
    Reports `for (int o = 16; o > 0; o >>= 1)` (also `o /= 2`, `o = o / 2`, `o = o >> 1`) and the upward
    form `for (int o = 1; o < 32; o <<= 1)` when the loop body calls a shuffle (`__shfl*`, `.shfl*`).
Why
    Starting at 16 reduces 32 lanes. On a 64-lane AMD wavefront lanes 32-63 are never folded into lane 0,
    so the reduction silently drops half of the values.
Example
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
Translated to
    unchanged, with: GP306 shuffle loop starts at 16 (32 lanes); start at `warpSize / 2`
Safety
    reports only (review): the loop's result usually lands in a per-warp array sized for 32-lane warps
    (GP305), which must change with it.
References
    HIP programming guide, warp shuffle functions; CUDA programming guide, warp reductions.
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from .portability_shared import int_value, lane_word

_FOR = "(for_statement) @for"
_HALVING = {">>=": 1, "/=": 2}
_DOUBLING = {"<<=": 1, "*=": 2}


def _init(ctx: RuleContext, node: Node) -> tuple[str, Node] | None:
    """(variable, start value node) of `int o = 16` or `o = 16`."""
    if node.type == "declaration":
        for d in node.children_by_field_name("declarator"):
            if d.type == "init_declarator":
                name, value = d.child_by_field_name("declarator"), d.child_by_field_name("value")
                if name is not None and value is not None:
                    return ctx.text(name), value
    elif (
        node.type == "assignment_expression" and ctx.text(node.child_by_field_name("operator") or node) == "="
    ):
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is not None and right is not None:
            return ctx.text(left), right
    return None


def _step(ctx: RuleContext, var: str, node: Node | None) -> str:
    """'down' for halving, 'up' for doubling, '' otherwise."""
    if node is None or node.type != "assignment_expression":
        return ""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    op_node = node.child_by_field_name("operator")
    if left is None or right is None or op_node is None or ctx.text(left) != var:
        return ""
    op = ctx.text(op_node)
    value = int_value(ctx, right)
    if _HALVING.get(op) == value:
        return "down"
    if _DOUBLING.get(op) == value:
        return "up"
    if op == "=" and right.type == "binary_expression":  # o = o / 2, o = o >> 1
        rl, rr = right.child_by_field_name("left"), right.child_by_field_name("right")
        rop = right.child_by_field_name("operator")
        if rl is not None and rop is not None and ctx.text(rl) == var:
            inner = int_value(ctx, rr)
            if _HALVING.get(ctx.text(rop) + "=") == inner:
                return "down"
            if _DOUBLING.get(ctx.text(rop) + "=") == inner:
                return "up"
    return ""


def _upper_bound(ctx: RuleContext, var: str, cond: Node | None) -> int | None:
    if cond is None or cond.type != "binary_expression":
        return None
    left, op = cond.child_by_field_name("left"), cond.child_by_field_name("operator")
    if left is None or op is None or ctx.text(left) != var:
        return None
    value = int_value(ctx, cond.child_by_field_name("right"))
    if value is None:
        return None
    return value if ctx.text(op) == "<" else value + 1 if ctx.text(op) == "<=" else None


def _calls_shuffle(ctx: RuleContext, body: Node) -> bool:
    stack = [body]
    while stack:
        n = stack.pop()
        if n.type in ("identifier", "field_identifier") and ctx.text(n).lstrip("_").startswith("shfl"):
            return True
        stack.extend(n.children)
    return False


class ShuffleLoop16(Rule):
    code = "GP306"
    name = "shuffle-loop-16"
    targets = frozenset({"hip", "sycl"})
    summary = "Report shuffle loops that start at offset 16 (a 32-lane reduction)."
    stale_if_rewritten = True  # a rewritten expression no longer assumes 32 lanes
    triggers = (b"__shfl",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"shfl" not in ctx.source:
            return
        for loop in ts.captures(_FOR, ctx.root).get("for", []):
            init = loop.child_by_field_name("initializer")
            body = loop.child_by_field_name("body")
            if init is None or body is None:
                continue
            found = _init(ctx, init)
            if found is None:
                continue
            var, start = found
            step = _step(ctx, var, loop.child_by_field_name("update"))
            start_value = int_value(ctx, start)
            if step == "down" and start_value == 16:
                what = f"starts at offset {ctx.text(start)}"
                fix = "start at `warpSize / 2`" if ctx.target == "hip" else "use the sub-group's size"
            elif step == "up" and _upper_bound(ctx, var, loop.child_by_field_name("condition")) == 32:
                what = "stops below offset 32"
                fix = "stop at `warpSize`" if ctx.target == "hip" else "use the sub-group's size"
            else:
                continue
            if not _calls_shuffle(ctx, body):
                continue
            yield self.warning(
                start.start_byte,
                start.end_byte,
                f"shuffle loop {what}: it reduces 32 lanes, and a {lane_word(ctx.target)} may have more; "
                f"{fix}",
                family="portability",
                symbol=var,
            )
