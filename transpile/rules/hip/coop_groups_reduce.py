"""GP109 coop-groups-reduce: `cg::reduce` over a thread-block tile, which HIP's cooperative groups lack.

What it does
    Rewrites `cg::reduce(tile, v, op)` to `gpuport_cg_reduce(tile, v, op)`, the functors `cg::plus<T>`,
    `cg::less<T>`, `cg::greater<T>`, `cg::bit_and<T>`, `cg::bit_or<T>`, `cg::bit_xor<T>` to
    `gpuport_cg_plus<T>` and so on, and replaces `#include <cooperative_groups/reduce.h>` with the helper definitions
    (preceded by `#include <hip/hip_cooperative_groups.h>` when the file lacks it) (`cg` stands for
    `cooperative_groups` or any namespace alias of it).
Why
    HIP's cooperative groups (up to 6.2) have tiles and coalesced groups with `shfl_down`/`shfl` but no
    `reduce`. The helper is a binary tree: in round k lane r adds lane r + 2^k when r is a multiple of
    2^(k+1), so lane 0 holds the reduction after `ceil(log2(size))` rounds and `shfl(value, 0)` gives it
    to every lane, as CUDA's `cg::reduce` does. Any group size works, so a coalesced group taken inside
    a branch (warp-aggregated atomics) is right too. The functors are the helper's own (`__device__`
    call operators) because `std::plus` is `constexpr` host code to nvcc.
Example
    v = cg::reduce(tile, v, cg::plus<float>());
Translated to
    v = gpuport_cg_reduce(tile, v, gpuport_cg_plus<float>());
Safety
    review: floating-point sums may differ in the last bits from CUDA's order of operations.
References
    CUDA C++ Programming Guide, cooperative groups `reduce`; HIP cooperative groups API (`shfl_down`, `shfl`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety, Status
from ...edits import Edit
from ..base import Rule
from ._helpers import block, helper_anchor

_QUALIFIED = "(qualified_identifier scope: (namespace_identifier) @ns name: (_) @name) @q"
_ALIAS = re.compile(rb"namespace\s+(\w+)\s*=\s*(?:::)?\s*cooperative_groups\s*;")
REDUCE_HEADER = "cooperative_groups/reduce.h"
_CG_HEADERS = frozenset({"cooperative_groups.h", "hip/hip_cooperative_groups.h"})

# cg functor -> (helper functor, how it combines a and b)
FUNCTORS = {
    "plus": ("gpuport_cg_plus", "a + b"),
    "less": ("gpuport_cg_less", "b < a ? b : a"),
    "greater": ("gpuport_cg_greater", "a < b ? b : a"),
    "bit_and": ("gpuport_cg_bit_and", "a & b"),
    "bit_or": ("gpuport_cg_bit_or", "a | b"),
    "bit_xor": ("gpuport_cg_bit_xor", "a ^ b"),
}


def helpers_text() -> str:
    # A binary tree over shfl_down, not a shfl_xor butterfly: cg::reduce also takes coalesced groups
    # (`cg::coalesced_threads()` inside a branch), whose size need not be a power of two, and CUDA's
    # coalesced_group has no shfl_xor (so the HIP-on-CUDA layer could not build the butterfly either).
    # Round k adds lane r + 2^k into lane r when r is a multiple of 2^(k+1): lane 0 ends with the whole
    # group's value, which shfl then hands to every lane, as cg::reduce does.
    lines = [
        "// gpuport: HIP's cooperative groups have no reduce: a shfl_down tree over the group (any size,",
        "// coalesced groups too); every lane gets the result.",
        "template <typename Group, typename T, typename Op>",
        "__device__ inline T gpuport_cg_reduce(Group group, T value, Op op) {",
        "  const unsigned int n = group.size(), rank = group.thread_rank();",
        "  for (unsigned int offset = 1; offset < n; offset *= 2) {",
        "    T other = group.shfl_down(value, offset);",
        "    if (rank % (2 * offset) == 0 && rank + offset < n) value = op(value, other);",
        "  }",
        "  return group.shfl(value, 0);",
        "}",
    ]
    for helper, expr in FUNCTORS.values():
        lines.append(
            f"template <typename T> struct {helper} {{ __device__ T operator()(const T& a, const T& b) const "
            f"{{ return {expr}; }} }};"
        )
    return block(*lines)


class CoopGroupsReduce(Rule):
    code = "GP109"
    name = "coop-groups-reduce"
    targets = frozenset({"hip"})
    summary = "Rewrite cg::reduce and its functors to an inline shfl_down tree helper."
    triggers = (b"reduce",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"cooperative_groups" not in ctx.source:
            return
        spaces = {"cooperative_groups"} | {m.group(1).decode() for m in _ALIAS.finditer(ctx.source)}
        found: list[tuple[int, int, str, str]] = []  # (start, end, cuda text, replacement)
        for match in ts.matches(_QUALIFIED, ctx.root):
            ns, name, q = match["ns"][0], match["name"][0], match["q"][0]
            if ctx.text(ns) not in spaces:
                continue
            if q.parent is not None and q.parent.type == "qualified_identifier":
                continue  # `a::cg::x`: not our namespace
            if name.type == "identifier" and ctx.text(name) == "reduce":
                found.append((q.start_byte, q.end_byte, ctx.text(q), "gpuport_cg_reduce"))
            elif name.type in ("template_function", "template_type"):
                base = name.child_by_field_name("name")
                if base is None or ctx.text(base) not in FUNCTORS:
                    continue
                helper = FUNCTORS[ctx.text(base)][0]
                # Keep the template arguments; replace `cg::plus` only.
                found.append((q.start_byte, base.end_byte, ctx.text(q), helper))
        if not found:
            return
        found.sort()
        header = next((inc for inc in ctx.includes if inc.path == REDUCE_HEADER), None)
        if header is not None:
            # The helpers go where the reduce header was: after the includes they need.
            line_end = ctx.source.find(b"\n", header.directive_start)
            end = len(ctx.source) if line_end == -1 else line_end + 1
            # The cooperative groups header itself is only needed when the file does not include it.
            has_cg = any(inc.path in _CG_HEADERS for inc in ctx.includes)
            include = "" if has_cg else "#include <hip/hip_cooperative_groups.h>\n"
            prelude = Edit(header.directive_start, end, include + helpers_text())
            yield Diagnostic(
                self.code,
                f"`<{REDUCE_HEADER}>` -> inline reduce helpers (and `<hip/hip_cooperative_groups.h>` if missing)",
                header.directive_start,
                header.directive_end,
                Status.CONVERTED,
                "headers",
                REDUCE_HEADER,
                Safety.SAFE,
                (prelude,),
            )
        else:
            at = helper_anchor(ctx, found[0][0], found[-1][0])
            prelude = Edit(at, at, helpers_text())
        for i, (start, end, text, new) in enumerate(found):
            edits = [Edit(start, end, new)]
            if header is None and i == 0:
                edits.append(prelude)
            yield self.converted(
                start,
                end,
                f"`{text}` -> `{new}`"
                + (" (shfl_down tree: any group size)" if new == "gpuport_cg_reduce" else ""),
                edits,
                family="cooperative_groups",
                symbol=text.split("<", 1)[0],
                safety=Safety.REVIEW if new == "gpuport_cg_reduce" else Safety.SAFE,
            )
