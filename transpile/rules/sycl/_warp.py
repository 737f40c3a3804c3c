"""What the warp-idiom rules (GP230-GP235) need to recognise CUDA warp code, shared between them.

CUDA warp code hard-codes 32 lanes; a SYCL sub-group has whatever size the device picks (1 on
AdaptiveCpp's CPU backend, 16 or 32 on Intel GPUs, 32 or 64 on AMD). Translating each shuffle one by one
keeps the 32-lane assumption, so these helpers recognise whole idioms (a shuffle-reduction loop, a
shuffle scan, lane/warp index arithmetic) whose meaning is "reduce/scan over the warp", which SYCL's group
algorithms express for any group size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...edits import Edit
from ._syntax import _walk, enclosing_function, function_name, idents_in, reads_lane_register, variable_type

SG = "item.get_sub_group()"
WG = "item.get_group()"
SG_LANE = "item.get_sub_group().get_local_linear_id()"
# The warp index as the position of the work-item's sub-group in a 1-D work-group: sub-groups are runs of
# consecutive work-items on every implementation we know, and AdaptiveCpp's CPU backend answers 0 to
# `sub_group::get_group_linear_id()` for every sub-group (measured; its source says "probably incorrect").
SG_WARP = "item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0]"
SG_SIZE = "item.get_sub_group().get_local_range()[0]"

SHUFFLE_DOWN = frozenset({"__shfl_down_sync", "__shfl_down"})
SHUFFLE_XOR = frozenset({"__shfl_xor_sync", "__shfl_xor"})
SHUFFLE_UP = frozenset({"__shfl_up_sync", "__shfl_up"})
SHUFFLES = SHUFFLE_DOWN | SHUFFLE_XOR | SHUFFLE_UP | {"__shfl_sync", "__shfl"}

# combiner function name -> SYCL function object
_MAX = frozenset({"max", "fmaxf", "fmax", "std::max", "::max", "maxf"})
_MIN = frozenset({"min", "fminf", "fmin", "std::min", "::min", "minf"})
# compound assignment -> SYCL function object
_COMPOUND = {
    "+=": "sycl::plus<>()",
    "*=": "sycl::multiplies<>()",
    "|=": "sycl::bit_or<>()",
    "&=": "sycl::bit_and<>()",
    "^=": "sycl::bit_xor<>()",
}
_BINARY = {"+": "sycl::plus<>()", "*": "sycl::multiplies<>()", "|": "sycl::bit_or<>()"}


def strip_parens(node: Node) -> Node:
    while node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    return node


def call_name(ctx: RuleContext, node: Node) -> str | None:
    node = strip_parens(node)
    if node.type != "call_expression":
        return None
    fn = node.child_by_field_name("function")
    if fn is None:
        return None
    if fn.type == "template_function":
        fn = fn.child_by_field_name("name") or fn
    return ctx.text(fn)


def call_args(node: Node) -> list[Node]:
    args = strip_parens(node).child_by_field_name("arguments")
    return [a for a in args.named_children if a.type != "comment"] if args is not None else []


def _macro_values(ctx: RuleContext) -> dict[str, str]:
    cached = getattr(ctx, "_warp_macros", None)
    if cached is None:
        cached = {}
        for d in ts.captures("(preproc_def) @d", ctx.root).get("d", []):
            name, value = d.child_by_field_name("name"), d.child_by_field_name("value")
            if name is not None and value is not None:
                cached[ctx.text(name)] = ctx.text(value).strip()
        # constexpr int W = 32; at file scope
        for decl in ctx.root.children:
            if decl.type != "declaration" or "constexpr" not in ctx.text(decl).split("=")[0]:
                continue
            for d in decl.children_by_field_name("declarator"):
                if d.type == "init_declarator":
                    n, v = d.child_by_field_name("declarator"), d.child_by_field_name("value")
                    if n is not None and v is not None and n.type == "identifier":
                        cached[ctx.text(n)] = ctx.text(v).strip()
        ctx._warp_macros = cached  # type: ignore[attr-defined]
    return cached


def int_value(ctx: RuleContext, node: Node) -> int | None:
    """The value of a constant expression made of literals, warpSize (as 32) and macros/constexprs."""
    node = strip_parens(node)
    text = ctx.text(node)
    if node.type == "number_literal":
        m = re.fullmatch(r"(0x[0-9a-fA-F]+|\d+)[uUlL]*", text)
        return int(m.group(1), 0) if m else None
    if node.type == "identifier":
        if text == "warpSize":
            return 32
        value = _macro_values(ctx).get(text)
        if value is not None and re.fullmatch(r"\(?\s*(0x[0-9a-fA-F]+|\d+)[uUlL]*\s*\)?", value):
            return int(re.search(r"0x[0-9a-fA-F]+|\d+", value).group(), 0)  # type: ignore[union-attr]
        return None
    if node.type == "binary_expression":
        a, b = node.child_by_field_name("left"), node.child_by_field_name("right")
        op = node.child_by_field_name("operator")
        if a is None or b is None or op is None:
            return None
        x, y = int_value(ctx, a), int_value(ctx, b)
        if x is None or y is None:
            return None
        o = ctx.text(op)
        if o == "/" and y:
            return x // y
        if o == ">>":
            return x >> y
        if o == "-":
            return x - y
        if o == "*":
            return x * y
        if o == "+":
            return x + y
    return None


def is_warp_size(ctx: RuleContext, node: Node) -> bool:
    return int_value(ctx, node) == 32


def is_thread_x(ctx: RuleContext, node: Node) -> bool:
    """`threadIdx.x`, or a local variable initialised with exactly `threadIdx.x` (`const int tid = ...`)."""
    node = strip_parens(node)
    if ctx.text(node).replace(" ", "") == "threadIdx.x":
        return True
    if node.type == "identifier":
        init = local_initializer(ctx, ctx.text(node), node)
        return init is not None and ctx.text(strip_parens(init)).replace(" ", "") == "threadIdx.x"
    return False


def local_initializer(ctx: RuleContext, name: str, at: Node) -> Node | None:
    """The initializer of a local variable declared once in the enclosing function, else None."""
    fn = enclosing_function(at)
    if fn is None:
        return None
    found = _initializers(ctx, fn).get(name, [])
    return found[0] if len(found) == 1 else None


def _initializers(ctx: RuleContext, fn: Node) -> dict[str, list[Node]]:
    """Variable name -> the initializers of its `name = value` declarators in function `fn`; one query
    per function (the lane/warp analyses ask about each identifier they meet)."""
    cache: dict[tuple[int, int], dict[str, list[Node]]] | None = getattr(ctx, "_sycl_initializers", None)
    if cache is None:
        cache = {}
        ctx._sycl_initializers = cache  # type: ignore[attr-defined]
    key = (fn.start_byte, fn.end_byte)
    found = cache.get(key)
    if found is None:
        found = {}
        for d in ts.captures("(init_declarator) @d", fn).get("d", []):
            n = d.child_by_field_name("declarator")
            if n is not None and n.type == "identifier":
                v = d.child_by_field_name("value")
                if v is not None:
                    found.setdefault(ctx.text(n), []).append(v)
        cache[key] = found
    return found


def lane_kind(ctx: RuleContext, node: Node) -> str | None:
    """'lane' for threadIdx.x % 32 / & 31 / % warpSize / & (warpSize - 1); 'warp' for / 32 / >> 5."""
    node = strip_parens(node)
    if node.type != "binary_expression":
        return None
    a, b, op = (
        node.child_by_field_name("left"),
        node.child_by_field_name("right"),
        node.child_by_field_name("operator"),
    )
    if a is None or b is None or op is None or not is_thread_x(ctx, a):
        return None
    o, v = ctx.text(op), int_value(ctx, b)
    if (o == "%" and v == 32) or (o == "&" and v == 31):
        return "lane"
    if (o == "/" and v == 32) or (o == ">>" and v == 5):
        return "warp"
    return None


def var_kind(ctx: RuleContext, node: Node) -> str | None:
    """'lane'/'warp' for an identifier initialised with a lane/warp expression, or such an expression."""
    node = strip_parens(node)
    if node.type == "identifier":
        init = local_initializer(ctx, ctx.text(node), node)
        return lane_kind(ctx, init) if init is not None else None
    return lane_kind(ctx, node)


@dataclass(frozen=True)
class Reduce:
    target: str  # the lvalue text (`v`, `v.x`)
    op: str  # SYCL function object, e.g. "sycl::plus<>()"
    stmt: Node  # the statement in the loop body


def _shuffle_of(ctx: RuleContext, node: Node, target: str, offset: str, kinds: frozenset[str]) -> bool:
    """True when node is `SHFL(mask, target, offset[, 32])` with SHFL in kinds."""
    name = call_name(ctx, node)
    if name not in kinds:
        return False
    args = call_args(node)
    if name.endswith("_sync"):
        args = args[1:]
    if len(args) == 3 and is_warp_size(ctx, args[2]):
        args = args[:2]
    return (
        len(args) == 2
        and ctx.text(strip_parens(args[0])) == target
        and ctx.text(strip_parens(args[1])) == offset
    )


def _reduce_stmt(ctx: RuleContext, stmt: Node, offset: str, kinds: frozenset[str]) -> Reduce | None:
    if stmt.type != "expression_statement" or not stmt.named_children:
        return None
    e = stmt.named_children[0]
    if e.type != "assignment_expression":
        return None
    lhs, rhs, op = (
        e.child_by_field_name("left"),
        e.child_by_field_name("right"),
        e.child_by_field_name("operator"),
    )
    if lhs is None or rhs is None or op is None:
        return None
    target = ctx.text(lhs)
    o = ctx.text(op)
    if o in _COMPOUND:
        return Reduce(target, _COMPOUND[o], stmt) if _shuffle_of(ctx, rhs, target, offset, kinds) else None
    if o != "=":
        return None
    rhs = strip_parens(rhs)
    if rhs.type == "binary_expression":
        a, b, bop = (
            rhs.child_by_field_name("left"),
            rhs.child_by_field_name("right"),
            rhs.child_by_field_name("operator"),
        )
        if a is None or b is None or bop is None or ctx.text(bop) not in _BINARY:
            return None
        pair = (
            [ctx.text(strip_parens(a)), b]
            if ctx.text(strip_parens(a)) == target
            else [ctx.text(strip_parens(b)), a]
        )
        if pair[0] == target and _shuffle_of(ctx, pair[1], target, offset, kinds):  # type: ignore[arg-type]
            return Reduce(target, _BINARY[ctx.text(bop)], stmt)
        return None
    name = call_name(ctx, rhs)
    if name is None:
        return None
    args = call_args(rhs)
    if len(args) != 2:
        return None
    op_name = "sycl::maximum<>()" if name in _MAX else "sycl::minimum<>()" if name in _MIN else None
    if op_name is None:
        return None
    for mine, other in ((args[0], args[1]), (args[1], args[0])):
        if ctx.text(strip_parens(mine)) == target and _shuffle_of(ctx, other, target, offset, kinds):
            return Reduce(target, op_name, stmt)
    return None


def mentions(ctx: RuleContext, node: Node, names: set[str]) -> bool:
    """Whether an identifier under `node` is one of `names`."""
    return any(n.type == "identifier" and ctx.text(n) in names for n in _walk(node))


def statement_indent(ctx: RuleContext, offset: int) -> str:
    """The whitespace before `offset` on its line, or "" when code precedes it there."""
    line = ctx.source.rfind(b"\n", 0, offset) + 1
    return ctx.source[line:offset].decode() if not ctx.source[line:offset].strip() else ""


def delete_statements(ctx: RuleContext, start: int, end: int) -> Edit:
    """Remove [start, end) (whole statements), with their whole lines when nothing else is on them."""
    line_start = ctx.source.rfind(b"\n", 0, start) + 1
    line_end = ctx.source.find(b"\n", end)
    line_end = len(ctx.source) if line_end < 0 else line_end
    if not ctx.source[line_start:start].strip() and not ctx.source[end:line_end].strip():
        return Edit(line_start, min(line_end + 1, len(ctx.source)), "")
    return Edit(start, end, "")


def body_statements(node: Node | None) -> list[Node]:
    if node is None:
        return []
    if node.type == "compound_statement":
        return [c for c in node.named_children if c.type != "comment"]
    return [node]


def loop_parts(ctx: RuleContext, loop: Node) -> tuple[str, Node | None] | None:
    """(loop variable, its initial value) of `for (int v = init; ...)` / `for (v = init; ...)`."""
    init = loop.child_by_field_name("initializer")
    if init is None:
        return None
    if init.type == "declaration":
        ds = init.children_by_field_name("declarator")
        if len(ds) != 1 or ds[0].type != "init_declarator":
            return None
        n, v = ds[0].child_by_field_name("declarator"), ds[0].child_by_field_name("value")
    elif (
        init.type == "assignment_expression" and ctx.text(init.child_by_field_name("operator") or init) == "="
    ):
        n, v = init.child_by_field_name("left"), init.child_by_field_name("right")
    else:
        return None
    if n is None or n.type != "identifier":
        return None
    return ctx.text(n), v


def _loop_variable(ctx: RuleContext, loop: Node) -> tuple[str, Node] | None:
    parts = loop_parts(ctx, loop)
    if parts is None or parts[1] is None:
        return None
    return parts[0], parts[1]


def _update_halves(ctx: RuleContext, upd: Node | None, var: str) -> bool:
    t = re.sub(r"\s+", "", ctx.text(upd)) if upd is not None else ""
    return t in (f"{var}>>=1", f"{var}/=2", f"{var}={var}/2", f"{var}={var}>>1")


def _update_doubles(ctx: RuleContext, upd: Node | None, var: str) -> bool:
    t = re.sub(r"\s+", "", ctx.text(upd)) if upd is not None else ""
    return t in (f"{var}<<=1", f"{var}*=2", f"{var}={var}*2", f"{var}={var}<<1", f"{var}+={var}")


def reduction_loop(ctx: RuleContext, loop: Node) -> list[Reduce] | None:
    """The reductions of a whole-warp shuffle-reduction loop, or None.

    Recognised: `for (o = 16 | warpSize/2 | W/2; o > 0; o /= 2 | o >>= 1)` with a body of statements
    `v += SHFL(mask, v, o)` / `v = max(v, SHFL(mask, v, o))` (SHFL = down or xor), and the xor butterfly
    counting up `for (o = 1; o < 32; o *= 2)`."""
    if loop.type != "for_statement":
        return None
    got = _loop_variable(ctx, loop)
    if got is None:
        return None
    var, start = got
    cond = loop.child_by_field_name("condition")
    upd = loop.child_by_field_name("update")
    ctext = re.sub(r"\s+", "", ctx.text(cond)) if cond is not None else ""
    kinds: frozenset[str]
    if int_value(ctx, start) == 16 and ctext in (f"{var}>0", f"{var}>=1", f"{var}!=0", var):
        if not _update_halves(ctx, upd, var):
            return None
        kinds = SHUFFLE_DOWN | SHUFFLE_XOR
    elif int_value(ctx, start) == 1 and cond is not None and _update_doubles(ctx, upd, var):
        c = strip_parens(cond)
        right = c.child_by_field_name("right")
        if c.type != "binary_expression" or right is None or not is_warp_size(ctx, right):
            return None
        if (
            ctx.text(c.child_by_field_name("left") or c) != var
            or ctx.text(c.child_by_field_name("operator") or c) != "<"
        ):
            return None
        kinds = SHUFFLE_XOR
    else:
        return None
    stmts = body_statements(loop.child_by_field_name("body"))
    out = [_reduce_stmt(ctx, s, var, kinds) for s in stmts]
    if not out or any(r is None for r in out):
        return None
    return out  # type: ignore[return-value]


def scan_loop(ctx: RuleContext, loop: Node) -> tuple[str, str] | None:
    """(value text, SYCL op) of a Kogge-Stone shuffle scan:
    `for (o = 1; o < 32; o *= 2) { T t = __shfl_up_sync(m, v, o); if (lane >= o) v += t; }`."""
    if loop.type != "for_statement":
        return None
    got = _loop_variable(ctx, loop)
    if got is None or int_value(ctx, got[1]) != 1:
        return None
    var = got[0]
    cond = loop.child_by_field_name("condition")
    if cond is None or not _update_doubles(ctx, loop.child_by_field_name("update"), var):
        return None
    c = strip_parens(cond)
    right = c.child_by_field_name("right")
    if c.type != "binary_expression" or right is None or not is_warp_size(ctx, right):
        return None
    if (
        ctx.text(c.child_by_field_name("left") or c) != var
        or ctx.text(c.child_by_field_name("operator") or c) != "<"
    ):
        return None
    stmts = body_statements(loop.child_by_field_name("body"))
    if len(stmts) != 2 or stmts[0].type != "declaration" or stmts[1].type != "if_statement":
        return None
    ds = stmts[0].children_by_field_name("declarator")
    if len(ds) != 1 or ds[0].type != "init_declarator":
        return None
    tmp, val = ds[0].child_by_field_name("declarator"), ds[0].child_by_field_name("value")
    if tmp is None or val is None or tmp.type != "identifier" or call_name(ctx, val) not in SHUFFLE_UP:
        return None
    args = call_args(val)
    if call_name(ctx, val).endswith("_sync"):  # type: ignore[union-attr]
        args = args[1:]
    if len(args) == 3 and is_warp_size(ctx, args[2]):
        args = args[:2]
    if len(args) != 2 or ctx.text(strip_parens(args[1])) != var:
        return None
    value = ctx.text(strip_parens(args[0]))
    ifs = stmts[1]
    if ifs.child_by_field_name("alternative") is not None:
        return None
    ic = strip_parens(ifs.child_by_field_name("condition") or ifs)
    if ic.type == "condition_clause" and ic.named_children:
        ic = strip_parens(ic.named_children[0])
    if ic.type != "binary_expression" or ctx.text(ic.child_by_field_name("operator") or ic) != ">=":
        return None
    left, right = ic.child_by_field_name("left"), ic.child_by_field_name("right")
    if left is None or right is None or ctx.text(right) != var or var_kind(ctx, left) != "lane":
        return None
    inner = body_statements(ifs.child_by_field_name("consequence"))
    if len(inner) != 1 or inner[0].type != "expression_statement" or not inner[0].named_children:
        return None
    e = inner[0].named_children[0]
    if e.type != "assignment_expression":
        return None
    op = ctx.text(e.child_by_field_name("operator") or e)
    if op not in _COMPOUND or ctx.text(e.child_by_field_name("left") or e) != value:
        return None
    if ctx.text(strip_parens(e.child_by_field_name("right") or e)) != ctx.text(tmp):
        return None
    return value, _COMPOUND[op]


def condition_expr(node: Node) -> Node | None:
    c = node.child_by_field_name("condition")
    if c is None:
        return None
    if c.type == "condition_clause" and c.named_children:
        c = c.named_children[0]
    return strip_parens(c)


def reduce_functions(ctx: RuleContext) -> dict[str, str]:
    """Device functions whose body is one whole-warp reduction loop on their only parameter followed by
    `return param;`: name -> SYCL op (e.g. `warp_sum` -> `sycl::plus<>()`)."""
    cached = getattr(ctx, "_warp_reduce_fns", None)
    if isinstance(cached, dict):
        return cached
    out: dict[str, str] = {}
    for fn in ts.captures("(function_definition) @f", ctx.root).get("f", []):
        body = fn.child_by_field_name("body")
        stmts = body_statements(body)
        if len(stmts) != 2 or stmts[1].type != "return_statement":
            continue
        reds = reduction_loop(ctx, stmts[0])
        ret = stmts[1].named_children
        if not reds or len(reds) != 1 or not ret or ctx.text(strip_parens(ret[0])) != reds[0].target:
            continue
        decl = ts.function_declarator(fn)
        if decl is None:
            continue
        params = decl.child_by_field_name("parameters")
        plist = [p for p in params.named_children if p.type == "parameter_declaration"] if params else []
        name = decl.child_by_field_name("declarator")
        if len(plist) != 1 or name is None or not ctx.text(plist[0]).endswith(reds[0].target):
            continue
        out[ctx.text(name)] = reds[0].op
    ctx._warp_reduce_fns = out  # type: ignore[attr-defined]
    return out


def reduce_call(ctx: RuleContext, stmt: Node) -> tuple[str, str] | None:
    """(target, op) for a statement `x = warp_sum(x);` calling a recognised reduce function."""
    if stmt.type != "expression_statement" or not stmt.named_children:
        return None
    e = stmt.named_children[0]
    if e.type != "assignment_expression" or ctx.text(e.child_by_field_name("operator") or e) != "=":
        return None
    lhs, rhs = e.child_by_field_name("left"), e.child_by_field_name("right")
    if lhs is None or rhs is None:
        return None
    name = call_name(ctx, rhs)
    op = reduce_functions(ctx).get(name or "")
    args = call_args(rhs) if op else []
    if op is None or len(args) != 1 or ctx.text(strip_parens(args[0])) != ctx.text(lhs):
        return None
    return ctx.text(lhs), op


_PRAGMA = re.compile(rb"[ \t]*#[ \t]*pragma[ \t]+unroll\b[^\n]*\n[ \t]*$")


def loop_start(ctx: RuleContext, loop: Node) -> int:
    """Start of a loop including a `#pragma unroll` line right above it (the pragma must go with the loop:
    it may not precede a plain statement)."""
    line_start = ctx.source.rfind(b"\n", 0, loop.start_byte) + 1
    prev = ctx.source.rfind(b"\n", 0, max(line_start - 1, 0)) + 1
    m = _PRAGMA.match(ctx.source, prev, loop.start_byte)
    if m is None:
        return loop.start_byte
    return prev + len(ctx.source[prev:line_start]) - len(ctx.source[prev:line_start].lstrip(b" \t"))


def top_level_start(ctx: RuleContext, node: Node) -> int:
    """Where a file-scope helper for `node`'s function goes: the start of the line of the top-level
    declaration holding it (its `template <...>` and the comments right above it included)."""
    top = node
    while top.parent is not None and top.parent.type != "translation_unit":
        top = top.parent
    while (
        top.prev_sibling is not None
        and top.prev_sibling.type == "comment"
        and not ctx.source[top.prev_sibling.end_byte : top.start_byte].count(b"\n") > 1
        and _starts_line(ctx.source, top.prev_sibling.start_byte)
    ):
        top = top.prev_sibling  # (not a comment ending another line: `#endif // __clang__`)
    line = ctx.source.rfind(b"\n", 0, top.start_byte) + 1
    return line if not ctx.source[line : top.start_byte].strip() else top.start_byte


def _starts_line(source: bytes, pos: int) -> bool:
    return not source[source.rfind(b"\n", 0, pos) + 1 : pos].strip()


def helper_edit(ctx: RuleContext, at: int, text: str) -> Edit:
    """An edit placing file-scope helper definitions `text` at `at` (from top_level_start). Where that is
    also where the queue prelude (GP201, an earlier rule) inserts, the helpers follow it."""
    return Edit(at, at, text)


_TILE_WORDS = frozenset({"thread_block_tile", "tiled_partition"})


# CUDA shuffle (mask-less name) -> helper for a width other than 32 (segments of `width` lanes).
WIDTH_HELPERS = {
    "__shfl_down": "gpuport_shfl_down_width",
    "__shfl_up": "gpuport_shfl_up_width",
    "__shfl_xor": "gpuport_shfl_xor_width",
    "__shfl": "gpuport_shfl_width",
}
_WIDTH_HELPER_TEXT = {
    "gpuport_shfl_down_width": (
        "// CUDA __shfl_down_sync with a width: a lane whose source lies past its segment keeps its value.\n"
        "template <typename T>\n"
        "static inline T gpuport_shfl_down_width(const sycl::sub_group &sg, T v, unsigned delta, unsigned width) {\n"
        "  const T moved = sycl::shift_group_left(sg, v, delta);\n"
        "  return sg.get_local_linear_id() % width + delta < width ? moved : v;\n"
        "}\n"
    ),
    "gpuport_shfl_up_width": (
        "// CUDA __shfl_up_sync with a width: a lane whose source lies before its segment keeps its value.\n"
        "template <typename T>\n"
        "static inline T gpuport_shfl_up_width(const sycl::sub_group &sg, T v, unsigned delta, unsigned width) {\n"
        "  const T moved = sycl::shift_group_right(sg, v, delta);\n"
        "  return sg.get_local_linear_id() % width >= delta ? moved : v;\n"
        "}\n"
    ),
    "gpuport_shfl_xor_width": (
        "// CUDA __shfl_xor_sync with a width: a lane whose partner lies in a later segment keeps its value.\n"
        "template <typename T>\n"
        "static inline T gpuport_shfl_xor_width(const sycl::sub_group &sg, T v, unsigned mask, unsigned width) {\n"
        "  const T moved = sycl::permute_group_by_xor(sg, v, mask);\n"
        "  const unsigned lane = sg.get_local_linear_id();\n"
        "  return (lane ^ mask) < (lane / width + 1) * width ? moved : v;\n"
        "}\n"
    ),
    "gpuport_shfl_width": (
        "// CUDA __shfl_sync with a width: lane `src` of this lane's segment of `width` lanes.\n"
        "template <typename T>\n"
        "static inline T gpuport_shfl_width(const sycl::sub_group &sg, T v, int src, unsigned width) {\n"
        "  const unsigned lane = sg.get_local_linear_id();\n"
        "  return sycl::select_from_group(sg, v, lane / width * width + (unsigned)src % width);\n"
        "}\n"
    ),
}


# Guarded: headers and the sources including them may each need a helper (ggml's common.cuh and mma.cuh).
_WIDTH_HELPER_TEXT = {
    name: f"#ifndef {name.upper()}\n#define {name.upper()}\n{text}#endif\n"
    for name, text in _WIDTH_HELPER_TEXT.items()
}


def width_shuffle_helpers(ctx: RuleContext) -> dict[str, Node]:
    """Helpers the width shuffles of this file need (GP235): helper name -> its first use."""
    out: dict[str, Node] = {}
    for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
        name = call_name(ctx, call)
        if name not in SHUFFLES:
            continue
        args = call_args(call)
        if name.endswith("_sync"):
            args = args[1:]
        if len(args) == 3 and not is_warp_size(ctx, args[2]):
            out.setdefault(WIDTH_HELPERS[name.removesuffix("_sync")], call)
    return out


def width_helper_text(name: str) -> str:
    return _WIDTH_HELPER_TEXT[name]


# Names whose meaning is a collective over the warp: where a function uses one (directly or through a
# callee), its lane/warp arithmetic must be the sub-group's, else the two disagree on any sub-group size
# other than 32.
COLLECTIVES = (
    SHUFFLES
    | _TILE_WORDS
    | frozenset(
        {
            "__syncwarp",
            "__activemask",
            "__ballot_sync",
            "__ballot",
            "__any_sync",
            "__all_sync",
            "__any",
            "__all",
            "__uni_sync",
            "__match_any_sync",
            "__match_all_sync",
            "__reduce_add_sync",
            "__reduce_min_sync",
            "__reduce_max_sync",
            "__reduce_and_sync",
            "__reduce_or_sync",
            "__reduce_xor_sync",
            "coalesced_threads",
            "WarpReduce",
            "WarpScan",
        }
    )
)


def subgroup_functions(ctx: RuleContext) -> set[str]:
    """Functions whose lanes are sub-group lanes: those using a warp collective (COLLECTIVES, or inline
    PTX reading %laneid), directly or through the functions they call, and every function these call (a
    `lane_id()` helper of a shuffling kernel must agree with its shuffles). In any other function
    `threadIdx.x % 32` is plain arithmetic on the work-item's index and right as it stands.
    Built from the syntax tree alone (the SYCL model's shared-array extents depend on it)."""
    cached = getattr(ctx, "_subgroup_fns", None)
    if isinstance(cached, set):
        return cached
    bodies: dict[str, list[Node]] = {}
    for fn in ts.captures("(function_definition) @f", ctx.root).get("f", []):
        name, body = function_name(ctx, fn), fn.child_by_field_name("body")
        if name is not None and body is not None:
            bodies.setdefault(name, []).append(body)
    direct: set[str] = set()
    calls: dict[str, set[str]] = {}
    names = set(bodies)
    for name, bs in bodies.items():
        ids: set[str] = set()
        for b in bs:
            ids |= idents_in(ctx, b)
            if reads_lane_register(ctx, b):
                direct.add(name)
        calls[name] = (ids & names) - {name}
        if ids & COLLECTIVES:
            direct.add(name)
    out = set(direct)
    changed = True
    while changed:  # callers of collective users
        changed = False
        for name, callees in calls.items():
            if name not in out and callees & out:
                out.add(name)
                changed = True
    todo = list(out)
    while todo:  # and what they call
        for callee in calls.get(todo.pop(), set()):
            if callee not in out:
                out.add(callee)
                todo.append(callee)
    ctx._subgroup_fns = out  # type: ignore[attr-defined]
    return out


def tile_index_kind(ctx: RuleContext, node: Node) -> str | None:
    """'lane' / 'warp' for `t.thread_rank()` / `t.meta_group_rank()` on a 32-lane cooperative-groups
    tile `t` (declared `thread_block_tile<32>` or from `tiled_partition<32>`), else var_kind."""
    node = strip_parens(node)
    if node.type == "call_expression" and not call_args(node):
        fe = node.child_by_field_name("function")
        if fe is not None and fe.type == "field_expression":
            obj, field_ = fe.child_by_field_name("argument"), fe.child_by_field_name("field")
            method = ctx.text(field_) if field_ is not None else ""
            if obj is not None and obj.type == "identifier" and method in ("thread_rank", "meta_group_rank"):
                if _is_warp_tile(ctx, obj):
                    return "lane" if method == "thread_rank" else "warp"
    return var_kind(ctx, node)


def _is_warp_tile(ctx: RuleContext, ident: Node) -> bool:
    got = variable_type(ctx, ctx.text(ident), ident)
    if got is not None and re.search(r"thread_block_tile\s*<\s*(32|warpSize)\s*>", got[0]):
        return True
    init = local_initializer(ctx, ctx.text(ident), ident)
    return (
        init is not None and re.search(r"tiled_partition\s*<\s*(32|warpSize)\s*>", ctx.text(init)) is not None
    )


def _subscripts(node: Node) -> tuple[Node | None, list[Node]]:
    """(base identifier, indices outermost first) of `a[i][j]`."""
    indices: list[Node] = []
    while node.type == "subscript_expression":
        idx = node.child_by_field_name("indices") or node.child_by_field_name("index")
        if idx is not None and idx.type == "subscript_argument_list":
            inner = [c for c in idx.named_children if c.type != "comment"]
            if len(inner) != 1:
                return None, []
            idx = inner[0]
        if idx is None:
            return None, []
        indices.insert(0, idx)
        node = node.child_by_field_name("argument")  # type: ignore[assignment]
        if node is None:
            return None, []
    return (node if node.type == "identifier" else None), indices


def warp_slot_dims(ctx: RuleContext, fn: Node, name: str, dims: list[str]) -> list[str]:
    """Extents of a `__shared__` array `name` of function `fn`, each extent indexed by a warp index
    (`a[warp]`, `a[k][threadIdx.x / 32]`, `a[tile.meta_group_rank()]`) scaled by 32: the array holds one
    slot per warp, and with sub-groups of s lanes a block has 32/s times as many sub-groups as warps (s = 1
    on a CPU). Only in functions whose warp index becomes the sub-group's (subgroup_functions, 1-D block)."""
    body = fn.child_by_field_name("body")
    if body is None or not dims or "" in dims:
        return dims
    if function_name(ctx, fn) not in subgroup_functions(ctx) or not one_dimensional(ctx, fn):
        return dims
    scaled: set[int] = set()
    for sub in ts.captures("(subscript_expression) @s", body).get("s", []):
        if sub.parent is not None and sub.parent.type == "subscript_expression":
            continue
        base, indices = _subscripts(sub)
        if base is None or ctx.text(base) != name or len(indices) != len(dims):
            continue
        for k, idx in enumerate(indices):
            if tile_index_kind(ctx, idx) == "warp":
                scaled.add(k)
    return [
        (f"{d} * 32" if re.fullmatch(r"\w+", d) else f"({d}) * 32") if k in scaled else d
        for k, d in enumerate(dims)
    ]


_MULTI_DIM = re.compile(r"\b(threadIdx|blockDim)\s*\.\s*[yz]\b")


def _launch_configs(ctx: RuleContext) -> dict[str, list[Node]]:
    """Kernel name -> the `<<<...>>>` configurations launching it, in file order. Found with one query
    per file and kept on the context: a query per kernel made translation quadratic in file size."""
    found: dict[str, list[Node]] | None = getattr(ctx, "_warp_lane_launches", None)
    if found is None:
        found = {}
        # The `<<<...>>>` children of calls, from the tree's index: what the query `(call_expression
        # function: (_) @fn (kernel_call_syntax) @cfg)` finds, without another walk of the whole tree.
        for cfg in ts.root_index(ctx.root).get("kernel_call_syntax", []):
            call = cfg.parent
            fn = call.child_by_field_name("function") if call is not None else None
            if call is None or call.type != "call_expression" or fn is None:
                continue
            callee = ctx.text(fn).split("<")[0].split("::")[-1]
            found.setdefault(callee, []).append(cfg)
        ctx._warp_lane_launches = found  # type: ignore[attr-defined]
    return found


def one_dimensional(ctx: RuleContext, fn: Node) -> bool:
    """True when the function's block is provably 1-D (see warp_lane.py, GP233, for when that is)."""
    if _MULTI_DIM.search(ctx.text(fn)):
        return False
    name = function_name(ctx, fn)
    for config in _launch_configs(ctx).get(name, []) if name is not None else []:
        cfg = [c for c in config.named_children if c.type != "comment"]
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
