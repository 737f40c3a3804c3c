"""GP112 mem-prefetch-location: CUDA 13's `cudaMemPrefetchAsync` with a `cudaMemLocation`, for HIP.

What it does
    Rewrites the location form `cudaMemPrefetchAsync(ptr, n, loc, flags[, stream])` to HIP's device form
    `hipMemPrefetchAsync(ptr, n, DEVICE, stream)`, where DEVICE is `loc.id` when `loc.type` is
    `hipMemLocationTypeDevice` and `hipCpuDeviceId` otherwise (for an expression that is not a plain name,
    an immediately invoked lambda computes it once). `cudaMemLocationTypeHost` (and the host NUMA types),
    which HIP lacks, become `hipMemLocationTypeInvalid`: in this file they only mark "not a device".
    The call counts as the location form when it has 5 arguments, or 4 whose third is a `cudaMemLocation`
    (declared so in this file, or a braced/`cudaMemLocation{...}` value).
Why
    CUDA 13 replaced the device-ordinal prefetch with the location form; HIP (up to 6.4) has only
    `hipMemPrefetchAsync(ptr, n, device, stream)`, with `hipCpuDeviceId` for the host, and its
    `hipMemLocationType` has no host value.
Example
    loc.type = cudaMemLocationTypeHost;
    cudaMemPrefetchAsync(ptr, bytes, loc, 0, stream);
Translated to
    loc.type = hipMemLocationTypeInvalid;
    hipMemPrefetchAsync(ptr, bytes, (loc.type == hipMemLocationTypeDevice ? loc.id : hipCpuDeviceId), stream);
Safety
    review: the flags argument is dropped (CUDA requires 0), and a host location passed to another HIP API
    (memory pools, advice) is now invalid there, which that call reports as an error.
References
    CUDA 13 runtime API, `cudaMemPrefetchAsync`, `cudaMemLocation`; HIP runtime API, `hipMemPrefetchAsync`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

HOST_TYPES = ("cudaMemLocationTypeHost", "cudaMemLocationTypeHostNuma", "cudaMemLocationTypeHostNumaCurrent")
_LAMBDA = "[](const hipMemLocation& l) { return l.type == hipMemLocationTypeDevice ? l.id : hipCpuDeviceId; }"
_IDENT = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|->[A-Za-z_]\w*)*")


def _location_vars(ctx: RuleContext) -> set[str]:
    """Names declared with type cudaMemLocation here: variables, parameters, functions returning one."""
    names: set[str] = set()
    pattern = re.compile(rb"\bcudaMemLocation\s*&?\s*([A-Za-z_]\w*)")
    for m in pattern.finditer(ctx.source):
        names.add(m.group(1).decode())
    return names


class MemPrefetchLocation(Rule):
    code = "GP112"
    name = "mem-prefetch-location"
    targets = frozenset({"hip"})
    summary = "Rewrite CUDA 13's location form of cudaMemPrefetchAsync to HIP's device form."
    triggers = (b"cudaMemPrefetchAsync", b"cudaMemLocationTypeHost")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        locations = _location_vars(ctx)
        for occ in ctx.occurrences:
            if occ.name in HOST_TYPES:
                yield self.converted(
                    occ.start,
                    occ.end,
                    f"`{occ.name}` -> `hipMemLocationTypeInvalid` (HIP has no host location type; "
                    "GP112 reads a non-device location as hipCpuDeviceId)",
                    [Edit(occ.start, occ.end, "hipMemLocationTypeInvalid")],
                    family="runtime",
                    symbol=occ.name,
                    safety=Safety.REVIEW,
                )
                continue
            if occ.name != "cudaMemPrefetchAsync":
                continue
            call = call_at(ctx, occ)
            if call is None or len(call.args) not in (4, 5):
                continue
            loc = call.arg_text(ctx, 2)
            if len(call.args) == 4 and not self._is_location(loc, locations):
                continue  # the pre-13 device form: the table's rename is right
            loc_start, loc_end = call.args[2]
            flags_end = call.args[3][1]
            edits = [Edit(call.name_start, call.name_end, "hipMemPrefetchAsync")]
            if _IDENT.fullmatch(loc):
                device = f"({loc}.type == hipMemLocationTypeDevice ? {loc}.id : hipCpuDeviceId)"
                edits.append(Edit(loc_start, flags_end, device))
            else:
                # Evaluated once, and its text kept so the rename still reaches CUDA names inside it.
                edits.append(Edit(loc_start, loc_start, _LAMBDA + "("))
                edits.append(Edit(loc_end, flags_end, ")"))
            yield self.converted(
                occ.start,
                occ.end,
                "`cudaMemPrefetchAsync(ptr, n, location, flags, stream)` -> "
                "`hipMemPrefetchAsync(ptr, n, device, stream)` (device from the location; flags dropped)",
                edits,
                family="runtime",
                symbol=occ.name,
                safety=Safety.REVIEW,
            )

    @staticmethod
    def _is_location(text: str, locations: set[str]) -> bool:
        text = text.strip()
        # A declared location, a call of a function declared to return one, or a braced value.
        head = re.match(r"[A-Za-z_]\w*", text)
        named = head is not None and head.group(0) in locations
        return named or text.startswith("{") or text.startswith("cudaMemLocation")
