"""GP232 warp-vote: ballot counting and warp votes become sub-group algorithms.

What it does
    `__popc(__ballot_sync(mask, p))` -> `sycl::reduce_over_group(item.get_sub_group(), (p) ? 1 : 0,
    sycl::plus<>())`; a ballot kept in a variable whose only uses are `__popc(b)` is counted the same
    way (`unsigned b = __ballot_sync(m, p); n += __popc(b);` -> `unsigned b = sycl::reduce_over_group(...);
    n += b;`). `__any_sync(mask, p)` -> `sycl::any_of_group(item.get_sub_group(), p)`, `__all_sync` ->
    `sycl::all_of_group`. Any other ballot (its bits tested, masked with the lanes below, `__ffs`) builds
    the lane mask itself: `__ballot_sync(m, p)` -> `sycl::reduce_over_group(item.get_sub_group(), (p) ?
    (1u << item.get_sub_group().get_local_linear_id()) : 0u, sycl::bit_or<>())`.
Why
    Counting the lanes of a warp for which `p` holds is a sub-group reduction, right for any sub-group
    size; the 32-bit mask is only the CUDA way to compute it.
Example
    int n = __popc(__ballot_sync(0xffffffff, x > 0));
Translated to
    int n = sycl::reduce_over_group(item.get_sub_group(), (x > 0) ? 1 : 0, sycl::plus<>());
Safety
    safe for full masks; the lane mask is dropped (all lanes of the sub-group take part). The built
    lane mask (review) is CUDA's for sub-groups of at most 32 lanes; wider sub-groups (64-lane AMD
    wavefronts) would shift past bit 31, so kernels that need it must run with 32-lane sub-groups.
References
    SYCL 2020 specification, 4.17.4.3 (any_of_group, all_of_group), 4.17.4.5 (reduce_over_group).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import enclosing_function, model
from ._warp import SG, SG_LANE, call_args, call_name

# The mask-less forms (`__any(p)`, `__all(p)`, `__ballot(p)`: removed for sm_70+ but in older code) are the
# whole warp's vote, the `_sync` forms with a full mask.
_VOTES = {
    "__any_sync": "sycl::any_of_group",
    "__all_sync": "sycl::all_of_group",
    "__any": "sycl::any_of_group",
    "__all": "sycl::all_of_group",
}
_BALLOT = frozenset({"__ballot_sync", "__ballot"})


def _arity(name: str) -> int:
    return 2 if name.endswith("_sync") else 1


class WarpVote(Rule):
    code = "GP232"
    name = "warp-vote"
    targets = frozenset({"sycl"})
    summary = "Translate __popc(__ballot_sync), __any_sync and __all_sync (and the mask-less forms) to sub-group algorithms."
    triggers = (b"__ballot", b"__any", b"__all")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        handled: list[tuple[int, int]] = []  # ranges of the idioms' rewrites (ballots counted there)
        for d in self._idioms(ctx):
            handled.append((d.start, d.end))
            yield d
        m = model(ctx)
        device = {f.node.id for f in m.functions.values() if not f.host_too}
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            fn = enclosing_function(call)
            args = call_args(call)
            name = call_name(ctx, call)
            if name not in _BALLOT or fn is None or fn.id not in device or len(args) != _arity(name):
                continue
            if any(s <= call.start_byte and call.end_byte <= e for s, e in handled):
                continue
            p = args[-1]
            yield self.converted(
                call.start_byte,
                p.start_byte,
                f"`{name}` -> lane mask built by sycl::reduce_over_group(bit_or) on the sub-group",
                [
                    Edit(call.start_byte, p.start_byte, f"sycl::reduce_over_group({SG}, ("),
                    Edit(p.end_byte, call.end_byte, f") ? (1u << {SG_LANE}) : 0u, sycl::bit_or<>())"),
                ],
                family="device",
                symbol=name,
                safety=Safety.REVIEW,
            )

    def _idioms(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        device = {f.node.id for f in m.functions.values() if not f.host_too}
        calls = ts.captures("(call_expression) @c", ctx.root).get("c", [])
        for call in calls:
            name = call_name(ctx, call)
            fn = enclosing_function(call)
            if fn is None or fn.id not in device:
                continue
            args = call_args(call)
            if name in _VOTES and len(args) == _arity(name):
                new = f"{_VOTES[name]}({SG}, "
                yield self.converted(
                    call.start_byte,
                    args[-1].start_byte,
                    f"`{name}` -> `{_VOTES[name]}` on the sub-group",
                    [Edit(call.start_byte, args[-1].start_byte, new)],
                    family="device",
                    symbol=name,
                )
            elif name == "__popc" and len(args) == 1 and call_name(ctx, args[0]) in _BALLOT:
                inner = call_args(args[0])
                if len(inner) != _arity(call_name(ctx, args[0]) or ""):
                    continue
                p = inner[-1]
                yield self.converted(
                    call.start_byte,
                    call.end_byte,
                    "`__popc(__ballot_sync(...))` -> sycl::reduce_over_group count on the sub-group",
                    [
                        Edit(call.start_byte, p.start_byte, f"sycl::reduce_over_group({SG}, ("),
                        Edit(p.end_byte, call.end_byte, ") ? 1 : 0, sycl::plus<>())"),
                    ],
                    family="device",
                    symbol="__ballot_sync",
                )
        yield from self._ballot_variables(ctx, device)

    def _ballot_variables(self, ctx: RuleContext, device: set[int]) -> Iterator[Diagnostic]:
        for d in ts.captures("(init_declarator) @d", ctx.root).get("d", []):
            name_node, value = d.child_by_field_name("declarator"), d.child_by_field_name("value")
            if name_node is None or value is None or name_node.type != "identifier":
                continue
            if call_name(ctx, value) not in _BALLOT or len(call_args(value)) != _arity(
                call_name(ctx, value) or ""
            ):
                continue
            fn = enclosing_function(d)
            if fn is None or fn.id not in device:
                continue
            var = ctx.text(name_node)
            uses = [
                i
                for i in ts.captures("(identifier) @i", fn).get("i", [])
                if ctx.text(i) == var and i.id != name_node.id
            ]
            popcs = []
            for u in uses:
                arglist = u.parent
                call = arglist.parent if arglist is not None else None
                if (
                    arglist is None
                    or arglist.type != "argument_list"
                    or call is None
                    or call_name(ctx, call) != "__popc"
                    or len(call_args(call)) != 1
                ):
                    break
                popcs.append(call)
            else:
                if not popcs:
                    continue
                p = call_args(value)[-1]
                edits = [
                    Edit(value.start_byte, p.start_byte, f"sycl::reduce_over_group({SG}, ("),
                    Edit(p.end_byte, value.end_byte, ") ? 1u : 0u, sycl::plus<>())"),
                ]
                for c in popcs:
                    edits.append(Edit(c.start_byte, c.end_byte, var))
                yield self.converted(
                    value.start_byte,
                    value.end_byte,
                    f"ballot `{var}` only counted with __popc -> sycl::reduce_over_group count",
                    edits,
                    family="device",
                    symbol=call_name(ctx, value) or "__ballot_sync",
                )
                for c in popcs:
                    yield self.converted(
                        c.start_byte,
                        c.end_byte,
                        f"`__popc({var})` -> `{var}`",
                        family="device",
                        symbol="__popc",
                    )
