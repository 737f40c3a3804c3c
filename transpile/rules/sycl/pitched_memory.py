"""GP249 pitched-memory: `cudaMallocPitch`, `cudaMemcpy2D[Async]`, `cudaMemset2D[Async]` become USM calls.

What it does
    `cudaMallocPitch(&p, &pitch, widthBytes, height)` -> `p = (T *)gpuport_malloc_pitch(gpuport_queue(),
    &pitch, widthBytes, height)`: device USM whose rows are padded to a multiple of 512 bytes.
    `cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind)` ->
    `gpuport_memcpy2d(gpuport_queue(), dst, dpitch, src, spitch, width, height).wait()` (every copy kind:
    USM pointers and plain host memory are both valid `memcpy` operands); `cudaMemcpy2DAsync(..., kind,
    st)` -> `gpuport_memcpy2d(*st, ...)`; `cudaMemset2D(p, pitch, value, width, height)` ->
    `gpuport_memset2d(gpuport_queue(), p, pitch, value, width, height).wait()` (and its Async form).
    The `gpuport_*` functions are short `static inline` definitions (a row loop of `queue::memcpy` /
    `queue::memset`, one call when the rows are contiguous) placed once, after the SYCL prelude and before
    the first use, only when the file uses them; this rule also places the location type and prefetch
    helper that GP250 uses. Used as an expression (`CUDA_CHECK(...)`) a call is wrapped as `(..., 0)`.
    3-D pitched memory (`cudaMalloc3D`, `cudaMemcpy3D[Async]`, `cudaMemset3D[Async]`) is reported
    unconverted: it needs `cudaPitchedPtr`/`cudaExtent`/`cudaMemcpy3DParms` structures.
Why
    SYCL 2020 has no pitched allocation and no 2-D copy (`ext_oneapi_memcpy2d` is a vendor extension). Any
    pitch at least the row width is valid for CUDA code, which must index rows through the pitch it was
    given; 512 bytes matches the alignment CUDA devices report (`texturePitchAlignment`), so the layout,
    and the amount of padding a program observes, stay as on NVIDIA hardware.
Example
    CUDA_CHECK(cudaMallocPitch(&d, &pitch, w * sizeof(float), h));
    CUDA_CHECK(cudaMemcpy2D(d, pitch, img, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice));
Translated to
    CUDA_CHECK((d = (float *)gpuport_malloc_pitch(gpuport_queue(), &pitch, w * sizeof(float), h), 0));
    CUDA_CHECK((gpuport_memcpy2d(gpuport_queue(), d, pitch, img, w * sizeof(float), w * sizeof(float), h).wait(), 0));
Safety
    safe. The copy kind is dropped (USM pointers know where they live). A copy issues one command per row,
    which is slower than CUDA's single 2-D DMA for many short rows.
References
    CUDA Runtime API, memory management (cudaMallocPitch, cudaMemcpy2D, cudaMemset2D); SYCL 2020
    specification, 4.8.3 (USM allocation), 4.6.5.2 (queue::memcpy, queue::memset).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import CallSite, call_at
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._memory_helpers import ALL_NAMES, helpers_edit
from ._model import QUEUE
from ._queue import assign_target, queue_ref, wrap

# name -> (helper, number of arguments the helper keeps, index of the stream argument or None)
COPIES: dict[str, tuple[str, int, int | None]] = {
    "cudaMemcpy2D": ("gpuport_memcpy2d", 6, None),
    "cudaMemcpy2DAsync": ("gpuport_memcpy2d", 6, 7),
    "cudaMemset2D": ("gpuport_memset2d", 5, None),
    "cudaMemset2DAsync": ("gpuport_memset2d", 5, 5),
}
# Arity of each form: the copies take a kind after the kept arguments; the Async forms may omit the stream.
ARITY: dict[str, tuple[int, ...]] = {
    "cudaMemcpy2D": (7,),
    "cudaMemcpy2DAsync": (7, 8),
    "cudaMemset2D": (5,),
    "cudaMemset2DAsync": (5, 6),
    "cudaMallocPitch": (4,),
}
UNSUPPORTED_3D = frozenset(
    {
        "cudaMalloc3D",
        "cudaMemcpy3D",
        "cudaMemcpy3DAsync",
        "cudaMemset3D",
        "cudaMemset3DAsync",
        "cudaMemcpy3DPeer",
        "cudaMemcpy3DPeerAsync",
    }
)
TRIGGERS = tuple(n.encode() for n in sorted(ALL_NAMES | set(ARITY) | UNSUPPORTED_3D))


class PitchedMemory(Rule):
    code = "GP249"
    name = "pitched-memory"
    targets = frozenset({"sycl"})
    summary = "Translate cudaMallocPitch/cudaMemcpy2D/cudaMemset2D to inline USM helpers (row copies)."
    triggers = TRIGGERS

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        placed = helpers_edit(ctx)
        if placed is not None:
            edit, guards = placed
            yield self.converted(
                edit.start,
                edit.start,
                f"memory helpers defined: {', '.join(guards)}",
                [edit],
                family="runtime",
            )
        for occ in ctx.occurrences:
            name = occ.name
            if name not in ARITY and name not in UNSUPPORTED_3D:
                continue
            if (occ.node is not None and occ.node.type == "field_identifier") or ctx.is_claimed(
                occ.start, occ.end
            ):
                continue
            if name in ctx.declared_names:
                continue
            call = call_at(ctx, occ)
            if call is None:
                continue
            if name in UNSUPPORTED_3D:
                yield self.unconverted(
                    occ.start,
                    occ.end,
                    f"`{name}` not converted: 3-D pitched memory (cudaPitchedPtr, cudaExtent) has no SYCL "
                    "counterpart here; allocate pitch * height * depth bytes with sycl::malloc_device and "
                    "copy the slices row by row",
                    family="runtime",
                    symbol=name,
                )
                continue
            edits = self._translate(ctx, occ, call) if len(call.args) in ARITY[name] else None
            if edits is None:
                yield self.unconverted(
                    occ.start, occ.end, f"`{name}` call not understood", family="runtime", symbol=name
                )
                continue
            yield self.converted(
                occ.start, occ.end, f"`{name}` -> pitched USM helper", edits, family="runtime", symbol=name
            )
            # The copy kind and the stream are dropped inside the edits: CUDA names this rule handled.
            for s, e in call.args:
                if any(ed.start <= s and e <= ed.end and ed.start < ed.end for ed in edits):
                    yield self.converted(s, e, "argument dropped", family="runtime")

    def _translate(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> list[Edit] | None:
        if occ.name == "cudaMallocPitch":
            t = assign_target(ctx, occ, call, 0)
            if t is None:
                return None
            b0 = call.args[1][0]
            return wrap(
                ctx,
                occ,
                call,
                [
                    Edit(call.start, t.start, t.lead),
                    Edit(t.end, b0, f"{t.after} = {t.cast}gpuport_malloc_pitch({QUEUE}, "),
                    Edit(call.args[3][1], call.end, f"){t.close}"),
                ],
            )
        helper, kept, stream_at = COPIES[occ.name]
        q = queue_ref(ctx, call, stream_at) if stream_at is not None else QUEUE
        tail = ")" if stream_at is not None else ").wait()"
        edits = [
            Edit(call.start, call.open + 1, f"{helper}({q}, "),
            Edit(call.args[kept - 1][1], call.end, tail),
        ]
        return wrap(ctx, occ, call, edits)
