"""GP212 dim3-range: `dim3` values become `sycl::range<3>` with x/y/z in dimensions 2/1/0.

What it does
    `dim3 b(16, 16)` -> `sycl::range<3> b(1, 16, 16)`; `dim3 g((n + 15) / 16, m)` ->
    `sycl::range<3> g(1, m, (n + 15) / 16)`; `dim3 b;` -> `sycl::range<3> b(1, 1, 1)`; a `dim3(...)`
    expression -> `sycl::range<3>(...)` reversed; member reads and writes of those variables
    `b.x`/`b.y`/`b.z` -> `b[2]`/`b[1]`/`b[0]`; `dim3` parameters, return types, template arguments and
    `sizeof(dim3)` become `sycl::range<3>`; a `dim3` struct member gets the default `{1, 1, 1}` (a range
    has no default constructor), and members of those members or of calls returning dim3 are indexed too.
    A cast of an integer to dim3 (`(dim3)n_blocks`) becomes `sycl::range<3>(1, 1, n_blocks)`. A `dim3`
    parameter of a host function becomes `gpuport_range3`, a range that converts from a scalar as dim3
    does, since its callers may pass one (`launch_params(n_blocks, 256, ...)`).
    A `dim3` used any other way is reported unconverted.
Why
    No helper header: the range is the SYCL type a launch needs (GP203 multiplies grid by block), and
    `operator[]` gives the components back.
Example
    dim3 block(16, 16); dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
Translated to
    sycl::range<3> block(1, 16, 16); sycl::range<3> grid(1, (h + block[1] - 1) / block[1], (w + block[2] - 1) / block[2]);
Safety
    safe. Components of `sycl::range` are `size_t`, not `unsigned int`: mixed signed arithmetic on them
    can warn.
References
    SYCL 2020 specification, 4.9.1.1 (range).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import declarator_name, dim3_members, enclosing_function, is_dim3_expr, render, variable_type
from ._placement import block_edit

RANGE = "sycl::range<3>"


def _reversed_args(ctx: RuleContext, arglist: Node) -> str | None:
    args = [render(ctx, a.start_byte, a.end_byte) for a in arglist.named_children if a.type != "comment"]
    if len(args) > 3:
        return None
    args += ["1"] * (3 - len(args))
    return f"({args[2]}, {args[1]}, {args[0]})"


def _type_only(ctx: RuleContext, parent: Node) -> bool:
    """True when `dim3` names a type whose declaration needs no other change."""
    if parent.type in ("type_descriptor", "function_definition"):
        return True
    if parent.type in ("declaration", "field_declaration"):
        decls = parent.children_by_field_name("declarator")
        # `dim3 grid_for(int n);` at file or class scope declares a function (inside a function body the
        # same text is a variable with constructor arguments, handled by the caller)
        return bool(decls) and all(
            d.type == "function_declarator"
            and (enclosing_function(parent) is None or parent.type == "field_declaration")
            for d in decls
        )
    return False


def _host_parameter(ctx: RuleContext, param: Node) -> bool:
    """A parameter of a host function (not `__global__`, not `__device__`-only): where CUDA callers pass
    scalars for dim3 (a kernel's or device function's dim3 arguments come from other dim3 values)."""
    plist = param.parent
    fdecl = plist.parent if plist is not None else None
    if fdecl is None or fdecl.type != "function_declarator":
        return False
    outer = fdecl.parent
    while outer is not None and outer.type in ("reference_declarator", "pointer_declarator"):
        outer = outer.parent
    if outer is None or outer.type not in ("function_definition", "declaration", "field_declaration"):
        return False
    head = ctx.source[outer.start_byte : fdecl.start_byte]
    if b"__global__" in head:
        return False
    return not (b"__device__" in head and b"__host__" not in head)


def _in_sizeof(ctx: RuleContext, start: int, end: int) -> bool:
    """`sizeof(dim3)` parses as sizeof of a parenthesised identifier."""
    node = ctx.root.descendant_for_byte_range(start, end)
    if node is None or node.type != "identifier" or node.start_byte != start:
        return False
    p = node.parent
    if p is not None and p.type == "parenthesized_expression":
        p = p.parent
    return p is not None and p.type == "sizeof_expression"


_INTEGER_TYPE = re.compile(
    r"(?:const\s+|constexpr\s+|static\s+)*(?:(?:unsigned|signed|short|long|int|char)\b\s*)+|"
    r"(?:const\s+|constexpr\s+|static\s+)*(?:std::)?(?:size_t|u?int(?:8|16|32|64)_t|ptrdiff_t)"
)


def _scalar(ctx: RuleContext, node: Node) -> bool:
    """An integer expression: a literal, a variable declared with an integer type, or arithmetic on
    them (what a `(dim3)` cast of a grid size holds)."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node.type == "number_literal":
        return True
    if node.type == "identifier":
        t = variable_type(ctx, ctx.text(node), node)
        return t is not None and not t[1] and not t[2] and bool(_INTEGER_TYPE.fullmatch(t[0].strip()))
    if node.type == "binary_expression":
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        return left is not None and right is not None and _scalar(ctx, left) and _scalar(ctx, right)
    return False


RANGE3_HELPER = """\
#ifndef GPUPORT_RANGE3
#define GPUPORT_RANGE3
// An element of a dim3 array: sycl::range<3> has no default constructor; CUDA's dim3 defaults to (1, 1, 1).
struct gpuport_range3 : sycl::range<3> {
  gpuport_range3() : sycl::range<3>(1, 1, 1) {}
  gpuport_range3(size_t d0, size_t d1, size_t d2) : sycl::range<3>(d0, d1, d2) {}
  gpuport_range3(const sycl::range<3> &r) : sycl::range<3>(r) {}
  gpuport_range3(size_t x) : sycl::range<3>(1, 1, x) {}  // CUDA's dim3(x): y and z are 1
};
#endif
"""


class Dim3Range(Rule):
    code = "GP212"
    name = "dim3-range"
    targets = frozenset({"sycl"})
    summary = "Translate dim3 to sycl::range<3> (x/y/z -> 2/1/0)."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        dim3_vars: set[str] = set()
        handled: set[int] = set()
        helper_done = b"define GPUPORT_RANGE3" in ctx.source  # translated output has it already
        for tnode in ts.captures("(type_identifier) @t", ctx.root).get("t", []):
            if ctx.text(tnode) != "dim3":
                continue
            decl = tnode.parent
            cast = decl.parent if decl is not None and decl.type == "type_descriptor" else None
            value = (
                cast.child_by_field_name("value")
                if cast is not None and cast.type == "cast_expression"
                else None
            )
            if (
                cast is not None
                and value is not None
                and decl is not None
                and decl.named_child_count == 1
                and _scalar(ctx, value)
            ):
                # `(dim3)num_blocks`: CUDA's dim3 converts from one unsigned (x; y and z are 1), a range
                # has no such constructor
                handled.add(tnode.start_byte)
                yield self.converted(
                    cast.start_byte,
                    cast.end_byte,
                    "cast of a scalar to `dim3` -> `sycl::range<3>(1, 1, x)`",
                    [
                        Edit(cast.start_byte, value.start_byte, f"{RANGE}(1, 1, "),
                        Edit(value.end_byte, value.end_byte, ")"),
                    ],
                    family="types",
                    symbol="dim3",
                )
                continue
            if decl is not None and _type_only(ctx, decl):
                # a function returning dim3, a type argument, a cast: only the type name changes
                handled.add(tnode.start_byte)
                yield self.converted(
                    tnode.start_byte,
                    tnode.end_byte,
                    "`dim3` -> `sycl::range<3>`",
                    [Edit(tnode.start_byte, tnode.end_byte, RANGE)],
                    family="types",
                    symbol="dim3",
                )
                continue
            if decl is None or decl.type not in ("declaration", "parameter_declaration", "field_declaration"):
                continue
            edits = [Edit(tnode.start_byte, tnode.end_byte, RANGE)]
            ok = True
            arrays = False
            scalar_param = False
            if decl.type == "parameter_declaration" and _host_parameter(ctx, decl):
                # CUDA converts a scalar argument to a dim3 parameter (`launch_params(n_blocks, 256, ...)`),
                # a range has no such constructor: the parameter takes gpuport_range3, which converts from
                # a scalar (x) and from a range, and is a range
                edits[0] = Edit(tnode.start_byte, tnode.end_byte, "gpuport_range3")
                scalar_param = True
            for d in decl.children_by_field_name("declarator"):
                if d.type == "field_identifier":
                    # a struct member: dim3 defaults to (1, 1, 1); sycl::range has no default constructor
                    edits.append(Edit(d.end_byte, d.end_byte, "{1, 1, 1}"))
                    continue
                if d.type == "function_declarator" and enclosing_function(decl) is not None:
                    # `dim3 block(TILE, ROWS);` parses as a function declaration (macros look like types)
                    params = d.child_by_field_name("parameters")
                    name = d.child_by_field_name("declarator")
                    if params is not None and name is not None and name.type == "identifier":
                        dim3_vars.add(ctx.text(name))
                        args = _reversed_args(ctx, params)
                        if args is None:
                            ok = False
                            break
                        edits.append(Edit(params.start_byte, params.end_byte, args))
                        continue
                got = declarator_name(ctx, d)
                if (
                    got is not None
                    and got[1]
                    and "" not in got[1]
                    and not got[2]
                    and d.type == "array_declarator"
                    and decl.type == "declaration"
                ):
                    # `dim3 grid[3][2];`: sycl::range<3> has no default constructor, so the array holds
                    # gpuport_range3, a range that defaults to (1, 1, 1) as dim3 does
                    edits[0] = Edit(tnode.start_byte, tnode.end_byte, "gpuport_range3")
                    arrays = True
                    continue
                if got is None or got[1] or got[2]:
                    ok = False
                    break
                dim3_vars.add(got[0])
                if d.type == "identifier":
                    if decl.type == "declaration":
                        edits.append(Edit(d.end_byte, d.end_byte, "(1, 1, 1)"))
                    continue
                if d.type == "init_declarator":
                    value = d.child_by_field_name("value")
                    if value is not None and value.type == "argument_list":
                        args = _reversed_args(ctx, value)
                        if args is None:
                            ok = False
                            break
                        edits.append(Edit(value.start_byte, value.end_byte, args))
                        handled.add(value.start_byte)
                    elif value is not None and value.type == "initializer_list":
                        args = _reversed_args(ctx, value)
                        if args is None:
                            ok = False
                            break
                        # `dim3 d{x, y}` -> `d(1, y, x)`; `dim3 d = {x, y, 1}` (darknet) needs the type
                        # named, or `= (1, y, x)` is a comma expression (and braces would narrow ints).
                        copy = b"=" in ctx.source[d.start_byte : value.start_byte]
                        edits.append(
                            Edit(value.start_byte, value.end_byte, f"{RANGE}{args}" if copy else args)
                        )
                    elif (
                        value is not None
                        and value.type == "call_expression"
                        and (callee := value.child_by_field_name("function")) is not None
                        and ctx.text(callee) == "dim3"
                    ):
                        pass  # the expression rule below handles dim3(...)
                    elif value is not None and (
                        value.type in ("identifier", "field_expression") or is_dim3_expr(ctx, value)
                    ):
                        pass  # copy of another dim3, or a call of a function returning one
                    elif value is not None:
                        edits.append(Edit(value.start_byte, value.start_byte, f"{RANGE}(1, 1, "))
                        edits.append(Edit(value.end_byte, value.end_byte, ")"))
                elif d.type not in ("identifier",) and decl.type != "parameter_declaration":
                    ok = False
            handled.add(tnode.start_byte)
            if not ok:
                yield self.unconverted(
                    tnode.start_byte,
                    tnode.end_byte,
                    "dim3 declaration not understood",
                    family="types",
                    symbol="dim3",
                )
                continue
            if (arrays or scalar_param) and not helper_done:
                helper_done = True
                edits.insert(0, block_edit(ctx, tnode.start_byte, RANGE3_HELPER))
            yield self.converted(
                tnode.start_byte,
                tnode.end_byte,
                "`dim3` array -> `gpuport_range3` array"
                if arrays
                else "`dim3` parameter -> `gpuport_range3` (a range that converts from a scalar, as dim3 does)"
                if scalar_param
                else "`dim3` -> `sycl::range<3>`",
                edits,
                family="types",
                symbol="dim3",
            )
        # dim3(...) expressions
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            fn = call.child_by_field_name("function")
            # `(dim3)(n * 2)` parses as a call of a parenthesised `dim3`: a cast, as `dim3(n * 2)` is
            if fn is None or ctx.text(fn).replace(" ", "") not in ("dim3", "(dim3)"):
                continue
            if ctx.is_claimed(fn.start_byte, fn.end_byte):
                continue
            arglist = call.child_by_field_name("arguments")
            rev = _reversed_args(ctx, arglist) if arglist is not None else None
            if rev is None:
                continue
            if (
                arglist is not None
                and arglist.named_child_count == 1
                and is_dim3_expr(ctx, arglist.named_children[0])
            ):
                handled.add(fn.start_byte)
                yield self.converted(
                    fn.start_byte,
                    fn.end_byte,
                    "`dim3(d)` of a dim3 -> a copy of the range",
                    [Edit(fn.start_byte, fn.end_byte, RANGE)],
                    family="types",
                    symbol="dim3",
                )
                continue
            handled.add(fn.start_byte)
            yield self.converted(
                fn.start_byte,
                fn.end_byte,
                "`dim3(...)` -> `sycl::range<3>(...)`",
                [Edit(fn.start_byte, call.end_byte, RANGE + rev)],
                family="types",
                symbol="dim3",
            )
        # member accesses of dim3 variables
        for start, end, new in dim3_members(ctx):
            yield self.converted(
                start, end, f"dim3 member -> `{new}`", [Edit(start, end, new)], family="types"
            )
        for occ in ctx.occurrences:
            if occ.name == "dim3" and occ.start not in handled and not ctx.is_claimed(occ.start, occ.end):
                if _in_sizeof(ctx, occ.start, occ.end):
                    yield self.converted(
                        occ.start,
                        occ.end,
                        "`sizeof(dim3)` -> `sizeof(sycl::range<3>)`",
                        [Edit(occ.start, occ.end, RANGE)],
                        family="types",
                        symbol="dim3",
                    )
                    continue
                if _program_variable(ctx, occ):
                    # `int dim2, int dim3` (lightseq's and FasterTransformer's index helpers): a
                    # parameter or variable named like the type, and its uses
                    yield self.converted(
                        occ.start, occ.end, "`dim3` is the program's variable", family="types", symbol="dim3"
                    )
                    continue
                yield self.unconverted(
                    occ.start, occ.end, "`dim3` use not understood", family="types", symbol="dim3"
                )


def _program_variable(ctx: RuleContext, occ: Occurrence) -> bool:
    """True for `dim3` as a name the file declares as a variable or parameter (not a type): the
    declarator itself or a use of it that is not a call (`dim3(n)` constructs the type)."""
    node = occ.node
    if node is None or node.type != "identifier" or "dim3" not in ctx.declared_names:
        return False
    parent = node.parent
    return not (
        parent is not None
        and parent.type == "call_expression"
        and parent.child_by_field_name("function") == node
    )
