"""GP119 call-arity: calls whose HIP counterpart takes other arguments than the CUDA form used.

What it does
    Decides by the number of arguments at each call:
    - `cudaEventCreate(&e, flags)` (CUDA's C++ overload) becomes `hipEventCreateWithFlags(&e, flags)`:
      HIP's `hipEventCreate` takes only the event.
    - `cudaGetDriverEntryPoint(symbol, &fn, flags, &status)` (CUDA 12) becomes
      `hipGetProcAddress(symbol, &fn, VERSION, flags, &status)`, VERSION being the target HIP as HIP
      counts it (6.3 -> 603); CUDA 11's three-argument form has no status to pass and is reported.
    - `cusparseSpSM_solve(...)` with CUDA 12's ten arguments gets hipSPARSE's eleventh, the external
      buffer, as `nullptr` (review: rocSPARSE may need the buffer given to hipsparseSpSM_analysis).
    - `cuOccupancyMaxPotentialBlockSize[WithFlags]` loses its `blockSizeToDynamicSMemSize` callback,
      which HIP's `hipModuleOccupancyMaxPotentialBlockSize[WithFlags]` does not take: safe when the
      callback is `NULL`/`0`/`nullptr`, review otherwise (HIP then sizes every block with `dynSmem`).
    - `cuCtxCreate(&ctx, params, flags, dev)` (CUDA 13's form) loses its
      `CUctxCreateParams*`, which HIP's `hipCtxCreate(&ctx, flags, dev)` does not take: safe when it is
      null, review otherwise (execution affinity and CIG settings are dropped; HIP has neither).
    - Calls that leave out a trailing parameter CUDA declares with a default and HIP without one
      (`cudaMalloc3DArray`'s flags, `cudaStreamWaitEvent`'s flags, `cudaMemcpyToSymbolAsync`'s offset and
      kind) get CUDA's default values written out.
Why
    The renamed call would not compile (a missing or extra argument) or, through a macro, would pass an
    argument in the wrong place.
Example
    cudaEventCreate(&ev, cudaEventDisableTiming);
Translated to
    hipEventCreateWithFlags(&ev, hipEventDisableTiming);
Safety
    safe, except as marked above.
References
    CUDA runtime API (`cudaEventCreate` C++ overload, `cudaGetDriverEntryPoint`), HIP runtime API
    (`hipEventCreateWithFlags`, `hipGetProcAddress`, `hipModuleOccupancyMaxPotentialBlockSize`),
    hipSPARSE `hipsparseSpSM_solve`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...calls import CallSite, call_at
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

_NULL = re.compile(r"^\s*(?:NULL|nullptr|0|\(\s*\w+\s*\)\s*(?:NULL|nullptr|0))\s*$")
# CUDA name -> (argument count of the form to rewrite, index of the callback argument HIP lacks).
_OCCUPANCY = {"cuOccupancyMaxPotentialBlockSize": 6, "cuOccupancyMaxPotentialBlockSizeWithFlags": 7}


class CallArity(Rule):
    code = "GP119"
    name = "call-arity"
    targets = frozenset({"hip"})
    summary = "Rewrite calls whose HIP counterpart takes other arguments (event flags, entry points, ...)."
    triggers = (
        b"cudaMalloc3DArray",
        b"cudaStreamWaitEvent",
        b"cudaMemcpyToSymbolAsync",
        b"cudaMemcpyFromSymbolAsync",
        b"cudaEventCreate",
        b"cudaGetDriverEntryPoint",
        b"cusparseSpSM_solve",
        b"cuOccupancyMaxPotentialBlockSize",
        b"cuCtxCreate",
    )

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            if occ.name not in _NAMES or occ.name in ctx.declared_names:
                continue
            entry = occ.entry
            if entry is not None and not ctx.options.hip_has(entry):
                continue  # GP104 reports it: the target HIP lacks the counterpart
            call = call_at(ctx, occ)
            if call is None:
                continue
            yield from _HANDLERS[occ.name](self, ctx, occ, call)

    def event_create(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> Iterator[Diagnostic]:
        if len(call.args) == 2:
            yield self.converted(
                occ.start,
                occ.end,
                "`cudaEventCreate(&event, flags)` -> `hipEventCreateWithFlags` (HIP's hipEventCreate takes no flags)",
                [Edit(occ.start, occ.end, "hipEventCreateWithFlags")],
                family="runtime",
                symbol=occ.name,
            )

    def entry_point(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> Iterator[Diagnostic]:
        major, minor = ctx.options.hip_version
        if len(call.args) == 4:
            at = call.args[1][1]
            yield self.converted(
                occ.start,
                occ.end,
                f"`cudaGetDriverEntryPoint(symbol, fn, flags, status)` -> `hipGetProcAddress(symbol, fn, "
                f"{major * 100 + minor}, flags, status)` (the HIP version the symbol is wanted for)",
                [Edit(occ.start, occ.end, "hipGetProcAddress"), Edit(at, at, f", {major * 100 + minor}")],
                family="runtime",
                symbol=occ.name,
            )
        elif len(call.args) == 3:
            yield self.unconverted(
                occ.start,
                occ.end,
                "CUDA 11's `cudaGetDriverEntryPoint(symbol, fn, flags)`: hipGetProcAddress also needs a "
                "hipDriverProcAddressQueryResult* for the symbol's status; translate this call by hand",
                family="runtime",
                symbol=occ.name,
            )

    def spsm_solve(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> Iterator[Diagnostic]:
        if len(call.args) == 10:
            at = call.args[-1][1]
            yield self.warning(
                at,
                at,
                "`hipsparseSpSM_solve` takes the external buffer CUDA 12 dropped: `nullptr` passed; pass the "
                "buffer given to hipsparseSpSM_analysis if the backend needs it",
                [Edit(at, at, ", nullptr")],
                family="cusparse",
                symbol=occ.name,
                safety=Safety.REVIEW,
            )

    def occupancy(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> Iterator[Diagnostic]:
        if len(call.args) != _OCCUPANCY[occ.name]:
            return
        start, end = call.args[3]
        # The callback and the comma after it go.
        edits = [Edit(start, call.args[4][0], "")]
        if _NULL.match(ctx.slice(start, end)):
            yield self.converted(
                start,
                start,
                f"`{occ.name}`: the null blockSizeToDynamicSMemSize argument dropped (HIP takes none)",
                edits,
                family="driver",
                symbol=occ.name,
            )
        else:
            yield self.warning(
                start,
                end,
                f"`{occ.name}`: HIP takes no blockSizeToDynamicSMemSize callback; it is dropped and HIP "
                "sizes every block with the dynamic shared memory argument",
                edits,
                family="driver",
                symbol=occ.name,
                safety=Safety.REVIEW,
            )


def _ctx_create(self: CallArity, ctx: RuleContext, occ: Occurrence, call: CallSite) -> Iterator[Diagnostic]:
    if len(call.args) != 4:
        return
    start, end = call.args[1]
    edits = [Edit(start, call.args[2][0], "")]  # the params argument and the comma after it
    if _NULL.match(ctx.slice(start, end)):
        yield self.converted(
            start,
            start,
            f"`{occ.name}`: the null CUctxCreateParams argument dropped (hipCtxCreate takes none)",
            edits,
            family="driver",
            symbol=occ.name,
        )
    else:
        yield self.warning(
            start,
            end,
            f"`{occ.name}`: hipCtxCreate takes no CUctxCreateParams; it is dropped (its execution affinity "
            "and CIG settings have no HIP counterpart)",
            edits,
            family="driver",
            symbol=occ.name,
            safety=Safety.REVIEW,
        )


# CUDA parameters with a default value that HIP's declaration lacks: CUDA name -> the defaults of its
# trailing parameters, in order (cudaMalloc3DArray's flags = 0; cudaMemcpyToSymbolAsync's offset = 0 and
# kind = cudaMemcpyHostToDevice, then a stream HIP does default). A call that leaves them out gets them.
_DEFAULTS: dict[str, tuple[int, tuple[str, ...]]] = {
    "cudaMalloc3DArray": (3, ("0",)),
    "cudaStreamWaitEvent": (2, ("0",)),
    "cudaMemcpyToSymbolAsync": (3, ("0", "hipMemcpyHostToDevice")),
    "cudaMemcpyFromSymbolAsync": (3, ("0", "hipMemcpyDeviceToHost")),
}


def _defaults(self: CallArity, ctx: RuleContext, occ: Occurrence, call: CallSite) -> Iterator[Diagnostic]:
    first, values = _DEFAULTS[occ.name]
    missing = values[len(call.args) - first :] if first <= len(call.args) < first + len(values) else ()
    if not missing or not call.args:
        return
    at = call.args[-1][1]
    yield self.converted(
        at,
        at,
        f"`{occ.name}`: HIP declares no default for {', '.join(missing)}; passed explicitly",
        [Edit(at, at, "".join(", " + v for v in missing))],
        family="runtime",
        symbol=occ.name,
    )


_HANDLERS = {
    **dict.fromkeys(_DEFAULTS, _defaults),
    "cudaEventCreate": CallArity.event_create,
    "cudaGetDriverEntryPoint": CallArity.entry_point,
    "cusparseSpSM_solve": CallArity.spsm_solve,
    "cuOccupancyMaxPotentialBlockSize": CallArity.occupancy,
    "cuOccupancyMaxPotentialBlockSizeWithFlags": CallArity.occupancy,
    "cuCtxCreate": _ctx_create,
}
_NAMES = frozenset(_HANDLERS)
