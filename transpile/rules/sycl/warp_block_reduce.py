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

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import _walk, model
from ._warp import (
    WG,
    body_statements,
    call_name,
    condition_expr,
    loop_start,
    reduce_call,
    reduction_loop,
    strip_parens,
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


def _mentions(ctx: RuleContext, node: Node, names: set[str]) -> bool:
    return any(n.type == "identifier" and ctx.text(n) in names for n in _walk(node))


def _delete(ctx: RuleContext, node: Node) -> Edit:
    """Remove a statement, with its whole line(s) when nothing else is on them."""
    start, end = node.start_byte, node.end_byte
    line_start = ctx.source.rfind(b"\n", 0, start) + 1
    line_end = ctx.source.find(b"\n", end)
    line_end = len(ctx.source) if line_end < 0 else line_end
    if not ctx.source[line_start:start].strip() and not ctx.source[end:line_end].strip():
        return Edit(line_start, min(line_end + 1, len(ctx.source)), "")
    return Edit(start, end, "")


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
    triggers = (b"__shfl",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for f in model(ctx).functions.values():
            if f.host_too:
                continue
            body = f.node.child_by_field_name("body")
            if body is not None:
                yield from self._body(ctx, f.node, body)

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
        if b is None or any(_mentions(ctx, s, arrays) for s in stmts[a + 1 : b]):
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
            if got is not None and ctx.text(got[0]) in values and _mentions(ctx, got[1], arrays):
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
        edits.append(_delete(ctx, stmts[a]))
        if all(s.id in removed for s in inner):
            edits.append(_delete(ctx, c))
            removed -= {s.id for s in inner}
        for s in candidates:
            if s.id in removed:
                edits.append(_delete(ctx, s))
        names = ", ".join(f"`{v}`" for v in values)
        return sorted(set(edits)), names
