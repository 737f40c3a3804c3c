"""GP259 host-callbacks: `cudaStreamAddCallback` and `cudaLaunchHostFunc` run the host function once the
queue's earlier work is done.

What it does
    `cudaStreamAddCallback(s, cb, data, flags)` -> `(Q.wait(), cb(s, 0, data), 0)` and
    `cudaLaunchHostFunc(s, fn, data)` -> `(Q.wait(), fn(data), 0)`, with `Q` the stream's queue (the
    program-wide in-order queue for the default stream). The expression's value is 0 (`cudaSuccess`),
    so `checkCudaErrors(...)` around it keeps working.
Why
    CUDA calls the function on a host thread when everything queued before it has finished; SYCL 2020 has
    no stream callback. Waiting for the in-order queue and calling the function gives it the same view of
    the data, on the calling thread.
Example
    cudaStreamAddCallback(stream, done, &job, 0);
Translated to
    (stream->wait(), done(stream, 0, &job), 0);
Safety
    review: the host waits at the call instead of queuing the callback, so work queued after it no longer
    overlaps the callback (results are the same; concurrency is lost).
References
    CUDA Runtime API, cudaStreamAddCallback, cudaLaunchHostFunc; SYCL 2020 specification, 4.6.5 (queue).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import render
from ._queue import queue_of

ARITY = {"cudaStreamAddCallback": 4, "cudaLaunchHostFunc": 3}


class HostCallbacks(Rule):
    code = "GP259"
    name = "host-callbacks"
    targets = frozenset({"sycl"})
    summary = "Stream callbacks and host functions run after waiting for the stream's queue."
    triggers = (b"cudaStreamAddCallback", b"cudaLaunchHostFunc")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            if occ.name not in ARITY or ctx.is_claimed(occ.start, occ.end):
                continue
            call = call_at(ctx, occ)
            if call is None or call.node is None or len(call.args) != ARITY[occ.name]:
                continue
            queue = queue_of(ctx, call, 0)  # `s->`, `gpuport_queue().` ...
            stream = render(ctx, *call.args[0])
            fn = render(ctx, *call.args[1])
            data = render(ctx, *call.args[2])
            invoke = f"{fn}({stream}, 0, {data})" if occ.name == "cudaStreamAddCallback" else f"{fn}({data})"
            text = f"({queue}wait(), {invoke}, 0)"
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> wait for the queue, then call the host function",
                [Edit(call.node.start_byte, call.node.end_byte, text)],
                family="streams",
                symbol=occ.name,
                safety=Safety.REVIEW,
            )
