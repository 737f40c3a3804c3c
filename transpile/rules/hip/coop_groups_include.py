"""GP105 coop-groups-include: include the HIP runtime before HIP's cooperative groups header.

What it does
    When `<cooperative_groups.h>` (or its HIP spelling `<hip/hip_cooperative_groups.h>`) is included and no
    runtime header (`cuda_runtime.h`, `cuda_runtime_api.h`, `cuda.h`, `hip/hip_runtime.h`) is included
    before it, inserts `#include <hip/hip_runtime.h>` on the line before it.
Why
    nvcc includes the CUDA runtime into every `.cu` file, so CUDA code often includes
    `cooperative_groups.h` first or alone. HIP's cooperative groups header (ROCm 5.2) uses `hipBlockDim_x`
    and friends from `hip_runtime.h` without including it, so the translation fails to compile with
    "use of undeclared identifier 'hipBlockDim_z'".
Example
    #include <cooperative_groups.h>
    #include <cuda_runtime.h>
Translated to
    #include <hip/hip_runtime.h>
    #include <hip/hip_cooperative_groups.h>
    #include <hip/hip_runtime.h>
Safety
    safe: `hip_runtime.h` has include guards; including it early changes nothing else.
References
    ROCm 5.2 `hip/amd_detail/hip_cooperative_groups_helper.h`; found by tests/test_hip_compile.py.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety, Status
from ...edits import Edit
from ...includes import COOP_HEADERS
from ..base import Rule

_COOP = COOP_HEADERS
_RUNTIME = frozenset({"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "hip/hip_runtime.h"})


class CoopGroupsInclude(Rule):
    code = "GP105"
    name = "coop-groups-include"
    targets = frozenset({"hip"})
    summary = "Include hip_runtime.h before HIP's cooperative groups header."
    triggers = (b"cooperative_groups",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for inc in ctx.includes:
            if inc.path in _RUNTIME:
                return  # the runtime comes first: nothing to do
            if inc.path in _COOP:
                at = inc.directive_start
                # INFO: a safe addition, not a CUDA reference; listed in verbose output only.
                yield Diagnostic(
                    self.code,
                    "`#include <hip/hip_runtime.h>` added before the cooperative groups header, which needs it",
                    at,
                    inc.directive_end,
                    Status.INFO,
                    "headers",
                    inc.path,
                    Safety.SAFE,
                    (Edit(at, at, "#include <hip/hip_runtime.h>\n"),),
                )
                return
