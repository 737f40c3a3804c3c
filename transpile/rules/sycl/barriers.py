"""GP207 barriers: `__syncthreads()` and fences become SYCL group barriers and atomic fences.

What it does
    `__syncthreads()` -> `sycl::group_barrier(item.get_group())`; `__syncwarp()` (any mask) ->
    `sycl::group_barrier(item.get_sub_group())`; `__threadfence()` ->
    `sycl::atomic_fence(sycl::memory_order::seq_cst, sycl::memory_scope::device)`,
    `__threadfence_block()` -> the same at `work_group` scope, `__threadfence_system()` at `system` scope.
    `__syncthreads_count/and/or(p)` -> `sycl::reduce_over_group(item.get_group(), ...)` with `sycl::plus`,
    `sycl::logical_and`, `sycl::logical_or` (which also synchronise the group).
Why
    SYCL 2020's group barrier is the work-group barrier; fences are `atomic_fence` with an explicit scope.
Example
    __syncthreads();
Translated to
    sycl::group_barrier(item.get_group());
Safety
    safe, except `__syncwarp`: always review. A sub-group barrier involves all lanes of the sub-group,
    and warp-synchronous code assumes 32 of them; with another sub-group size (1 on AdaptiveCpp's CPU
    backend, measured: the suite's monte-carlo-pi-lcg then races and prints FAIL) it synchronises less.
References
    SYCL 2020 specification, 4.17.3 (group_barrier), 3.8.3.2 (atomic_fence), 4.17.4.5 (reduce_over_group).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

FENCES = {
    "__threadfence": "device",
    "__threadfence_block": "work_group",
    "__threadfence_system": "system",
}
VOTES = {
    "__syncthreads_count": ("sycl::plus<int>()", "(int)"),
    "__syncthreads_and": ("sycl::logical_and<bool>()", "(bool)"),
    "__syncthreads_or": ("sycl::logical_or<bool>()", "(bool)"),
}


class Barriers(Rule):
    code = "GP207"
    name = "barriers"
    targets = frozenset({"sycl"})
    summary = "Translate __syncthreads, __syncwarp and __threadfence to SYCL barriers and fences."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            name = occ.name
            if name not in FENCES and name not in VOTES and name not in ("__syncthreads", "__syncwarp"):
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            call = call_at(ctx, occ)
            if call is None:
                yield self.unconverted(
                    occ.start, occ.end, f"`{name}` not called", family="device", symbol=name
                )
                continue
            safety = Safety.SAFE
            if name == "__syncthreads":
                new = "sycl::group_barrier(item.get_group())"
                edits = [Edit(call.start, call.end, new)]
            elif name == "__syncwarp":
                new = "sycl::group_barrier(item.get_sub_group())"
                if call.args and call.arg_text(ctx, 0).lower() not in (
                    "0xffffffff",
                    "0xffffffffu",
                    "~0u",
                    "-1",
                ):
                    safety = Safety.REVIEW
                edits = [Edit(call.start, call.end, new)]
            elif name in FENCES:
                new = f"sycl::atomic_fence(sycl::memory_order::seq_cst, sycl::memory_scope::{FENCES[name]})"
                edits = [Edit(call.start, call.end, new)]
            else:
                op, cast = VOTES[name]
                if len(call.args) != 1:
                    continue
                new = f"sycl::reduce_over_group(item.get_group(), {cast}("
                a0, a1 = call.args[0]
                edits = [
                    Edit(call.start, a0, new),
                    Edit(a1, call.end, f") ? 1 : 0, {op})" if cast == "(int)" else f"), {op})"),
                ]
                if cast == "(int)":
                    edits[0] = Edit(call.start, a0, "sycl::reduce_over_group(item.get_group(), (")
            yield self.converted(
                occ.start, occ.end, f"`{name}` -> `{new}`", edits, family="device", symbol=name, safety=safety
            )
