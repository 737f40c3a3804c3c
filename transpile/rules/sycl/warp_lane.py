"""GP233 warp-lane-index: lane and warp indices computed from `threadIdx.x` become sub-group queries.

What it does
    In a kernel or device function whose block is provably 1-D (no `threadIdx.y/z` or `blockDim.y/z` in
    it, and no launch of it with a 2-D or 3-D `dim3` block), `threadIdx.x % 32`, `threadIdx.x & 31`,
    `threadIdx.x % warpSize`, `threadIdx.x & (warpSize - 1)` become
    `item.get_sub_group().get_local_linear_id()` and `threadIdx.x / 32`, `>> 5`, `/ warpSize` become
    `item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0]` (the sub-group's position
    in the work-group; also through a local `tid` initialised with `threadIdx.x`). Only in functions that
    use a warp collective (shuffle, vote, ballot, 32-lane tile), directly or through their callees, and
    the functions these call: elsewhere `threadIdx.x % 32` is plain index arithmetic, right as it is.
    Where the block may be 2-D or 3-D the expression is left to GP204 with a warning.
    In such functions `if (lane == 0) base = atomicAdd(&head, 32);` (lane 0 claiming one slot per lane)
    claims the sub-group's size instead; and `__shared__` arrays indexed by a warp index (one slot per
    warp) get each such extent multiplied by 32: a block has up to 32 times as many sub-groups as warps
    (sub-groups of 1 lane on a CPU). The 32s that go with such an index follow it: the warp count
    `blockDim.x / 32` (`>> 5`, rounded up) and the bound of `for (w = 0; w < N / 32; ++w) s[w]` over a
    one-slot-per-warp array become the number of sub-groups, the stride of `for (j = lane; ...; j += 32)`
    the sub-group's size, and the last lane `lane == 31` the sub-group's size - 1.
Why
    A lane index is the position in the sub-group, whatever its size; keeping `% 32` on a device whose
    sub-group has 1, 16 or 64 lanes disagrees with the group algorithms GP230-GP232 produce.
Example
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
Translated to
    const int lane = item.get_sub_group().get_local_linear_id(),
              warp = item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0];
Safety
    review: the code may use 32 elsewhere (array sizes, strides) that GP303-GP305 report; within device
    functions the caller's block shape is not checked.
References
    SYCL 2020 specification, 4.9.1.8 (sub_group: get_local_linear_id, get_max_local_range).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import Function, enclosing_function, model
from ._warp import (
    SG_LANE,
    SG_SIZE,
    SG_WARP,
    call_args,
    call_name,
    condition_expr,
    int_value,
    lane_kind,
    loop_parts,
    one_dimensional,
    strip_parens,
    subgroup_functions,
    tile_index_kind,
)


class WarpLaneIndex(Rule):
    code = "GP233"
    name = "warp-lane-index"
    targets = frozenset({"sycl"})
    summary = "Translate threadIdx.x % 32 / threadIdx.x / 32 lane and warp indices to sub-group queries."
    triggers = (b"threadIdx",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        kernels = {f.node.id: f for f in m.functions.values()}
        for node in ts.captures("(binary_expression) @b", ctx.root).get("b", []):
            kind = lane_kind(ctx, node)
            if kind is None:
                continue
            fn = enclosing_function(node)
            f = kernels.get(fn.id) if fn is not None else None
            if f is None or f.host_too or f.name not in subgroup_functions(ctx):
                continue  # no warp collective: `% 32` is plain arithmetic on the index, right as it is
            what = "lane" if kind == "lane" else "warp"
            if not one_dimensional(ctx, f.node):
                yield self.warning(
                    node.start_byte,
                    node.end_byte,
                    f"{what} index `{ctx.text(node)}`: the block may be 2-D or 3-D, so the sub-group "
                    "position is not this expression; left with the 32-lane arithmetic",
                    family="device",
                )
                continue
            new = SG_LANE if kind == "lane" else SG_WARP
            yield self.converted(
                node.start_byte,
                node.end_byte,
                f"{what} index `{ctx.text(node)}` -> `{new}`",
                [Edit(node.start_byte, node.end_byte, new)],
                family="device",
                symbol="warpSize",
                safety=Safety.SAFE if f.kernel else Safety.REVIEW,
            )

        yield from self._tickets(ctx, kernels)
        yield from self._companions(ctx, kernels)

    def _companions(self, ctx: RuleContext, kernels: dict[int, Function]) -> Iterator[Diagnostic]:
        """The 32s that go with a converted lane/warp index: warp counts, lane strides, the last lane."""
        for f in kernels.values():
            if f.host_too or f.name not in subgroup_functions(ctx) or not one_dimensional(ctx, f.node):
                continue
            body = f.node.child_by_field_name("body")
            if body is None:
                continue
            for node, new, what in _companion_edits(ctx, body):
                yield self.converted(
                    node.start_byte,
                    node.end_byte,
                    f"{what} `{ctx.text(node)}` -> `{new}`",
                    [Edit(node.start_byte, node.end_byte, new)],
                    family="device",
                    symbol="warpSize",
                    safety=Safety.REVIEW,
                )

    def _tickets(self, ctx: RuleContext, kernels: dict[int, Function]) -> Iterator[Diagnostic]:
        """`if (lane == 0) base = atomicAdd(&head, 32);`: lane 0 claims one slot per lane of its warp."""
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            if call_name(ctx, call) not in _TICKET_ATOMICS:
                continue
            args = call_args(call)
            if len(args) != 2 or strip_parens(args[1]).type != "number_literal":
                continue
            if int_value(ctx, args[1]) != 32:
                continue
            fn = enclosing_function(call)
            f = kernels.get(fn.id) if fn is not None else None
            if f is None or f.host_too or f.name not in subgroup_functions(ctx):
                continue
            if not _under_lane_zero(ctx, call) or not one_dimensional(ctx, f.node):
                continue
            lit = ctx.text(strip_parens(args[1]))
            cast = "unsigned" if "u" in lit.lower() else "int"
            new = f"static_cast<{cast}>({SG_SIZE})"
            yield self.converted(
                args[1].start_byte,
                args[1].end_byte,
                f"`{lit}` slots claimed by lane 0 for its warp -> the sub-group's size `{new}`",
                [Edit(args[1].start_byte, args[1].end_byte, new)],
                family="device",
                symbol="warpSize",
                safety=Safety.REVIEW,
            )


# The number of sub-groups, counted the way SG_WARP numbers them (sub_group::get_group_range() would say
# this too, but AdaptiveCpp's CPU backend returns 1 there while its sub-groups have 1 lane each).
SG_COUNT = (
    "(item.get_local_range(2) + item.get_sub_group().get_max_local_range()[0] - 1)"
    " / item.get_sub_group().get_max_local_range()[0]"
)


def _is_block_dim_x(ctx: RuleContext, node: Node) -> bool:
    return re.sub(r"\s+", "", ctx.text(strip_parens(node))) == "blockDim.x"


def _warp_count(ctx: RuleContext, node: Node, of: Callable[[Node], bool]) -> bool:
    """`X / 32`, `X >> 5`, `(X + 31) / 32`, `(X + 31) >> 5`, `(X + warpSize - 1) / warpSize` with of(X)."""
    node = strip_parens(node)
    if node.type != "binary_expression":
        return False
    a, b, op = (node.child_by_field_name(k) for k in ("left", "right", "operator"))
    if a is None or b is None or op is None:
        return False
    o, v = ctx.text(op), int_value(ctx, b)
    if not ((o == "/" and v == 32) or (o == ">>" and v == 5)):
        return False
    a = strip_parens(a)
    if of(a):
        return True
    if a.type == "binary_expression" and ctx.text(a.child_by_field_name("operator") or a) in ("+", "-"):
        # `(X + 31)` (also `X + warpSize - 1`, parsed as `(X + warpSize) - 1`): round up to whole warps
        if int_value(ctx, a) is None and _rounded_up(ctx, a, of):
            return True
    return False


def _rounded_up(ctx: RuleContext, node: Node, of: Callable[[Node], bool]) -> bool:
    text = re.sub(r"\s+", "", ctx.text(node))
    for x in ts.captures("(_) @x", node).get("x", []):
        if of(x):
            rest = text.replace(re.sub(r"\s+", "", ctx.text(x)), "", 1)
            return rest in ("+31", "+(32-1)", "+warpSize-1", "+(warpSize-1)")
    return False


def _warp_slot_arrays(ctx: RuleContext, body: Node) -> set[str]:
    """Arrays of the function written or read at a warp index (`s[warp]`): one slot per warp."""
    names: set[str] = set()
    for sub in ts.captures("(subscript_expression) @s", body).get("s", []):
        arg = sub.child_by_field_name("argument")
        idx = sub.child_by_field_name("indices") or sub.child_by_field_name("index")
        if arg is None or idx is None or arg.type != "identifier":
            continue
        inner = (
            [c for c in idx.named_children if c.type != "comment"]
            if idx.type == "subscript_argument_list"
            else [idx]
        )
        if len(inner) == 1 and tile_index_kind(ctx, inner[0]) == "warp":
            names.add(ctx.text(arg))
    return names


def _companion_edits(ctx: RuleContext, body: Node) -> Iterator[tuple[Node, str, str]]:
    """Edits for the 32-lane constants that must follow a lane/warp index once it is the sub-group's:
    - the warp count `blockDim.x / 32` (`>> 5`, rounded up) -> the number of sub-groups;
    - the lane stride of `for (j = lane; ...; j += 32)` -> the sub-group's size;
    - the last lane in `lane == 31` -> the sub-group's size - 1;
    - the bound of `for (w = 0; w < N / 32; ++w) ... s[w]` over a one-slot-per-warp array `s` (written at
      `s[warp]`) -> the number of sub-groups (the slots actually written)."""
    done: set[tuple[int, int]] = set()
    for node in ts.captures("(binary_expression) @b", body).get("b", []):
        if any(node.start_byte < e and s < node.end_byte for s, e in done):
            continue
        if _warp_count(ctx, node, lambda x: _is_block_dim_x(ctx, x)):
            done.add((node.start_byte, node.end_byte))
            yield node, SG_COUNT, "warp count"
            continue
        op = ctx.text(node.child_by_field_name("operator") or node)
        a, b = node.child_by_field_name("left"), node.child_by_field_name("right")
        if op in ("==", "!=") and a is not None and b is not None:
            for x, k in ((a, b), (b, a)):
                if tile_index_kind(ctx, x) == "lane" and int_value(ctx, k) == 31:
                    done.add((k.start_byte, k.end_byte))
                    yield k, f"({SG_SIZE} - 1)", "last lane"
    slots = _warp_slot_arrays(ctx, body)
    for loop in ts.captures("(for_statement) @f", body).get("f", []):
        parts = loop_parts(ctx, loop)
        if parts is None:
            continue
        var, init = parts
        upd, cond = loop.child_by_field_name("update"), loop.child_by_field_name("condition")
        if init is not None and tile_index_kind(ctx, init) == "lane" and upd is not None:
            if (
                upd.type == "assignment_expression"
                and ctx.text(upd.child_by_field_name("operator") or upd) == "+="
            ):
                step = upd.child_by_field_name("right")
                lhs = upd.child_by_field_name("left")
                if step is not None and lhs is not None and ctx.text(lhs) == var:
                    if strip_parens(step).type == "number_literal" and int_value(ctx, step) == 32:
                        yield step, f"static_cast<int>({SG_SIZE})", "lane stride"
            continue
        if cond is None or cond.type != "binary_expression" or not slots:
            continue
        left, bound = cond.child_by_field_name("left"), cond.child_by_field_name("right")
        if left is None or bound is None or ctx.text(left) != var:
            continue
        if ctx.text(cond.child_by_field_name("operator") or cond) != "<":
            continue
        if any(bound.start_byte < e and s < bound.end_byte for s, e in done):
            continue
        if not _warp_count(ctx, bound, lambda x: x.type in ("identifier", "qualified_identifier")):
            continue
        loop_body = loop.child_by_field_name("body")
        if loop_body is None:
            continue
        reads = re.compile(
            r"\b(" + "|".join(map(re.escape, sorted(slots))) + r")\s*\[\s*" + re.escape(var) + r"\s*\]"
        )
        if reads.search(ctx.text(loop_body)):
            done.add((bound.start_byte, bound.end_byte))
            yield bound, f"static_cast<int>({SG_COUNT})", "warp-slot loop bound"


_TICKET_ATOMICS = frozenset({"atomicAdd", "atomicAdd_block", "atomicAdd_system", "atomicSub"})


def _under_lane_zero(ctx: RuleContext, node: Node) -> bool:
    """True when `node` sits in the then-branch of an `if (lane == 0)` (lane: a lane index)."""
    n = node
    while n.parent is not None and n.type != "function_definition":
        parent = n.parent
        if parent.type == "if_statement" and parent.child_by_field_name("consequence") == n:
            cond = condition_expr(parent)
            if cond is not None and cond.type == "binary_expression":
                op = ctx.text(cond.child_by_field_name("operator") or cond)
                left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
                if op == "==" and left is not None and right is not None:
                    for a, b in ((left, right), (right, left)):
                        if ctx.text(b).strip() in ("0", "0u") and tile_index_kind(ctx, a) == "lane":
                            return True
        n = parent
    return False
