"""GP135 device-prop-members: `cudaDeviceProp` members HIP added late, read from their older HIP fields.

What it does
    When the target HIP is older than the first `hipDeviceProp_t` with the member (HIP 6.0, see the
    runtime table), a member read `prop.X` (or `p->X`) is renamed to the field every HIP has that holds
    the same value on AMD GPUs:
    - `sharedMemPerMultiprocessor` -> `maxSharedMemoryPerMultiProcessor` (the same quantity, named
      differently before HIP 6.0);
    - `sharedMemPerBlockOptin` -> `sharedMemPerBlock`: AMD GPUs have no opt-in above the default limit,
      so the largest shared memory a block may ask for is the per-block size (HIP 6.0's own field gives
      that value there).
    Other late members are left to GP104, which reports them.
Why
    Device queries that size shared-memory tiles read these members; renamed, the query builds with the
    target's headers and gives the value the newer field would.
Example
    size_t smem = prop.sharedMemPerMultiprocessor;
Translated to
    size_t smem = prop.maxSharedMemoryPerMultiProcessor;
Safety
    safe on AMD GPUs (what the values mean there); on the NVIDIA platform of HIP, `sharedMemPerBlockOptin`
    is larger than `sharedMemPerBlock`: review.
References
    HIP runtime API, `hipDeviceProp_t` (HIP 5.2 and the R0600 layout of HIP 6.0).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

# CUDA member -> the hipDeviceProp_t field HIP had before it added the CUDA spelling
OLDER_FIELD = {
    "sharedMemPerMultiprocessor": "maxSharedMemoryPerMultiProcessor",
    "sharedMemPerBlockOptin": "sharedMemPerBlock",
}


class DevicePropMembers(Rule):
    code = "GP135"
    name = "device-prop-members"
    targets = frozenset({"hip"})
    summary = "Read cudaDeviceProp members HIP added in 6.0 from the fields older HIPs have."
    triggers = tuple(m.encode() for m in OLDER_FIELD)
    tree_free_ok = True  # acts only at the member names (its triggers)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            new = OLDER_FIELD.get(occ.name)
            entry = occ.entry
            if (
                new is None
                or entry is None
                or entry.min_hip is None
                or entry.min_hip <= ctx.options.hip_version
            ):
                continue
            node = occ.node
            if node is None or node.type != "field_identifier" or ctx.is_claimed(occ.start, occ.end):
                continue
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> `{new}`: hipDeviceProp_t has `{occ.name}` from HIP "
                f"{entry.min_hip[0]}.{entry.min_hip[1]}; before, `{new}` holds its value on AMD GPUs",
                [Edit(occ.start, occ.end, new)],
                family=entry.family,
                symbol=occ.name,
                safety=Safety.REVIEW if occ.name == "sharedMemPerBlockOptin" else Safety.SAFE,
            )
