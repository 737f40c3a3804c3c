"""GP234 block-reduce-warps: a block reduction through one shared slot per warp becomes a work-group reduction.

What it does
    Recognises, in the body of a kernel or device function, the classic two-level block reduction:
        v = warp_sum(v);                         // or an inline shuffle-reduction loop (GP230's idiom)
        if (lane == 0) smem[warp] = v;           // one slot per warp
        __syncthreads();
        if (warp == 0) {                          // (or the load outside and `if (warp == 0) v = warp_sum(v);`)
            v = (lane < nwarps) ? smem[lane] : 0;
            v = warp_sum(v);
            ...                                   // kept
        }
    (`lane`/`warp` are `threadIdx.x % 32` / `threadIdx.x / 32` or their `warpSize`, `& 31`, `>> 5` forms,
    several values may be reduced side by side, each with its own combiner) and rewrites it to
    `v = sycl::reduce_over_group(item.get_group(), v, sycl::plus<>());`, removing the per-warp store and
    the second-level load and reduction. The rest of the `if (warp == 0)` block stays: with the lane and
    warp indices translated to sub-group queries (GP233) lane 0 of sub-group 0 is still work-item 0.
    It applies only when the shared array is used nowhere else and the first-level reductions are
    statements of the function body itself (reached by the whole work-group).
Why
    The shared array holds one slot per 32-lane warp (`[32]`, `[BLOCK / 32]`); with a sub-group of 1 lane
    (AdaptiveCpp's CPU backend) there are blockDim "warps" and the stores overflow it; with 64-lane
    sub-groups half the slots stay unset. A work-group reduction computes the block's result for any
    sub-group size, and every work-item gets it (the CUDA code gave it to warp 0: a superset).
Example
    s = warp_sum(s);
    if (lane == 0) ws[warp] = s;
    __syncthreads();
    if (warp == 0) { s = lane < nw ? ws[lane] : 0.f; s = warp_sum(s); if (lane == 0) atomicAdd(out, s); }
Translated to
    s = sycl::reduce_over_group(item.get_group(), s, sycl::plus<>());
    sycl::group_barrier(item.get_group());
    if (warp == 0) { if (lane == 0) sycl::atomic_ref<...>(*out).fetch_add(s); }
Safety
    safe: the reduction's value is the same (up to floating-point association), the shared array is not
    read elsewhere. `warp_sum` must be a device function that is only a shuffle-reduction loop (GP230's
    idiom) returning its parameter.
References
    SYCL 2020 specification, 4.17.4.5 (reduce_over_group on a work-group).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import _walk, model
from ._warp import (
    WG,
    body_statements,
    call_args,
    call_name,
    condition_expr,
    delete_statements,
    loop_start,
    mentions,
    reduce_call,
    reduction_loop,
    statement_indent,
    strip_parens,
    subgroup_functions,
    tile_index_kind,
    var_kind,
)


def _is_zero_test(ctx: RuleContext, node: Node | None, kind: str) -> bool:
    if node is None or node.type != "binary_expression":
        return False
    op = ctx.text(node.child_by_field_name("operator") or node)
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if op != "==" or left is None or right is None:
        return False
    if ctx.text(right).strip() in ("0", "0u") and var_kind(ctx, left) == kind:
        return True
    return ctx.text(left).strip() in ("0", "0u") and var_kind(ctx, right) == kind


def _assignment(node: Node) -> tuple[Node, Node] | None:
    if node.type != "expression_statement" or not node.named_children:
        return None
    e = node.named_children[0]
    if e.type != "assignment_expression":
        return None
    lhs, rhs = e.child_by_field_name("left"), e.child_by_field_name("right")
    if lhs is None or rhs is None or e.child_by_field_name("operator") is None:
        return None
    if e.child_by_field_name("operator").type != "=":  # type: ignore[union-attr]
        return None
    return lhs, rhs


def _store(ctx: RuleContext, stmt: Node) -> tuple[str, str] | None:
    """(array base name, value text) for `ARR[...][warp] = X;`."""
    got = _assignment(stmt)
    if got is None:
        return None
    lhs, rhs = got
    if lhs.type != "subscript_expression":
        return None
    idx = lhs.child_by_field_name("indices") or lhs.child_by_field_name("index")
    inner = [c for c in idx.named_children if c.type != "comment"] if idx is not None else []
    if idx is not None and idx.type not in ("subscript_argument_list",):
        inner = [idx]
    if len(inner) != 1 or var_kind(ctx, inner[0]) != "warp":
        return None
    base = lhs.child_by_field_name("argument")
    while base is not None and base.type == "subscript_expression":
        base = base.child_by_field_name("argument")
    if base is None or base.type != "identifier":
        return None
    return ctx.text(base), ctx.text(strip_parens(rhs))


def _reductions(ctx: RuleContext, stmt: Node) -> dict[str, str] | None:
    """value -> op for `v = warp_sum(v);` or a shuffle-reduction loop."""
    got = reduce_call(ctx, stmt)
    if got is not None:
        return {got[0]: got[1]}
    reds = reduction_loop(ctx, stmt)
    return {r.target: r.op for r in reds} if reds else None


class BlockReduceWarps(Rule):
    code = "GP234"
    name = "block-reduce-warps"
    targets = frozenset({"sycl"})
    summary = "Rewrite per-warp shared-memory block reductions as sycl::reduce_over_group on the work-group."
    triggers = (b"shfl",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for f in model(ctx).functions.values():
            if f.host_too:
                continue
            body = f.node.child_by_field_name("body")
            if body is not None:
                yield from self._body(ctx, f.node, body)
                if f.name in subgroup_functions(ctx) and any(v.dims for v in f.shared):
                    yield from self._folds(ctx, f.node, body, {v.name for v in f.shared if v.dims})

    def _folds(self, ctx: RuleContext, fn: Node, body: Node, arrays: set[str]) -> Iterator[Diagnostic]:
        """`if (warp == 0) { v = (lane < nwarps) ? slots[lane] : id; v = warp_reduce(v); }` with a
        combiner that is a function of this file: lane l of the first sub-group first folds slots l + s,
        l + 2s, ... into its value (s: the sub-group's size), so every sub-group's slot is counted."""
        for c in ts.captures("(if_statement) @i", body).get("i", []):
            cond = condition_expr(c)
            if cond is None or cond.type != "binary_expression" or not _zero_test_kind(ctx, cond, "warp"):
                continue
            inner = body_statements(c.child_by_field_name("consequence"))
            for load, again in zip(inner, inner[1:], strict=False):
                got = _slot_load(ctx, load, arrays)
                if got is None:
                    continue
                var, bound, lane, array = got
                combine = _combiner(ctx, again, var)
                if combine is None:
                    continue
                sg = _subgroup_of(ctx, lane)
                indent = statement_indent(ctx, again.start_byte)
                fold = (
                    f"for (size_t gp_i = {sg}.get_local_linear_id() + {sg}.get_local_linear_range(); "
                    f"gp_i < {sg}.get_group_linear_range(); gp_i += {sg}.get_local_linear_range()) "
                    f"{var} = {combine}({var}, {array}[gp_i]);\n{indent}"
                )
                edits = [
                    Edit(bound.start_byte, bound.end_byte, f"{sg}.get_group_linear_range()"),
                    Edit(again.start_byte, again.start_byte, fold),
                ]
                yield self.converted(
                    bound.start_byte,
                    bound.end_byte,
                    f"second level of a block reduction through per-warp slots `{array}`: reads every "
                    f"sub-group's slot (`{ctx.text(bound)}` -> the number of sub-groups) and folds the "
                    f"slots past the first sub-group's width with `{combine}`",
                    edits,
                    family="device",
                    symbol="warpSize",
                    safety=Safety.REVIEW,
                )

    def _body(self, ctx: RuleContext, fn: Node, body: Node) -> Iterator[Diagnostic]:
        stmts = body_statements(body)
        for a, A in enumerate(stmts):
            if A.type != "if_statement" or A.child_by_field_name("alternative") is not None:
                continue
            if not _is_zero_test(ctx, condition_expr(A), "lane"):
                continue
            stores = [_store(ctx, s) for s in body_statements(A.child_by_field_name("consequence"))]
            if not stores or any(s is None for s in stores):
                continue
            arrays = {s[0] for s in stores if s}
            values = {s[1]: s[0] for s in stores if s}
            if len(values) != len(stores):
                continue
            got = self._rewrite(ctx, fn, stmts, a, arrays, values)
            if got is None:
                continue
            edits, names = got
            yield self.converted(
                A.start_byte,
                A.end_byte,
                f"block reduction of {names} through per-warp shared slots -> sycl::reduce_over_group "
                "on the work-group",
                edits,
                family="device",
                symbol="__shfl_down_sync",
            )

    def _rewrite(
        self, ctx: RuleContext, fn: Node, stmts: list[Node], a: int, arrays: set[str], values: dict[str, str]
    ) -> tuple[list[Edit], str] | None:
        # first level: the latest reduction of each value before the store
        first: dict[str, tuple[Node, str]] = {}
        for s in reversed(stmts[:a]):
            reds = _reductions(ctx, s)
            if not reds:
                continue
            for v, op in reds.items():
                if v in values and v not in first:
                    first[v] = (s, op)
        if set(first) != set(values):
            return None
        first_stmts = {s.id: s for s, _ in first.values()}
        for s in first_stmts.values():  # a loop reducing other values too is not ours to rewrite
            if any(v not in values for v in _reductions(ctx, s) or {}):
                return None
        # the barrier
        b = next(
            (
                i
                for i in range(a + 1, len(stmts))
                if stmts[i].type == "expression_statement"
                and stmts[i].named_children
                and call_name(ctx, stmts[i].named_children[0]) == "__syncthreads"
            ),
            None,
        )
        if b is None or any(mentions(ctx, s, arrays) for s in stmts[a + 1 : b]):
            return None
        # second level: loads from the array and reductions, after the barrier or inside `if (warp == 0)`
        rest = stmts[b + 1 :]
        c = next(
            (
                s
                for s in rest
                if s.type == "if_statement"
                and s.child_by_field_name("alternative") is None
                and _is_zero_test(ctx, condition_expr(s), "warp")
            ),
            None,
        )
        if c is None:
            return None
        inner = body_statements(c.child_by_field_name("consequence"))
        candidates = [s for s in rest if s.start_byte < c.start_byte] + inner
        loads: dict[str, Node] = {}
        seconds: dict[str, Node] = {}
        for s in candidates:
            got = _assignment(s)
            if got is not None and ctx.text(got[0]) in values and mentions(ctx, got[1], arrays):
                if ctx.text(got[0]) in loads:
                    return None
                loads[ctx.text(got[0])] = s
                continue
            reds = _reductions(ctx, s)
            if reds and all(v in values for v in reds):
                for v, op in reds.items():
                    if v in seconds or op != first[v][1] or v not in loads:
                        return None
                    seconds[v] = s
        if set(loads) != set(values) or set(seconds) != set(values):
            return None
        removed = {s.id for s in loads.values()} | {s.id for s in seconds.values()}
        # the array must not be used anywhere else in the function
        for n in _walk(fn):
            if n.type == "identifier" and ctx.text(n) in arrays:
                if not any(s.start_byte <= n.start_byte < s.end_byte for s in [stmts[a], *loads.values()]):
                    if n.parent is not None and n.parent.type in ("array_declarator", "pointer_declarator"):
                        continue
                    if n.parent is not None and n.parent.type in ("parameter_declaration", "init_declarator"):
                        continue
                    return None
        edits: list[Edit] = []
        for s in first_stmts.values():
            text = " ".join(
                f"{v} = sycl::reduce_over_group({WG}, {v}, {op});"
                for v, op in (_reductions(ctx, s) or {}).items()
            )
            edits.append(
                Edit(loop_start(ctx, s) if s.type == "for_statement" else s.start_byte, s.end_byte, text)
            )
        edits.append(delete_statements(ctx, stmts[a].start_byte, stmts[a].end_byte))
        if all(s.id in removed for s in inner):
            edits.append(delete_statements(ctx, c.start_byte, c.end_byte))
            removed -= {s.id for s in inner}
        for s in candidates:
            if s.id in removed:
                edits.append(delete_statements(ctx, s.start_byte, s.end_byte))
        names = ", ".join(f"`{v}`" for v in values)
        return sorted(set(edits)), names


def _zero_test_kind(ctx: RuleContext, cond: Node, kind: str) -> bool:
    op = ctx.text(cond.child_by_field_name("operator") or cond)
    left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
    if op != "==" or left is None or right is None:
        return False
    return any(
        ctx.text(b).strip() in ("0", "0u") and tile_index_kind(ctx, a) == kind
        for a, b in ((left, right), (right, left))
    )


def _slot_load(ctx: RuleContext, stmt: Node, arrays: set[str]) -> tuple[str, Node, Node, str] | None:
    """(value, bound node, lane node, array) for `v = (lane < N) ? slots[lane] : id;` (or `T v = ...`)."""
    var = value = None
    if stmt.type == "declaration":
        ds = stmt.children_by_field_name("declarator")
        if len(ds) == 1 and ds[0].type == "init_declarator":
            var, value = ds[0].child_by_field_name("declarator"), ds[0].child_by_field_name("value")
    else:
        got = _assignment(stmt)
        if got is not None:
            var, value = got
    if var is None or value is None or var.type != "identifier":
        return None
    value = strip_parens(value)
    if value.type != "conditional_expression":
        return None
    cond, picked = value.child_by_field_name("condition"), value.child_by_field_name("consequence")
    if cond is None or picked is None:
        return None
    cond = strip_parens(cond)
    if cond.type != "binary_expression" or ctx.text(cond.child_by_field_name("operator") or cond) != "<":
        return None
    lane, bound = cond.child_by_field_name("left"), cond.child_by_field_name("right")
    if lane is None or bound is None or tile_index_kind(ctx, lane) != "lane":
        return None
    picked = strip_parens(picked)
    if picked.type != "subscript_expression":
        return None
    base = picked.child_by_field_name("argument")
    idx = picked.child_by_field_name("indices") or picked.child_by_field_name("index")
    if idx is not None and idx.type == "subscript_argument_list" and len(idx.named_children) == 1:
        idx = idx.named_children[0]
    if base is None or idx is None or ctx.text(base) not in arrays:
        return None
    if ctx.text(strip_parens(idx)) != ctx.text(strip_parens(lane)):
        return None
    return ctx.text(var), bound, lane, ctx.text(base)


def _combiner(ctx: RuleContext, stmt: Node, var: str) -> str | None:
    """The combining function of `v = warp_reduce(..., v);`: `warp_reduce` is a function of this file
    whose loop shuffles and ends with `p = combine(p, other);`, `combine` a function of this file too."""
    got = _assignment(stmt)
    if got is None or ctx.text(got[0]) != var:
        return None
    call = strip_parens(got[1])
    args = call_args(call)
    if call.type != "call_expression" or not args or ctx.text(strip_parens(args[-1])) != var:
        return None
    name = call_name(ctx, call)
    fns = model(ctx).functions
    f = fns.get(name or "")
    if f is None:
        return None
    for loop in ts.captures("(for_statement) @f", f.node).get("f", []):
        stmts = body_statements(loop.child_by_field_name("body"))
        if not stmts or "shfl" not in ctx.text(loop):
            continue
        last = _assignment(stmts[-1])
        if last is None:
            continue
        lhs, rhs = last
        rhs = strip_parens(rhs)
        combine = call_name(ctx, rhs)
        cargs = call_args(rhs)
        if combine in fns and combine != name and len(cargs) == 2 and ctx.text(cargs[0]) == ctx.text(lhs):
            return combine
    return None


def _subgroup_of(ctx: RuleContext, lane: Node) -> str:
    """The SYCL sub-group a lane index refers to: the tile variable of `t.thread_rank()`, else the item's."""
    lane = strip_parens(lane)
    if lane.type == "call_expression":
        fe = lane.child_by_field_name("function")
        obj = fe.child_by_field_name("argument") if fe is not None else None
        if obj is not None and obj.type == "identifier":
            return ctx.text(obj)
    return "item.get_sub_group()"
