"""GP301 warp-mask-literal: a full 32-lane mask literal (`0xffffffff`) used as a warp lane mask.

What it does
    Reports the literal `0xffffffff` where it is a warp lane mask: stored in a variable or macro that is
    passed as the mask of a `*_sync` warp function (or whose name says it is a mask), or, for SYCL, passed
    directly as that mask. For HIP a mask passed directly is not reported: GP102 drops it (HIP before 6.2)
    and GP302 widens it to 64 bits (HIP 6.2 and later).
Why
    The literal names exactly 32 lanes. On AMD CDNA a wavefront has 64 lanes, so "every lane" is
    `0xffffffffffffffff`; HIP 6.2's `*_sync` functions even refuse a 32-bit mask at compile time. A SYCL
    sub-group may have 8, 16, 32 or 64 work-items.
Example
    const unsigned FULL = 0xffffffff;
    v += __shfl_down_sync(FULL, v, 8);
Translated to
    unchanged, with: GP301 32-lane mask `0xffffffff` stored in `FULL` ...
Safety
    reports only (review). Widening a stored mask is not provably safe: the variable may also feed lane
    arithmetic (`__popc(mask)`, `mask >> lane`) that assumes 32 bits.
References
    HIP programming guide, warp cross-lane functions (64-bit masks); SYCL 2020 section 4.9.1.8 (sub-groups).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from .portability_shared import FULL_MASK_32, MASK_FUNCTIONS, call_args, callee_name, is_full_mask_32

_STORE = """
(init_declarator declarator: (_) @name value: (_) @value)
(assignment_expression left: (identifier) @name right: (_) @value)
"""
_MACRO = "(preproc_def name: (identifier) @name value: (preproc_arg) @value)"
_CALLS = "(call_expression) @call"
_MASKY = re.compile(r"mask", re.IGNORECASE)


def _declared_name(ctx: RuleContext, node: Node) -> str:
    # `unsigned m = ...` has an identifier declarator; `const unsigned m[1] = ...` is not a mask.
    return ctx.text(node) if node.type == "identifier" else ""


class WarpMaskLiteral(Rule):
    code = "GP301"
    name = "warp-mask-literal"
    targets = frozenset({"hip", "sycl"})
    summary = "Report full 32-lane mask literals (0xffffffff) used as warp masks."
    stale_if_rewritten = True  # a rewritten expression no longer assumes 32 lanes
    triggers = (b"_sync", b"0xffffffff", b"0xFFFFFFFF")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"0x" not in ctx.source and b"0X" not in ctx.source:
            return
        mask_args: set[str] = set()  # names passed as the mask argument somewhere in the file
        direct: list[Node] = []
        for call in ts.captures(_CALLS, ctx.root).get("call", []):
            if callee_name(ctx, call) not in MASK_FUNCTIONS:
                continue
            args = call_args(call)
            if not args:
                continue
            if args[0].type == "identifier":
                mask_args.add(ctx.text(args[0]))
            elif is_full_mask_32(ctx, args[0]):
                direct.append(args[0])
        found: list[tuple[Node | None, int, int, str]] = []
        for m in ts.matches(_STORE, ctx.root):
            name, value = _declared_name(ctx, m["name"][0]), m["value"][0]
            if name and is_full_mask_32(ctx, value) and (name in mask_args or _MASKY.search(name)):
                found.append((value, value.start_byte, value.end_byte, f"stored in `{name}`"))
        for m in ts.matches(_MACRO, ctx.root):
            name, value = ctx.text(m["name"][0]), m["value"][0]
            text = ctx.text(value)
            if FULL_MASK_32.fullmatch(text.strip()) and (name in mask_args or _MASKY.search(name)):
                start = value.start_byte + (len(text) - len(text.lstrip()))
                end = start + len(text.strip())
                found.append((None, start, end, f"the value of macro `{name}`"))
        if ctx.target == "sycl":
            for node in direct:
                found.append((node, node.start_byte, node.end_byte, "passed as a warp mask"))
        found.sort(key=lambda f: f[1])
        if ctx.target == "hip":
            where = (
                "a CDNA wavefront has 64 lanes (full mask 0xffffffffffffffff) and HIP 6.2's *_sync "
                "functions require a 64-bit mask"
            )
        else:
            where = "a SYCL sub-group's size is set by the device, not 32"
        for _node, start, end, how in found:
            literal = ctx.slice(start, end)
            yield self.warning(
                start, end, f"32-lane mask `{literal}` {how}: {where}", family="portability", symbol=literal
            )
