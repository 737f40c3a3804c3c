"""GP243 warp-match: `__match_any_sync` / `__match_all_sync` become small sub-group helper functions.

What it does
    `__match_any_sync(mask, v)` -> `gpuport_match_any(item.get_sub_group(), v)` and
    `__match_all_sync(mask, v, &pred)` -> `gpuport_match_all(item.get_sub_group(), v, &pred)`, with the
    helpers defined once per file (`static inline` templates, placed before the first function that uses
    them; the block also holds the width-shuffle helpers of GP235). `gpuport_match_any` visits every lane of the sub-group with `sycl::select_from_group` and sets
    bit `l` of the result when lane `l` holds the same value; `gpuport_match_all` tests the value of lane
    0 against every lane with `sycl::all_of_group`.
Why
    SYCL 2020 has no match operation; a loop over the sub-group's lanes computes CUDA's lane mask for any
    sub-group size up to 32 lanes (the size of the mask), including 1-lane sub-groups on a CPU.
Example
    const unsigned peers = __match_any_sync(active, bin);
Translated to
    const unsigned peers = gpuport_match_any(item.get_sub_group(), bin);
Safety
    review: the mask argument is dropped (all lanes of the sub-group are compared, so every lane of the
    sub-group must reach the call, which SYCL requires of group functions anyway: a call under a branch
    that only some lanes take is undefined); the lane mask has 32 bits, so sub-groups wider than 32
    lanes (64-lane AMD wavefronts) are not covered.
References
    CUDA C++ Programming Guide, Warp Match Functions; SYCL 2020 specification, 4.17.3.4
    (select_from_group), 4.17.4.3 (all_of_group).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import enclosing_function, model
from ._warp import (
    SG,
    call_args,
    call_name,
    helper_edit,
    top_level_start,
    width_helper_text,
    width_shuffle_helpers,
)

MATCH_ANY = (
    "// CUDA __match_any_sync on a sub-group: bit l is set when lane l holds the same value.\n"
    "template <typename T>\n"
    "static inline unsigned gpuport_match_any(const sycl::sub_group &sg, T value) {\n"
    "  unsigned peers = 0u;\n"
    "  for (unsigned l = 0; l < sg.get_local_linear_range(); ++l)\n"
    "    if (sycl::select_from_group(sg, value, l) == value) peers |= 1u << l;\n"
    "  return peers;\n"
    "}\n"
)
MATCH_ALL = (
    "// CUDA __match_all_sync on a sub-group: every lane's bit when all lanes hold the same value, else 0.\n"
    "template <typename T>\n"
    "static inline unsigned gpuport_match_all(const sycl::sub_group &sg, T value, int *pred) {\n"
    "  const bool same = sycl::all_of_group(sg, sycl::group_broadcast(sg, value) == value);\n"
    "  const unsigned n = sg.get_local_linear_range();\n"
    "  *pred = same;\n"
    "  return same ? (n >= 32u ? 0xffffffffu : (1u << n) - 1u) : 0u;\n"
    "}\n"
)
_HELPERS = {
    "__match_any_sync": ("gpuport_match_any", MATCH_ANY, 2),
    "__match_all_sync": ("gpuport_match_all", MATCH_ALL, 3),
}
# Guarded: a header and a source including it may each need one
_HELPERS = {
    k: (name, f"#ifndef {name.upper()}\n#define {name.upper()}\n{text}#endif\n", n)
    for k, (name, text, n) in _HELPERS.items()
}


class WarpMatch(Rule):
    code = "GP243"
    name = "warp-match"
    targets = frozenset({"sycl"})
    summary = "Translate __match_any_sync/__match_all_sync to inline sub-group helper functions."
    triggers = (b"__match_", b"__shfl")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        device = {f.node.id for f in m.functions.values() if not f.host_too}
        used: dict[str, int] = {}  # CUDA name -> where its helper goes
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            name = call_name(ctx, call)
            if name not in _HELPERS:
                continue
            fn = enclosing_function(call)
            fn_node = call.child_by_field_name("function")
            args = call_args(call)
            helper, _text, arity = _HELPERS[name]
            if fn is None or fn.id not in device or fn_node is None or len(args) != arity:
                continue
            at = top_level_start(ctx, fn)
            used[name] = min(at, used.get(name, at))
            yield self.converted(
                fn_node.start_byte,
                fn_node.end_byte,
                f"`{name}` -> `{helper}` over the sub-group (mask dropped: every lane of the sub-group must "
                "reach the call; lane masks cover at most 32 lanes)",
                [Edit(call.start_byte, args[1].start_byte, f"{helper}({SG}, ")],
                family="device",
                symbol=name,
                safety=Safety.REVIEW,
            )
        # The width shuffles of GP235 need helpers too: all helpers go in one block, each defined once.
        texts = [_HELPERS[n][1] for n in sorted(used)]
        for helper, call in sorted(width_shuffle_helpers(ctx).items()):
            fn = enclosing_function(call)
            if fn is None or fn.id not in device:
                continue
            at = top_level_start(ctx, fn)
            used[helper] = min(at, used.get(helper, at))
            texts.append(width_helper_text(helper))
        if used:
            at = min(used.values())
            text = "".join(texts) + "\n"  # a blank line before the code that follows
            yield self.converted(
                at, at, "sub-group helper functions", [helper_edit(ctx, at, text)], family="device"
            )
