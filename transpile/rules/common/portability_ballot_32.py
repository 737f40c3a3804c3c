"""GP307 ballot-32bit: a ballot result stored in, or passed as, a 32-bit integer.

What it does
    Reports `unsigned b = __ballot_sync(...)` (also `int`, `unsigned int`, `uint32_t`, `int32_t`, a cast to
    one of them, and `__activemask()`/`__ballot(...)`), and `__popc`, `__ffs`, `__clz`, `__brev` applied
    directly to a ballot.
Why
    A ballot has one bit per lane. HIP returns a 64-bit lane set (64 lanes on CDNA): keeping 32 bits
    drops lanes 32-63, and `__popc` of it counts only half the wavefront (`__popcll`, `__ffsll` take 64 bits).
Example
    unsigned votes = __ballot_sync(0xffffffff, x > 0);
    int n = __popc(__ballot_sync(0xffffffff, x > 0));
Translated to
    unchanged, with: GP307 ballot stored in 32-bit `unsigned`; use a 64-bit type (`unsigned long long`)
Safety
    reports only (review): widening the variable changes every expression that uses it.
References
    HIP programming guide, warp vote and ballot functions (64-bit return type).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from .portability_shared import call_args, callee_name

BALLOTS = frozenset({"__ballot_sync", "__ballot", "__activemask"})
_NARROW_BITS = frozenset({"__popc", "__ffs", "__clz", "__brev"})
_NARROW_TYPES = frozenset(
    {"int", "unsigned", "unsigned int", "signed", "signed int", "uint32_t", "int32_t", "uint", "unsigned32"}
)
_DECL = "(declaration type: (_) @type declarator: (init_declarator value: (_) @value)) @decl"
_CAST = "(cast_expression type: (type_descriptor) @type value: (_) @value) @cast"
_CALLS = "(call_expression) @call"


def _strip(node: Node) -> Node:
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    return node


def _ballot(ctx: RuleContext, node: Node) -> str:
    node = _strip(node)
    if node.type == "call_expression":
        name = callee_name(ctx, node)
        if name in BALLOTS:
            return name
    return ""


def _is_narrow(ctx: RuleContext, type_node: Node) -> bool:
    return " ".join(ctx.text(type_node).replace("std::", "").split()) in _NARROW_TYPES


class Ballot32(Rule):
    code = "GP307"
    name = "ballot-32bit"
    targets = frozenset({"hip", "sycl"})
    summary = "Report ballot results kept in 32-bit integers."
    triggers = (b"__ballot",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"__ballot" not in ctx.source and b"__activemask" not in ctx.source:
            return
        width = "64-bit on CDNA" if ctx.target == "hip" else "as wide as the sub-group"
        for m in ts.matches(_DECL, ctx.root):
            type_node, value = m["type"][0], m["value"][0]
            name = _ballot(ctx, value)
            if name and _is_narrow(ctx, type_node):
                yield self.warning(
                    value.start_byte,
                    value.end_byte,
                    f"`{name}` result stored in 32-bit `{ctx.text(type_node)}`: the lane set is {width}; "
                    "use `unsigned long long`",
                    family="portability",
                    symbol=name,
                )
        for m in ts.matches(_CAST, ctx.root):
            type_node, value = m["type"][0], m["value"][0]
            name = _ballot(ctx, value)
            if name and _is_narrow(ctx, type_node):
                cast = m["cast"][0]
                yield self.warning(
                    cast.start_byte,
                    cast.end_byte,
                    f"`{name}` result cast to 32-bit `{ctx.text(type_node)}`: the lane set is {width}",
                    family="portability",
                    symbol=name,
                )
        for call in ts.captures(_CALLS, ctx.root).get("call", []):
            outer = callee_name(ctx, call)
            if outer not in _NARROW_BITS:
                continue
            args = call_args(call)
            name = _ballot(ctx, args[0]) if args else ""
            if name:
                yield self.warning(
                    call.start_byte,
                    call.end_byte,
                    f"`{outer}` takes 32 bits but `{name}` is {width}: use `{outer}ll`",
                    family="portability",
                    symbol=name,
                )
