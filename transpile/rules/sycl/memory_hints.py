"""GP250 memory-hints: unified-memory prefetches, advice and CUDA 13's `cudaMemLocation`.

What it does
    `cudaMemPrefetchAsync(p, n, loc, flags, st)` (CUDA 13, and `cudaMemPrefetchAsync_v2`) and the older
    `cudaMemPrefetchAsync(p, n, device[, st])` -> `gpuport_prefetch(*st, p, n, loc_or_device)`, an inline
    helper that calls `queue::prefetch` when the target is a device and does nothing for the host.
    `cudaMemLocation`, `cudaMemLocationType` and its enumerators, `cudaCpuDeviceId` and
    `cudaInvalidDeviceId` become an inline struct, enum and constants with CUDA's fields and values
    (`gpuport_mem_location{type, id}`, `gpuport_mem_location_device`, `gpuport_cpu_device_id`), so
    location variables and comparisons keep compiling. `cudaMemAdvise[_v2](p, n, advice, loc)` and
    `cudaStreamAttachMemAsync(...)` -> nothing (the statement is removed; in an expression, `0`).
    The definitions are placed once per file by GP249.
Why
    SYCL 2020 `queue::prefetch` moves shared USM towards the queue's device; there is no standard way to
    prefetch towards the host (pages migrate back on first host access). `queue::mem_advise` takes
    implementation-defined advice values, so CUDA's advice enumerators have no standard meaning: passing
    them through would ask a backend for something else. Hints never change results, only speed.
Example
    cudaMemLocation loc = {};
    loc.type = cudaMemLocationTypeDevice;
    loc.id = dev;
    CUDA_CHECK(cudaMemPrefetchAsync(x, bytes, loc, 0, stream));
    CUDA_CHECK(cudaMemAdvise(x, bytes, cudaMemAdviseSetReadMostly, loc));
Translated to
    gpuport_mem_location loc = {};
    loc.type = gpuport_mem_location_device;
    loc.id = dev;
    CUDA_CHECK((gpuport_prefetch(*stream, x, bytes, loc), 0));
    CUDA_CHECK(0);
Safety
    safe. Only performance hints are dropped.
References
    CUDA Runtime API, unified addressing / memory management (cudaMemPrefetchAsync, cudaMemAdvise,
    cudaMemLocation); SYCL 2020 specification, 4.6.5.2 (queue::prefetch, queue::mem_advise).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import CallSite, call_at
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._memory_helpers import LOCATION_NAMES, PREFETCH_CALLS, drop_statement
from ._queue import queue_ref, wrap

NO_OPS = frozenset({"cudaMemAdvise", "cudaMemAdvise_v2", "cudaStreamAttachMemAsync"})
NO_OP_ARITY: dict[str, tuple[int, ...]] = {
    "cudaMemAdvise": (4,),
    "cudaMemAdvise_v2": (4,),
    "cudaStreamAttachMemAsync": (2, 3, 4),
}
TRIGGERS = tuple(n.encode() for n in sorted({*LOCATION_NAMES, *PREFETCH_CALLS, *NO_OPS}))


class MemoryHints(Rule):
    code = "GP250"
    name = "memory-hints"
    targets = frozenset({"sycl"})
    summary = "Translate cudaMemPrefetchAsync/cudaMemAdvise/cudaMemLocation to queue::prefetch or no-ops."
    triggers = TRIGGERS

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        declared = ctx.declared_names
        for occ in ctx.occurrences:
            name = occ.name
            if name not in LOCATION_NAMES and name not in PREFETCH_CALLS and name not in NO_OPS:
                continue
            if name in declared or ctx.is_claimed(occ.start, occ.end):
                continue
            if occ.node is not None and occ.node.type == "field_identifier":
                continue
            if name in LOCATION_NAMES:
                yield self.converted(
                    occ.start,
                    occ.end,
                    f"`{name}` -> `{LOCATION_NAMES[name]}` (inline definition)",
                    [Edit(occ.start, occ.end, LOCATION_NAMES[name])],
                    family="runtime",
                    symbol=name,
                )
                continue
            call = call_at(ctx, occ)
            if call is None:
                continue
            edits = self._prefetch(ctx, occ, call) if name in PREFETCH_CALLS else self._no_op(ctx, name, call)
            if edits is None:
                yield self.unconverted(
                    occ.start, occ.end, f"`{name}` call not understood", family="runtime", symbol=name
                )
                continue
            what = "queue::prefetch (devices only)" if name in PREFETCH_CALLS else "no-op (hint)"
            yield self.converted(
                occ.start, occ.end, f"`{name}` -> {what}", edits, family="runtime", symbol=name
            )
            for s, e in call.args:
                if any(ed.start <= s and e <= ed.end and ed.start < ed.end for ed in edits):
                    yield self.converted(s, e, "argument dropped", family="runtime")

    def _prefetch(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> list[Edit] | None:
        n = len(call.args)
        if call.name == "cudaMemPrefetchAsync_v2" or n == 5:
            if n not in (4, 5):
                return None
            stream_at = 4
        elif n in (3, 4):
            stream_at = 3
        else:
            return None
        q = queue_ref(ctx, call, stream_at)
        edits = [
            Edit(call.start, call.open + 1, f"gpuport_prefetch({q}, "),
            Edit(call.args[2][1], call.end, ")"),
        ]
        # Keep the pointer, size and location in place: names inside them are translated where they are.
        return wrap(ctx, occ, call, edits)

    def _no_op(self, ctx: RuleContext, name: str, call: CallSite) -> list[Edit] | None:
        if len(call.args) not in NO_OP_ARITY[name]:
            return None
        parent = call.node.parent if call.node is not None else None
        if parent is not None and parent.type == "expression_statement":
            return [drop_statement(ctx, parent)]
        return [Edit(call.start, call.end, "0")]
