"""GP129 hiprtc-include: include `<hip/hiprtc.h>` in a file whose driver-API names become hipRTC's.

What it does
    The driver API's linker (`cuLinkCreate`, `cuLinkAddData`, `cuLinkComplete`, `CUlinkState`,
    `CUjitInputType`, ...) becomes hipRTC's (`hiprtcLinkCreate`, `hiprtcLinkState`, ...), declared in
    `<hip/hiprtc.h>`, which `<hip/hip_runtime.h>` does not include (CUDA declares them in `cuda.h`). A
    file that uses such a name and includes neither `nvrtc.h` (which becomes `hip/hiprtc.h`) nor
    `hip/hiprtc.h` gets `#include <hip/hiprtc.h>`: after the include that becomes the HIP runtime, else
    before the code that first uses the name.
Why
    Without it the renamed calls are undeclared identifiers under hipcc.
Example
    #include <cuda.h>
    CUlinkState state; cuLinkCreate(0, nullptr, nullptr, &state);
Translated to
    #include <hip/hip_runtime.h>
    #include <hip/hiprtc.h>
    hiprtcLinkState state; hiprtcLinkCreate(0, nullptr, nullptr, &state);
Safety
    safe: an include with its own guard.
References
    HIP's hiprtc.h (hiprtcLink* from ROCm 5.3); CUDA driver API, "Module management" (cuLink*).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety, Status
from ...edits import Edit
from ...includes import RUNTIME_HEADERS
from ..base import Rule
from ._helpers import helper_anchor

HEADER = "hip/hiprtc.h"
PROVIDERS = frozenset({"nvrtc.h", HEADER})
PREFIXES = ("hiprtc", "HIPRTC_", "ihiprtc")


class HiprtcInclude(Rule):
    code = "GP129"
    name = "hiprtc-include"
    targets = frozenset({"hip"})
    summary = "Include hip/hiprtc.h where driver-API linker names become hipRTC's."
    tree_free_ok = True  # acts only at CUDA names and include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if any(inc.path in PROVIDERS for inc in ctx.includes):
            return
        first = None
        first_new = ""
        for occ in ctx.occurrences:
            entry = occ.entry
            if entry is None or entry.family == "nvrtc":
                continue
            new = entry.hip_name()
            if new is None or not new.startswith(PREFIXES):
                continue
            if not ctx.options.hip_has(entry):
                continue  # GP104 leaves it as it is
            if (
                occ.node is not None and occ.node.type == "field_identifier"
            ) or occ.name in ctx.declared_names:
                continue
            first, first_new = occ, new
            break
        if first is None:
            return
        runtime = next((inc for inc in ctx.includes if inc.path in RUNTIME_HEADERS), None)
        if runtime is not None and runtime.directive_start < first.start:
            at = runtime.directive_end
            if ctx.source[at - 1 : at] != b"\n":
                text = f"\n#include <{HEADER}>"
            else:
                text = f"#include <{HEADER}>\n"
        else:
            at = helper_anchor(ctx, first.start)
            text = f"#include <{HEADER}>\n"
        yield Diagnostic(
            self.code,
            f"`#include <{HEADER}>` added: `{first.name}` becomes hipRTC's `{first_new}` (hip_runtime.h does "
            "not declare it)",
            at,
            at,
            Status.INFO,
            "headers",
            HEADER,
            Safety.SAFE,
            (Edit(at, at, text),),
        )
