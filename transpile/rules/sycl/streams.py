"""GP215 streams: a `cudaStream_t` is a `sycl::queue *`; creation and destruction of streams.

What it does
    The tables map `cudaStream_t` to `sycl::queue *`. `cudaStreamCreate(&s)` (and `...WithFlags`) ->
    `s = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), {in_order,
    enable_profiling})`; `cudaStreamDestroy(s)` -> `delete s`; `cudaStreamWaitEvent(s, e, 0)` ->
    `s->submit([&](sycl::handler &gp_h) { gp_h.depends_on(e); gp_h.single_task([] {}); })`, a marker
    command on `s` that starts after `e` (standard SYCL 2020: no `ext_oneapi_submit_barrier`). Synchronisation is GP210's
    (`s->wait()`); launches and async copies on a stream use `s->` (GP203, GP210).
Why
    A CUDA stream is an in-order queue of work on one device; a second in-order SYCL queue on the same
    context and device is its exact counterpart (and USM pointers from the default queue stay valid).
Example
    cudaStream_t s; cudaStreamCreate(&s); ... cudaStreamDestroy(s);
Translated to
    sycl::queue * s; s = new sycl::queue(...); ... delete s;
Safety
    safe.
References
    SYCL 2020 specification, 4.6.5 (queue).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ...calls import call_at
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import QUEUE
from ._queue import queue_of, wrap

NEW_QUEUE = (
    f"new sycl::queue({QUEUE}.get_context(), {QUEUE}.get_device(), sycl::property_list{{"
    "sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}})"
)


class Streams(Rule):
    code = "GP215"
    name = "streams"
    targets = frozenset({"sycl"})
    summary = "Create and destroy CUDA streams as in-order sycl::queue objects."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            if occ.name in ("cudaStream_t", "CUstream") and not ctx.is_claimed(occ.start, occ.end):
                diag = self._declaration(ctx, occ)
                if diag is not None:
                    yield diag
                continue
            if occ.name not in (
                "cudaStreamWaitEvent",
                "cudaStreamCreate",
                "cudaStreamCreateWithFlags",
                "cudaStreamDestroy",
                "cudaStreamCreateWithPriority",
            ):
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            call = call_at(ctx, occ)
            if call is None or not call.args:
                continue
            first = call.arg_text(ctx, 0).strip()
            if occ.name == "cudaStreamDestroy":
                new = f"delete {first}"
            elif occ.name == "cudaStreamWaitEvent" and len(call.args) in (2, 3):
                event = call.arg_text(ctx, 1).strip()
                new = (
                    f"{queue_of(ctx, call, 0)}submit([&](sycl::handler &gp_h) {{ gp_h.depends_on({event}); "
                    "gp_h.single_task([] {}); })"
                )
            elif first.startswith("&"):
                new = f"{first[1:].strip()} = {NEW_QUEUE}"
            else:
                yield self.unconverted(occ.start, occ.end, f"`{occ.name}` not understood", family="streams")
                continue
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> sycl::queue",
                wrap(ctx, occ, call, [Edit(call.start, call.end, new)]),
                family="streams",
                symbol=occ.name,
            )
            for s, e in call.args[1:]:
                yield self.converted(s, e, "argument dropped", family="streams")

    def _declaration(self, ctx: RuleContext, occ: Occurrence) -> Diagnostic | None:
        """`cudaStream_t a, b;` and `const cudaStream_t s`: the pointer goes on each declarator; None when
        the table's plain rename (`sycl::queue *`) is right (one declarator, no `const`)."""
        decl = occ.node.parent if occ.node is not None else None
        if (
            decl is None
            or decl.type not in ("declaration", "field_declaration", "parameter_declaration")
            or decl.child_by_field_name("type") != occ.node
        ):
            return None
        declarators = decl.children_by_field_name("declarator")
        consts = [c for c in decl.children if c.type == "type_qualifier" and ctx.text(c) == "const"]
        if not declarators or (len(declarators) == 1 and not consts):
            return None
        edits = [Edit(occ.start, occ.end, "sycl::queue")]
        for c in consts:
            edits.append(Edit(c.start_byte, _after_space(ctx, c), ""))
        star = "*const " if consts else "*"
        edits += [Edit(d.start_byte, d.start_byte, star) for d in declarators]
        return self.converted(
            occ.start, occ.end, f"`{occ.name}` -> `sycl::queue *`", edits, family="streams", symbol=occ.name
        )


def _after_space(ctx: RuleContext, node: Node) -> int:
    end = node.end_byte
    while ctx.source[end : end + 1] in (b" ", b"\t"):
        end += 1
    return end
