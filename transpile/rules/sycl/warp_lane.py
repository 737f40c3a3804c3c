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
    (sub-groups of 1 lane on a CPU).
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
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import Function, enclosing_function, function_name, model, variable_type
from ._warp import (
    SG_LANE,
    SG_SIZE,
    SG_WARP,
    call_args,
    call_name,
    condition_expr,
    int_value,
    lane_kind,
    strip_parens,
    subgroup_functions,
    tile_index_kind,
)

_MULTI_DIM = re.compile(r"\b(threadIdx|blockDim)\s*\.\s*[yz]\b")
_LAUNCH = "(call_expression function: (_) @fn (kernel_call_syntax) @cfg) @call"


def one_dimensional(ctx: RuleContext, fn: Node) -> bool:
    """True when the function's block is provably 1-D (see the module doc)."""
    if _MULTI_DIM.search(ctx.text(fn)):
        return False
    name = function_name(ctx, fn)
    for match in ts.matches(_LAUNCH, ctx.root):
        callee = ctx.text(match["fn"][0]).split("<")[0].split("::")[-1]
        if callee != name:
            continue
        cfg = [c for c in match["cfg"][0].named_children if c.type != "comment"]
        if len(cfg) < 2:
            return False
        block = cfg[1]
        if call_name(ctx, block) == "dim3":
            if any(ctx.text(a).strip() not in ("1", "1u") for a in call_args(block)[1:]):
                return False
        elif block.type == "identifier":
            t = variable_type(ctx, ctx.text(block), block)
            if t is not None and "dim3" in t[0]:
                return False
    return True


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
