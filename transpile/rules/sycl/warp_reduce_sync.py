"""GP242 warp-reduce-sync: `__reduce_*_sync` with a full mask becomes `sycl::reduce_over_group`.

What it does
    `__reduce_add_sync(mask, v)` -> `sycl::reduce_over_group(item.get_sub_group(), v, sycl::plus<>())`,
    `__reduce_min_sync` -> `sycl::minimum<>()`, `__reduce_max_sync` -> `sycl::maximum<>()`,
    `__reduce_and_sync` / `__reduce_or_sync` / `__reduce_xor_sync` -> `sycl::bit_and<>()` /
    `sycl::bit_or<>()` / `sycl::bit_xor<>()`, when the mask is the full warp (`0xffffffff`, a macro or
    constexpr of that value, or `__activemask()`), or a parameter of the enclosing device function (the
    caller's mask, as in reduction's `warpReduceSum<int>(unsigned mask, int v)`: taken as the whole warp,
    as GP230 takes a shuffle loop's mask; review). A literal partial mask is reported unconverted.
Why
    These sm_80 intrinsics reduce over every lane of the warp; with all lanes taking part that is a
    sub-group reduction, which SYCL expresses for any sub-group size (the code treats the result as the
    warp's total, and a sub-group is the SYCL warp). A partial mask reduces over a subset of lanes,
    which no SYCL group algorithm does.
Example
    unsigned total = __reduce_add_sync(0xffffffffu, (unsigned)pc);
Translated to
    unsigned total = sycl::reduce_over_group(item.get_sub_group(), (unsigned)pc, sycl::plus<>());
Safety
    safe for a full mask: all lanes of the sub-group take part, as all lanes of the warp did; review for a
    caller's mask (the callers must pass every lane, as reduction's do for blocks of 32 or more). When the
    code also assumes 32 lanes elsewhere (a `& 31` lane, per-warp arrays), GP233/GP303-GP305 report it.
References
    CUDA C++ Programming Guide, Warp Reduce Functions; SYCL 2020 specification, 4.17.4.5
    (reduce_over_group).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import declarator_name, enclosing_function, model
from ._warp import SG, call_args, call_name, int_value, strip_parens

OPS = {
    "__reduce_add_sync": "sycl::plus<>()",
    "__reduce_min_sync": "sycl::minimum<>()",
    "__reduce_max_sync": "sycl::maximum<>()",
    "__reduce_and_sync": "sycl::bit_and<>()",
    "__reduce_or_sync": "sycl::bit_or<>()",
    "__reduce_xor_sync": "sycl::bit_xor<>()",
}
FULL_MASK = 0xFFFFFFFF


def full_mask(ctx: RuleContext, node: Node) -> bool:
    """The mask names every lane: 0xffffffff (literal, macro, constexpr, ~0u, -1) or __activemask()."""
    node = strip_parens(node)
    if call_name(ctx, node) == "__activemask":
        return True
    text = ctx.text(node).replace(" ", "")
    if text in (
        "~0",
        "~0u",
        "~0U",
        "-1",
        "~0x0u",
        "(unsigned)-1",
        "0xFFFFFFFF",
        "0xFFFFFFFFu",
        "0xFFFFFFFFU",
    ):
        return True
    return int_value(ctx, node) == FULL_MASK


class WarpReduceSync(Rule):
    code = "GP242"
    name = "warp-reduce-sync"
    targets = frozenset({"sycl"})
    summary = "Translate full-mask __reduce_*_sync (sm_80) to sycl::reduce_over_group on the sub-group."
    triggers = (b"__reduce_",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        device = {f.node.id for f in m.functions.values() if not f.host_too}
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            name = call_name(ctx, call)
            if name not in OPS:
                continue
            fn = enclosing_function(call)
            if fn is None or fn.id not in device:
                continue
            args = call_args(call)
            fn_node = call.child_by_field_name("function")
            assert fn_node is not None
            if len(args) != 2:
                continue
            from_caller = _caller_mask(ctx, fn, args[0])
            if not full_mask(ctx, args[0]) and not from_caller:
                yield self.unconverted(
                    fn_node.start_byte,
                    fn_node.end_byte,
                    f"`{name}` with the partial mask `{ctx.text(args[0])}`: SYCL group algorithms reduce "
                    "over the whole sub-group; rewrite the reduction over the named lanes by hand",
                    family="device",
                    symbol=name,
                )
                continue
            value = args[1]
            yield self.converted(
                fn_node.start_byte,
                fn_node.end_byte,
                f"`{name}` -> sycl::reduce_over_group on the sub-group"
                + (
                    f" (the mask `{ctx.text(args[0])}` is the caller's: taken as the whole warp, as GP230 takes "
                    "a shuffle loop's; the callers must pass every lane)"
                    if from_caller and not full_mask(ctx, args[0])
                    else ""
                ),
                [
                    Edit(call.start_byte, value.start_byte, f"sycl::reduce_over_group({SG}, "),
                    Edit(value.end_byte, call.end_byte, f", {OPS[name]})"),
                ],
                family="device",
                symbol=name,
                safety=Safety.REVIEW if from_caller and not full_mask(ctx, args[0]) else Safety.SAFE,
            )


def _caller_mask(ctx: RuleContext, fn: Node, mask: Node) -> bool:
    """The mask is a parameter of the enclosing device function (reduction's
    `warpReduceSum<int>(unsigned mask, int v)` specialisation): the caller decides it, as for the shuffle
    loop of the generic version, which GP230 translates dropping its mask."""
    mask = strip_parens(mask)
    if mask.type != "identifier":
        return False
    f = next((f for f in model(ctx).functions.values() if f.node.id == fn.id), None)
    params = f.params_node if f is not None else None
    names = (
        declarator_name(ctx, d)
        for p in (params.named_children if params is not None else [])
        if (d := p.child_by_field_name("declarator")) is not None
    )
    return any(n is not None and n[0] == ctx.text(mask) for n in names)
