"""GP210 memory-api: CUDA allocation, copy and synchronisation calls become USM on the queue.

What it does
    `cudaMalloc(&p, n)` -> `p = (T *)sycl::malloc_device(n, gpuport_queue())` (T from p's declaration with
    its CUDA type names translated, `curandState` -> `gpuport_rand_state`; else, or when a CUDA name in it
    has no known translation, `std::remove_reference_t<decltype(p)>`, as `decltype(a[0])` is a
    reference); `cudaMallocManaged`
    -> `sycl::malloc_shared`; `cudaMallocHost`/`cudaHostAlloc` -> `sycl::malloc_host`;
    `cudaFree`/`cudaFreeHost` -> `sycl::free(p, gpuport_queue())`; the stream-ordered `cudaMallocAsync`
    allocates at once and `cudaFreeAsync(p, st)` waits for the stream, then frees; `cudaMemcpy(d, s, n, kind)` ->
    `gpuport_queue().memcpy(d, s, n).wait()`; `cudaMemcpyAsync(d, s, n, kind, st)` ->
    `st->memcpy(d, s, n)`; `cudaMemcpyPeer[Async](d, dev_d, s, dev_s, n[, st])` the same copy (the
    device numbers dropped: USM pointers name their memory); `cudaMemset[Async]` -> `.memset(...)`; `cudaDeviceSynchronize()` ->
    `gpuport_queue().wait()`; `cudaStreamSynchronize(st)` -> `st->wait()` (`cudaStreamQuery(st)` too: it then answers 0, done); a stream variable that may hold 0 (CUDA's default
    stream: a parameter, a global, a local initialised with a value) is used as
    `(st ? *st : gpuport_queue())`. Used as an expression
    (`CUDA_CHECK(cudaMalloc(...))`) the result is wrapped as `(..., 0)` so it still yields a success code.
    Pitched copies are GP249's, prefetches and advice GP250's, mapped host memory GP251's.
Why
    Unified shared memory on one in-order queue is the SYCL 2020 counterpart of CUDA's pointer-based
    memory model and default stream. Errors surface as SYCL exceptions, not return codes.
Example
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
Translated to
    CUDA_CHECK((gpuport_queue().memcpy(d_x, x.data(), n * sizeof(float)).wait(), 0));
Safety
    safe. The copy direction argument is dropped (USM pointers know where they live). `cudaHostAlloc`
    flags are dropped: host USM is always device-accessible (mapped) and usable by every device of the
    context (portable); write-combining is only a performance hint.
References
    SYCL 2020 specification, 4.8 (USM), 4.6.5.2 (queue shortcut functions).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ...calls import CallSite, call_at
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import QUEUE
from ._queue import assign_target, queue_of, wrap

# The allocations and the USM function each becomes: the tables' rows routed to GP210 with a spelling
# (`rule:GP210 sycl::malloc_device`); the other calls are this class's `_<name>` methods.
# A handler's answer: the edits and their safety, or None when the call is not understood.
_Result = tuple[list[Edit], Safety] | None
_Handler = Callable[[RuleContext, Occurrence, CallSite], _Result]


class MemoryApi(Rule):
    code = "GP210"
    name = "memory-api"
    targets = frozenset({"sycl"})
    summary = "Translate CUDA memory and synchronisation calls to USM operations on the queue."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        allocations = ctx.tables.handled_by(self.code)
        for occ in ctx.occurrences:
            if occ.node is not None and occ.node.type == "field_identifier":
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            name = occ.name
            handler: _Handler | None = None
            if allocations.get(name):
                handler = self._alloc
            elif name.startswith("cuda"):
                handler = getattr(self, "_" + name, None)
            if handler is None:
                continue
            call = call_at(ctx, occ)
            if call is None:
                continue
            got = handler(ctx, occ, call)
            if got is None:
                yield self.unconverted(
                    occ.start, occ.end, f"`{name}` call not understood", family="runtime", symbol=name
                )
                continue
            edits, safety = got
            yield self.converted(
                occ.start, occ.end, f"`{name}` -> USM", edits, family="runtime", symbol=name, safety=safety
            )
            # The dropped arguments (copy kinds, flags) are CUDA names this rule handled.
            for i in range(len(call.args)):
                s, e = call.args[i]
                if any(ed.start <= s and e <= ed.end and ed.start < ed.end for ed in edits):
                    yield self.converted(s, e, "argument dropped", family="runtime")

    def _alloc(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        if len(call.args) < 2:
            return None
        t = assign_target(ctx, occ, call, 0)
        if t is None:
            return None
        func = ctx.tables.handled_by(self.code)[occ.name]
        b0, b1 = call.args[1]
        edits = [
            Edit(call.start, t.start, t.lead),
            Edit(t.end, b0, f"{t.after} = {t.cast}{func}("),
            Edit(b1, call.end, f", {QUEUE}){t.close}"),
        ]
        return wrap(ctx, occ, call, edits), Safety.SAFE

    def _free(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        if len(call.args) != 1:
            return None
        return wrap(
            ctx,
            occ,
            call,
            [Edit(call.start, call.open + 1, "sycl::free("), Edit(call.args[0][1], call.close, f", {QUEUE}")],
        ), Safety.SAFE

    _cudaFree = _free
    _cudaFreeHost = _free

    def _cudaFreeAsync(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        # Stream-ordered: kernels queued on the stream before may still use the memory.
        if len(call.args) != 2:
            return None
        q = queue_of(ctx, call, 1)
        edits = [
            Edit(call.start, call.args[0][0], f"({q}wait(), sycl::free("),
            Edit(call.args[0][1], call.end, f", {QUEUE}))"),
        ]
        return wrap(ctx, occ, call, edits), Safety.SAFE

    def _copy(
        self, ctx: RuleContext, occ: Occurrence, call: CallSite, op: str, n_args: int, stream_at: int | None
    ) -> _Result:
        if len(call.args) < n_args:
            return None
        q = queue_of(ctx, call, stream_at) if stream_at is not None else QUEUE + "."
        tail = ")" if stream_at is not None else ").wait()"
        edits = [Edit(call.start, call.open + 1, f"{q}{op}("), Edit(call.args[n_args - 1][1], call.end, tail)]
        return wrap(ctx, occ, call, edits), Safety.SAFE

    def _cudaMemcpy(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return self._copy(ctx, occ, call, "memcpy", 3, None) if len(call.args) == 4 else None

    def _cudaMemcpyAsync(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return self._copy(ctx, occ, call, "memcpy", 3, 4) if len(call.args) in (4, 5) else None

    def _peer(self, ctx: RuleContext, occ: Occurrence, call: CallSite, stream_at: int | None) -> _Result:
        """`cudaMemcpyPeer(dst, dst_dev, src, src_dev, n)`: a USM copy names no devices (the pointers do)."""
        a = call.args
        q = queue_of(ctx, call, stream_at) if stream_at is not None else QUEUE + "."
        tail = ")" if stream_at is not None else ").wait()"
        edits = [
            Edit(call.start, call.open + 1, f"{q}memcpy("),
            Edit(a[0][1], a[2][0], ", "),
            Edit(a[2][1], a[4][0], ", "),
            Edit(a[4][1], call.end, tail),
        ]
        return wrap(ctx, occ, call, edits), Safety.SAFE

    def _cudaMemcpyPeer(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return self._peer(ctx, occ, call, None) if len(call.args) == 5 else None

    def _cudaMemcpyPeerAsync(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return self._peer(ctx, occ, call, 5) if len(call.args) in (5, 6) else None

    def _cudaMemset(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return self._copy(ctx, occ, call, "memset", 3, None) if len(call.args) == 3 else None

    def _cudaMemsetAsync(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return self._copy(ctx, occ, call, "memset", 3, 3) if len(call.args) in (3, 4) else None

    def _cudaDeviceSynchronize(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return wrap(ctx, occ, call, [Edit(call.start, call.end, f"{QUEUE}.wait()")]), Safety.SAFE

    _cudaThreadSynchronize = _cudaDeviceSynchronize

    def _cudaStreamSynchronize(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        if len(call.args) != 1:
            return None
        q = queue_of(ctx, call, 0)
        return wrap(ctx, occ, call, [Edit(call.start, call.end, f"{q}wait()")]), Safety.SAFE

    def _cudaStreamQuery(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        # SYCL 2020 cannot ask a queue whether it is idle; waiting for it and answering "done" (0) is the
        # one answer that is never wrong, and a polling loop (`while (cudaStreamQuery(s) != 0)`) ends
        got = self._cudaStreamSynchronize(ctx, occ, call)
        return (got[0], Safety.REVIEW) if got is not None else None
