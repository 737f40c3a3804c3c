"""GP257 warp-smem-tail: a warp-synchronous shared-memory reduction tail becomes a work-group reduction.

What it does
    Recognises, among the statements of a kernel's body, the last step of a shared-memory block reduction
    that the first warp finishes without block barriers:
        if (tid < 32) {
            float v = sdata[tid] + sdata[tid + 32];
            for (int s = 16; s > 0; s >>= 1) { __syncwarp(); sdata[tid] = v; __syncwarp(); v += sdata[tid + s]; }
            if (tid == 0) atomicAdd(result, v);           // the epilogue, kept
        }
    and its other common shapes: the read-sync-write-sync loop with `if (tid < s)` guards, the unrolled
    in-place form on a volatile pointer (`volatile float *vs = sdata; vs[tid] += vs[tid + 32]; ...
    vs[tid] += vs[tid + 1];`) and the same in-place sequence in a device function called as
    `if (tid < 32) warpReduce(sdata, tid);`. `tid` is `threadIdx.x` (or a local initialised with it), the
    steps combine `sdata[tid]` (or the value `v`) with `sdata[tid + k]` for k = 32, 16, 8, 4, 2, 1 exactly
    (literal, unrolled or a halving loop), with one operator throughout: `+`, `max` or `min`; a register
    form must store `sdata[tid] = v` between two steps. The 64 partials `sdata[0..63]` are then reduced by
    ALL work-items, hoisted in front of the `if`:
        float v = sycl::reduce_over_group(item.get_group(), tid < 64 ? sdata[tid] : 0, sycl::plus<>());
    (max/min read `sdata[tid < 64 ? tid : 0]`, their identity being any element), the tail's statements
    are removed, and `sdata[0]` receives the total (by work-item 0) when the code after the tail reads the
    array. What remains of the `if (tid < 32)` block stays; it may use the value only under `if (tid == 0)`.
    Anything else (other strides, operators, `blockSize >= 64` guards, extra statements) is left to the
    warp and barrier rules, with their diagnostics.
Why
    The tail relies on 32 lanes running together: translated literally (`__syncwarp` -> a sub-group
    barrier) it is wrong whenever the sub-group is not 32 wide: with AdaptiveCpp's 1-lane CPU sub-groups
    each work-item only sees its own slot and the block's sum is a fraction of the right one. A group
    algorithm computes the same value for any sub-group size, and it must be reached by the whole group,
    hence the hoisting out of the `if`.
Example
    if (tid < 32) {
        volatile float *vs = sdata;
        vs[tid] += vs[tid + 32]; vs[tid] += vs[tid + 16]; vs[tid] += vs[tid + 8];
        vs[tid] += vs[tid + 4]; vs[tid] += vs[tid + 2]; vs[tid] += vs[tid + 1];
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
Translated to
    {
        auto gp_total = sycl::reduce_over_group(item.get_group(), tid < 64 ? sdata[tid] : 0, sycl::plus<>());
        if (tid == 0) sdata[0] = gp_total;
    }
    if (tid == 0) out[item.get_group(2)] = sdata[0];
Safety
    safe: the total is the same (up to floating-point association); only the partial values the other
    lanes of the first warp held (which the recognised code never reads) are not reproduced. Blocks are
    assumed one-dimensional, as `threadIdx.x < 32` selecting the first warp presumes.
References
    SYCL 2020 specification, 4.17.4.5 (reduce_over_group), 4.17.3 (group algorithms must be encountered
    by all work-items of the group); CUDA Programming Guide, "Independent Thread Scheduling" (__syncwarp).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import _walk, model, render
from ._warp import (
    WG,
    _loop_variable,
    _update_halves,
    body_statements,
    call_args,
    call_name,
    condition_expr,
    delete_statements,
    int_value,
    is_thread_x,
    mentions,
    statement_indent,
    strip_parens,
)

_STRIDES = [32, 16, 8, 4, 2, 1]
_OPS = {"+": "sycl::plus<>()", "max": "sycl::maximum<>()", "min": "sycl::minimum<>()"}
_MAX = frozenset({"max", "fmaxf", "fmax", "std::max", "::max", "sycl::max", "sycl::fmax"})
_MIN = frozenset({"min", "fminf", "fmin", "std::min", "::min", "sycl::min", "sycl::fmin"})


@dataclass
class _Tail:
    """What a tail's statements were found to do."""

    arrays: set[str]  # the shared array and its volatile aliases
    tid: str
    value: str | None = None  # register form: the accumulating variable
    decl_prefix: tuple[int, int] | None = None  # byte range of its declaration before the name
    steps: list[tuple[int, str]] = field(default_factory=list)  # (stride, op)
    dirty: bool = False  # the register value holds a step not yet stored back
    inplace: bool = False
    base: str | None = None  # the array named outside the tail (alias resolved)


def _assign(node: Node) -> tuple[Node, str, Node] | None:
    """(lhs, operator, rhs) of an expression statement holding one assignment."""
    if node.type != "expression_statement" or not node.named_children:
        return None
    e = node.named_children[0]
    if e.type != "assignment_expression":
        return None
    lhs, op, rhs = (e.child_by_field_name(f) for f in ("left", "operator", "right"))
    if lhs is None or op is None or rhs is None:
        return None
    return lhs, op.type, rhs


def _combine(ctx: RuleContext, node: Node) -> tuple[str, Node, Node] | None:
    """(op, a, b) for `a + b` or `max(a, b)` / `min(a, b)`."""
    node = strip_parens(node)
    if node.type == "binary_expression":
        op = node.child_by_field_name("operator")
        a, b = node.child_by_field_name("left"), node.child_by_field_name("right")
        if op is not None and a is not None and b is not None and op.type == "+":
            return "+", a, b
        return None
    if node.type == "call_expression":
        name = call_name(ctx, node)
        args = call_args(node)
        if len(args) == 2 and name in _MAX:
            return "max", args[0], args[1]
        if len(args) == 2 and name in _MIN:
            return "min", args[0], args[1]
    return None


def _offset(ctx: RuleContext, t: _Tail, node: Node, env: dict[str, int]) -> int | None:
    """k for `ARR[tid + k]` (0 for `ARR[tid]`), ARR one of the tail's arrays; None otherwise."""
    node = strip_parens(node)
    if node.type != "subscript_expression":
        return None
    base = node.child_by_field_name("argument")
    idx = node.child_by_field_name("indices") or node.child_by_field_name("index")
    if idx is not None and idx.type == "subscript_argument_list":
        inner = [c for c in idx.named_children if c.type != "comment"]
        idx = inner[0] if len(inner) == 1 else None
    if base is None or idx is None or ctx.text(base) not in t.arrays:
        return None
    idx = strip_parens(idx)
    if ctx.text(idx) == t.tid:
        return 0
    if idx.type != "binary_expression" or ctx.text(idx.child_by_field_name("operator") or idx) != "+":
        return None
    a, b = idx.child_by_field_name("left"), idx.child_by_field_name("right")
    if a is None or b is None:
        return None
    if ctx.text(strip_parens(b)) == t.tid:
        a, b = b, a
    if ctx.text(strip_parens(a)) != t.tid:
        return None
    b = strip_parens(b)
    if b.type == "identifier" and ctx.text(b) in env:
        return env[ctx.text(b)]
    k = int_value(ctx, b)
    return k if k is not None and k > 0 else None


def _step(
    ctx: RuleContext, t: _Tail, acc: str, lhs: Node, op: str, rhs: Node, env: dict[str, int]
) -> tuple[int, str] | None:
    """(stride, op) when `lhs op rhs` combines the accumulator `acc` with ARR[tid + k] into itself."""
    if ctx.text(lhs) != acc:
        return None
    if op == "+=":
        k = _offset(ctx, t, rhs, env)
        return (k, "+") if k else None
    if op != "=":
        return None
    got = _combine(ctx, rhs)
    if got is None:
        return None
    name, a, b = got
    for x, y in ((a, b), (b, a)):
        if ctx.text(strip_parens(x)) == acc:
            k = _offset(ctx, t, y, env)
            if k:
                return k, name
    return None


def _is_sync(ctx: RuleContext, stmt: Node) -> bool:
    return (
        stmt.type == "expression_statement"
        and bool(stmt.named_children)
        and call_name(ctx, stmt.named_children[0]) == "__syncwarp"
    )


def _is_unroll(ctx: RuleContext, stmt: Node) -> bool:
    return stmt.type in ("preproc_call", "preproc_pragma") and "unroll" in ctx.text(stmt)


def _tid_guard(ctx: RuleContext, t: _Tail, stmt: Node) -> Node | None:
    """The single guarded statement of `if (tid < X) stmt;` without else."""
    if stmt.type != "if_statement" or stmt.child_by_field_name("alternative") is not None:
        return None
    cond = condition_expr(stmt)
    if cond is None or not _is_binary(ctx, cond, "<"):
        return None
    if ctx.text(strip_parens(cond.child_by_field_name("left") or cond)) != t.tid:
        return None
    inner = body_statements(stmt.child_by_field_name("consequence"))
    return inner[0] if len(inner) == 1 else None


def _event(ctx: RuleContext, t: _Tail, stmt: Node, env: dict[str, int]) -> bool:
    """Record one statement of the tail; False when it is not one the tail may hold."""
    if _is_sync(ctx, stmt):
        return True
    guarded = _tid_guard(ctx, t, stmt)
    if guarded is not None:
        stmt = guarded
    got = _assign(stmt)
    if got is None:
        return False
    lhs, op, rhs = got
    if t.value is not None:
        if op == "=" and _offset(ctx, t, lhs, env) == 0 and ctx.text(strip_parens(rhs)) == t.value:
            t.dirty = False  # the store `ARR[tid] = v`
            return True
        step = _step(ctx, t, t.value, lhs, op, rhs, env)
        if step is None or t.dirty:
            return False  # a step reading slots the previous step's value was not stored to
        t.steps.append(step)
        t.dirty = True
        return True
    if _offset(ctx, t, lhs, env) != 0:
        return False
    step = _step(ctx, t, ctx.text(lhs), lhs, op, rhs, env)
    if step is None:
        return False
    t.inplace = True
    t.steps.append(step)
    return True


def _loop(ctx: RuleContext, t: _Tail, loop: Node) -> bool:
    """`for (int s = K; s > 0; s >>= 1) { ... }`: the body's statements for s = K, K/2, ..., 1."""
    got = _loop_variable(ctx, loop)
    if got is None:
        return False
    var, init = got
    start = int_value(ctx, init)
    cond = loop.child_by_field_name("condition")
    ctext = "".join(ctx.text(cond).split()) if cond is not None else ""
    if start is None or start <= 0 or ctext not in (f"{var}>0", f"{var}>=1", f"0<{var}", f"{var}!=0"):
        return False
    if not _update_halves(ctx, loop.child_by_field_name("update"), var):
        return False
    body = body_statements(loop.child_by_field_name("body"))
    if any(n.type == "identifier" and ctx.text(n) == var for s in body for n in _walk(s) if _assigns_to(n)):
        return False
    s = start
    while s > 0:
        if not all(_event(ctx, t, stmt, {var: s}) for stmt in body):
            return False
        s >>= 1
    return True


def _assigns_to(n: Node) -> bool:
    p = n.parent
    if p is None:
        return False
    if p.type == "assignment_expression" and p.child_by_field_name("left") == n:
        return True
    return p.type == "update_expression"


def _declared_value(ctx: RuleContext, t: _Tail, stmt: Node) -> bool:
    """`T v = ARR[tid] (+ ARR[tid + 32])`: the register form's first statement."""
    if stmt.type != "declaration":
        return False
    ds = stmt.children_by_field_name("declarator")
    if len(ds) != 1 or ds[0].type != "init_declarator":
        return False
    name, value = ds[0].child_by_field_name("declarator"), ds[0].child_by_field_name("value")
    if name is None or value is None or name.type != "identifier":
        return False
    if _offset(ctx, t, value, {}) == 0:
        steps: list[tuple[int, str]] = []
    else:
        got = _combine(ctx, value)
        if got is None:
            return False
        op, a, b = got
        ka, kb = _offset(ctx, t, a, {}), _offset(ctx, t, b, {})
        if ka is None or kb is None or sorted((ka, kb))[0] != 0 or ka == kb:
            return False
        steps = [(ka or kb, op)]
    t.value = ctx.text(name)
    t.decl_prefix = (stmt.start_byte, name.start_byte)
    t.steps, t.dirty = steps, bool(steps)
    return True


def _alias(ctx: RuleContext, stmt: Node, arrays: set[str]) -> str | None:
    """`volatile T *vs = ARR;` -> vs."""
    if stmt.type != "declaration":
        return None
    ds = stmt.children_by_field_name("declarator")
    if len(ds) != 1 or ds[0].type != "init_declarator":
        return None
    d, value = ds[0].child_by_field_name("declarator"), ds[0].child_by_field_name("value")
    if d is None or value is None or d.type != "pointer_declarator":
        return None
    if ctx.text(strip_parens(value)) not in arrays:
        return None
    name = d.child_by_field_name("declarator")
    return ctx.text(name) if name is not None and name.type == "identifier" else None


def _scan(ctx: RuleContext, t: _Tail, stmts: list[Node]) -> int:
    """How many leading statements form the tail (0: not a tail)."""
    i = 0
    while i < len(stmts) and (alias := _alias(ctx, stmts[i], t.arrays)) is not None:
        t.arrays.add(alias)
        i += 1
    if i < len(stmts) and _declared_value(ctx, t, stmts[i]):
        i += 1
    end = i
    while i < len(stmts):
        s = stmts[i]
        if _is_unroll(ctx, s):
            i += 1
            continue
        if s.type == "for_statement":
            if not _loop(ctx, t, s):
                break
        elif not _event(ctx, t, s, {}):
            break
        i += 1
        end = i
    if t.inplace and t.value is not None:
        return 0
    if [k for k, _ in t.steps] != _STRIDES or len({op for _, op in t.steps}) != 1:
        return 0
    return end


def _first_return(ctx: RuleContext, fn: Node) -> float:
    """Offset of the function's first `return` statement (inf without one); one walk per function, not
    one per statement looked at."""
    cache: dict[int, float] | None = getattr(ctx, "_sycl_first_return", None)
    if cache is None:
        cache = {}
        ctx._sycl_first_return = cache  # type: ignore[attr-defined]
    found = cache.get(fn.start_byte)
    if found is None:
        returns = ts.captures("(return_statement) @r", fn).get("r", [])
        found = returns[0].start_byte if returns else float("inf")
        cache[fn.start_byte] = found
    return found


class WarpSmemTail(Rule):
    code = "GP257"
    name = "warp-smem-tail"
    targets = frozenset({"sycl"})
    summary = "Rewrite warp-synchronous shared-memory reduction tails as sycl::reduce_over_group."
    triggers = (b"32",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        for f in m.kernels.values():
            body = f.node.child_by_field_name("body")
            stmts = body_statements(body)
            for i, stmt in enumerate(stmts):
                d = self._at(ctx, f.node, stmt, stmts[i + 1 :])
                if d is not None:
                    yield d

    def _at(self, ctx: RuleContext, fn: Node, stmt: Node, after: list[Node]) -> Diagnostic | None:
        if stmt.type != "if_statement" or stmt.child_by_field_name("alternative") is not None:
            return None
        if _first_return(ctx, fn) < stmt.start_byte:
            return None  # work-items that returned early would not reach the group algorithm
        cond = condition_expr(stmt)
        if cond is None or not _is_binary(ctx, cond, "<"):
            return None
        tid_node, bound = cond.child_by_field_name("left"), cond.child_by_field_name("right")
        if tid_node is None or bound is None or int_value(ctx, bound) != 32 or not is_thread_x(ctx, tid_node):
            return None
        tid = ctx.text(strip_parens(tid_node))
        cons = stmt.child_by_field_name("consequence")
        inner = body_statements(cons)
        if not inner:
            return None
        got = self._call_form(ctx, inner[0], tid)
        if got is not None:
            t, n = got
        else:
            for array in sorted(self._arrays(ctx, fn)):
                t = _Tail(arrays={array}, tid=tid, base=array)
                n = _scan(ctx, t, inner)
                if n:
                    break
            else:
                return None
        if t.base is None:
            return None
        tail, rest = inner[:n], inner[n:]
        names = t.arrays | ({t.value} if t.value else set())
        for s in rest:  # what stays in the `if` may read the value only on work-item 0
            if mentions(ctx, s, names) and not _is_tid_zero_if(ctx, s, tid):
                return None
        if t.value is not None and _declarations(ctx, fn, t.value) != 1:
            return None  # hoisting the declaration would clash with another of the same name
        write_back = t.inplace or any(mentions(ctx, s, t.arrays | {t.base}) for s in rest + after)
        text = self._reduction(ctx, t, tid_node, write_back, statement_indent(ctx, stmt.start_byte))
        if rest:
            edits = [
                Edit(stmt.start_byte, stmt.start_byte, text + "\n" + statement_indent(ctx, stmt.start_byte))
            ]
            edits.append(delete_statements(ctx, tail[0].start_byte, tail[-1].end_byte))
            start, end = tail[0].start_byte, tail[-1].end_byte
        else:
            edits = [Edit(stmt.start_byte, stmt.end_byte, text)]
            start, end = stmt.start_byte, stmt.end_byte
        op = t.steps[0][1]
        return self.converted(
            start,
            end,
            f"warp-synchronous reduction tail of `{t.base}[0..63]` ({op}) -> sycl::reduce_over_group on "
            "the work-group, reached by every work-item",
            edits,
            family="device",
            symbol="__syncwarp",
        )

    def _arrays(self, ctx: RuleContext, fn: Node) -> set[str]:
        """The kernel's shared arrays (by name)."""
        name = next((k for k, f in model(ctx).functions.items() if f.node == fn), None)
        f = model(ctx).functions.get(name or "")
        return {v.name for v in f.shared} if f is not None else set()

    def _call_form(self, ctx: RuleContext, stmt: Node, tid: str) -> tuple[_Tail, int] | None:
        """`warpReduce(sdata, tid);`: a device function whose body is an in-place tail on its parameters."""
        if stmt.type != "expression_statement" or not stmt.named_children:
            return None
        call = stmt.named_children[0]
        name = call_name(ctx, call)
        args = call_args(call)
        f = model(ctx).functions.get(name or "")
        if f is None or len(args) != 2 or ctx.text(strip_parens(args[1])) != tid:
            return None
        arr = strip_parens(args[0])
        if arr.type != "identifier":
            return None
        plist = f.params_node
        params = [p for p in (plist.named_children if plist is not None else []) if p.type != "comment"]
        if len(params) != 2:
            return None
        pnames = [_param_name(ctx, p) for p in params]
        if None in pnames:
            return None
        t = _Tail(arrays={pnames[0]}, tid=pnames[1])  # type: ignore[arg-type]
        body = body_statements(f.node.child_by_field_name("body"))
        if not body or _scan(ctx, t, body) != len(body) or not t.inplace:
            return None
        out = _Tail(arrays={ctx.text(arr)}, tid=tid, steps=t.steps, inplace=True, base=ctx.text(arr))
        return out, 1

    def _reduction(self, ctx: RuleContext, t: _Tail, tid_node: Node, write_back: bool, indent: str) -> str:
        tid = render(ctx, tid_node.start_byte, tid_node.end_byte)
        op = t.steps[0][1]
        arr = t.base
        if op == "+":
            operand = f"{tid} < 64 ? {arr}[{tid}] : 0"
        else:  # max/min: any element is an identity
            operand = f"{arr}[{tid} < 64 ? {tid} : 0]"
        reduce = f"sycl::reduce_over_group({WG}, {operand}, {_OPS[op]})"
        if t.value is not None:
            prefix = render(ctx, *t.decl_prefix) if t.decl_prefix else ""
            text = f"{prefix}{t.value} = {reduce};"
            if write_back:
                text += f"\n{indent}if ({tid} == 0) {arr}[0] = {t.value};"
            return text
        step = "    " if not indent or indent[0] == " " else "\t"
        return (
            f"{{\n{indent}{step}auto gp_total = {reduce};\n"
            f"{indent}{step}if ({tid} == 0) {arr}[0] = gp_total;\n{indent}}}"
        )


def _param_name(ctx: RuleContext, p: Node) -> str | None:
    d = p.child_by_field_name("declarator")
    while d is not None and d.type != "identifier":
        d = d.child_by_field_name("declarator")
    return ctx.text(d) if d is not None else None


def _is_binary(ctx: RuleContext, node: Node | None, op: str) -> bool:
    if node is None or node.type != "binary_expression":
        return False
    return ctx.text(node.child_by_field_name("operator") or node) == op


def _is_tid_zero_if(ctx: RuleContext, stmt: Node, tid: str) -> bool:
    if stmt.type != "if_statement":
        return False
    cond = condition_expr(stmt)
    if cond is None or not _is_binary(ctx, cond, "=="):
        return False
    a, b = (ctx.text(strip_parens(cond.child_by_field_name(x) or cond)) for x in ("left", "right"))
    return {a, b} in ({tid, "0"}, {tid, "0u"})


def _declarations(ctx: RuleContext, fn: Node, name: str) -> int:
    count = 0
    for n in _walk(fn):
        if n.type in ("init_declarator", "declaration", "parameter_declaration"):
            d = n.child_by_field_name("declarator")
            while d is not None and d.type != "identifier":
                d = d.child_by_field_name("declarator")
            # A declaration's own name counts where it is its direct declarator (`int n;`); an
            # init_declarator or parameter counts for the name it holds.
            if d is not None and ctx.text(d) == name and (n.type != "declaration" or d.parent == n):
                count += 1
    return count
