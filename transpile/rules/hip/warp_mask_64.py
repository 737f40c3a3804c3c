"""GP302 warp-mask-64: widen a full 32-lane mask literal passed to a `*_sync` warp function (HIP 6.2+).

What it does
    When the target HIP is 6.2 or newer (which has the `*_sync` warp functions), rewrites a full-warp
    mask written as a 32-bit literal (`0xffffffff`, any case and suffix, `~0`, `~0u`, `-1`) and passed
    directly as the mask argument of `__shfl*_sync`, `__ballot_sync`, `__any_sync`, `__all_sync`,
    `__match_any_sync` or `__match_all_sync` to `0xffffffffffffffffull`. Once per file it notes that
    HIP 6.2 declares these functions only with `-DHIP_ENABLE_WARP_SYNC_BUILTINS`.
Why
    HIP's `*_sync` functions take a 64-bit mask and reject a narrower one at compile time (a
    `static_assert`), because a 64-lane CDNA wavefront has lanes 32-63 that a 32-bit mask cannot name.
    The CUDA literal means "every lane of the warp", and so does the 64-bit all-ones mask on HIP.
Example
    v += __shfl_down_sync(0xffffffff, v, offset);
Translated to
    v += __shfl_down_sync(0xffffffffffffffffull, v, offset);
Safety
    safe: the literal is the whole argument, so nothing else reads its 32-bit value. A mask held in a
    variable or macro is not changed (GP301 reports it): other code may depend on its width. Before HIP 6.2
    GP102 removes the mask instead; `__syncwarp` is GP102's in every version.
References
    HIP 6.2 release notes (warp sync builtins, HIP_ENABLE_WARP_SYNC_BUILTINS); HIP programming guide,
    warp cross-lane functions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

FIRST_SYNC_VERSION = (6, 2)
WIDE_MASK = "0xffffffffffffffffull"
MASKED = frozenset(
    {
        "__shfl_sync",
        "__shfl_up_sync",
        "__shfl_down_sync",
        "__shfl_xor_sync",
        "__ballot_sync",
        "__any_sync",
        "__all_sync",
        "__match_any_sync",
        "__match_all_sync",
    }
)
# Full 32-lane masks spelled as literals. `-1` and `~0` are int; the 64-bit mask says the same thing.
_FULL_32 = re.compile(r"\(?\s*(?:0[xX][fF]{8}[uUlL]{0,3}|~\s*0[uU]?|-\s*1)\s*\)?")


class WarpMask64(Rule):
    code = "GP302"
    name = "warp-mask-64"
    targets = frozenset({"hip"})
    summary = "Widen full 32-lane mask literals of *_sync warp calls to 64 bits (HIP 6.2+)."
    tree_free_ok = True  # acts only at CUDA names and include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if ctx.options.hip_version < FIRST_SYNC_VERSION:
            return
        noted = False
        for occ in ctx.occurrences:
            if occ.name not in MASKED or (occ.node is not None and occ.node.type == "field_identifier"):
                continue
            call = call_at(ctx, occ)
            if call is None or len(call.args) < 2:
                continue
            start, end = call.args[0]
            literal = ctx.slice(start, end)
            if not _FULL_32.fullmatch(literal):
                continue
            yield self.converted(
                start,
                end,
                f"full-warp mask `{literal}` -> `{WIDE_MASK}` (HIP masks are 64-bit)",
                [Edit(start, end, WIDE_MASK)],
                family="device",
                symbol=occ.name,
            )
            if not noted:
                noted = True
                yield self.warning(
                    occ.start,
                    occ.end,
                    f"`{occ.name}`: HIP 6.2 declares the *_sync warp functions only when compiled with "
                    "-DHIP_ENABLE_WARP_SYNC_BUILTINS",
                    family="device",
                    symbol=occ.name,
                    safety=Safety.SAFE,
                )
