"""GP102 warp-sync-legacy: CUDA `*_sync` warp functions for HIP before 6.2.

What it does
    When the target HIP is older than 6.2 (which has no `__shfl_*_sync`, `__ballot_sync`, `__any_sync`,
    `__all_sync`, `__activemask` or `__syncwarp`), rewrites them to the forms every HIP release has:
    `__shfl_down_sync(mask, v, d[, w])` -> `__shfl_down(v, d[, w])` (likewise `__shfl`, `__shfl_up`,
    `__shfl_xor`), `__ballot_sync(mask, p)` -> `__ballot(p)`, `__any_sync` -> `__any`, `__all_sync` ->
    `__all`, `__activemask()` -> `__ballot(1)`; and, for every HIP version (none has it),
    `__syncwarp(...)` -> `__builtin_amdgcn_wave_barrier()`.
Why
    The mask-less forms act on all active lanes of the wavefront, which is what a full mask asks for.
    A wavefront executes in lockstep, so `__syncwarp`'s job is only to stop the compiler from moving
    memory operations across it: the wave barrier builtin does that.
Example
    v += __shfl_down_sync(0xffffffff, v, offset);
Translated to
    v += __shfl_down(v, offset);
Safety
    safe when the mask is a full-warp literal (`0xffffffff`, `~0`, `-1`, `__activemask()`); review when
    the mask is anything else, because the subset of lanes it named is dropped. `__ballot` returns a 64-bit
    lane set on HIP: code that stores it in 32 bits loses lanes 32-63 of a 64-wide wavefront (review).
References
    HIP programming guide, warp cross-lane functions; HIP 6.2 release notes (`*_sync` functions).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

# CUDA name -> HIP name of the mask-less form; the mask is always the first argument.
MASKED = {
    "__shfl_sync": "__shfl",
    "__shfl_up_sync": "__shfl_up",
    "__shfl_down_sync": "__shfl_down",
    "__shfl_xor_sync": "__shfl_xor",
    "__ballot_sync": "__ballot",
    "__any_sync": "__any",
    "__all_sync": "__all",
}
FULL_MASK = re.compile(r"\(?\s*(?:0[xX][fF]{8}[uUlL]*|~0[uUlL]*|-1|~0x0+[uUlL]*|__activemask\(\s*\))\s*\)?")
FIRST_SYNC_VERSION = (6, 2)


def is_full_mask(text: str) -> bool:
    return FULL_MASK.fullmatch(text.strip()) is not None


class WarpSyncLegacy(Rule):
    code = "GP102"
    name = "warp-sync-legacy"
    targets = frozenset({"hip"})
    summary = "Rewrite CUDA *_sync warp functions for HIP releases before 6.2."
    tree_free_ok = True  # acts only at CUDA names and include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        legacy = ctx.options.hip_version < FIRST_SYNC_VERSION
        for occ in ctx.occurrences:
            name = occ.name
            # No HIP release has `__syncwarp`; the other names only need rewriting before 6.2.
            if name != "__syncwarp" and not (legacy and (name in MASKED or name == "__activemask")):
                continue
            call = call_at(ctx, occ)
            if call is None:
                continue
            if name == "__activemask":
                yield self.converted(
                    occ.start,
                    occ.end,
                    "`__activemask()` -> `__ballot(1)` (64-bit lane set on HIP)",
                    [Edit(call.start, call.end, "__ballot(1)")],
                    family="device",
                    symbol=name,
                    safety=Safety.REVIEW,
                )
                continue
            if name == "__syncwarp":
                mask = call.arg_text(ctx, 0) if call.args else ""
                safety = Safety.SAFE if not mask or is_full_mask(mask) else Safety.REVIEW
                yield self.converted(
                    occ.start,
                    occ.end,
                    "`__syncwarp` -> `__builtin_amdgcn_wave_barrier()` (the wavefront runs in lockstep)"
                    + (f"; mask `{mask}` dropped" if safety is Safety.REVIEW else ""),
                    [Edit(call.start, call.end, "__builtin_amdgcn_wave_barrier()")],
                    family="device",
                    symbol=name,
                    safety=safety,
                )
                continue
            if len(call.args) < 2:
                continue  # not the documented signature; leave it for GP104/GP003 to report
            mask = call.arg_text(ctx, 0)
            new = MASKED[name]
            # Delete "mask, " up to the start of the second argument; rename the function.
            edits = [Edit(call.name_start, call.name_end, new), Edit(call.open + 1, call.args[1][0], "")]
            notes = []
            safety = Safety.SAFE
            if not is_full_mask(mask):
                safety = Safety.REVIEW
                notes.append(f"mask `{mask}` dropped: all active lanes take part")
            if new == "__ballot":
                safety = Safety.REVIEW
                notes.append("`__ballot` returns a 64-bit lane set on HIP")
            message = f"`{name}` -> `{new}`" + (f" ({'; '.join(notes)})" if notes else "")
            yield self.converted(
                occ.start, occ.end, message, edits, family="device", symbol=name, safety=safety
            )
