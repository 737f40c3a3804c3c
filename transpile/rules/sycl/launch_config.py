"""GP277 launch-config: `cudaLaunchKernelEx` with a `cudaLaunchConfig_t`, and programmatic dependent launch.

What it does
    `cudaLaunchConfig_t`, `cudaLaunchAttribute` and `cudaLaunchAttributeValue` become small structs with the
    same members (`gridDim`, `blockDim` as `sycl::range<3>`, `dynamicSmemBytes`, `stream` as the
    `sycl::queue *` a stream is, `attrs`, `numAttrs`; `id`, `val`), defined once per file; the attribute
    ids become their numbers. `cudaLaunchKernelEx(&cfg, k, args...)` becomes `(k(cfg->gridDim,
    cfg->blockDim, cfg->dynamicSmemBytes, queue, args...), 0)`: `k` is the host launcher GP263 gives a
    kernel passed by value (a kernel of the file is renamed to it; a generic launcher's kernel parameter
    already holds one). `cudaGridDependencySynchronize()` and `cudaTriggerProgrammaticLaunchCompletion()`
    become `(void)0`.
Why
    Programmatic dependent launch lets a kernel start before the previous one on its stream has finished,
    and wait for it with `cudaGridDependencySynchronize`. The translation runs kernels on in-order queues,
    where each starts after the one before it ends: the wait is already met, and the trigger allows an
    overlap that never happens. The launch attributes are kept as data; none changes what a launch on an
    in-order queue computes.
Example
    cudaLaunchConfig_t cfg = {}; cfg.gridDim = g; cfg.blockDim = b; cfg.stream = s;
    cudaLaunchKernelEx(&cfg, kernel, x, n);
Translated to
    gpuport_launch_config cfg = {}; cfg.gridDim = g; cfg.blockDim = b; cfg.stream = s;
    (kernel((&cfg)->gridDim, (&cfg)->blockDim, (&cfg)->dynamicSmemBytes,
            (&cfg)->stream ? *(&cfg)->stream : gpuport_queue(), x, n), 0);
Safety
    review: the cooperative attribute (`cudaLaunchAttributeCooperative`) is dropped like the others;
    a kernel that synchronises its grid needs its launch ported by hand.
References
    CUDA Runtime API, "Execution Control" (cudaLaunchKernelEx, cudaLaunchAttribute); CUDA C++ Programming
    Guide, "Programmatic Dependent Launch and Synchronization"; SYCL 2020 specification, 4.6.5.1
    (in_order queue property).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import QUEUE, render
from ._placement import block_edit

HELPER = """\
#ifndef GPUPORT_LAUNCH_CONFIG
#define GPUPORT_LAUNCH_CONFIG
// cudaLaunchConfig_t and its attributes: a launch through one runs on an in-order queue, after the work
// before it, so the attributes change nothing and are kept as data only.
union gpuport_launch_attribute_value {
  int programmaticStreamSerializationAllowed;
  int cooperative;
  int priority;
  struct {
    unsigned int x, y, z;
  } clusterDim;
  unsigned char pad[64];
};
struct gpuport_launch_attribute {
  int id;
  gpuport_launch_attribute_value val;
};
struct gpuport_launch_config {
  sycl::range<3> gridDim{1, 1, 1};
  sycl::range<3> blockDim{1, 1, 1};
  size_t dynamicSmemBytes = 0;
  sycl::queue *stream = nullptr;
  gpuport_launch_attribute *attrs = nullptr;
  unsigned int numAttrs = 0;
};
#endif
"""

# The names that need the helper's structs.
_TYPES = frozenset(
    {"cudaLaunchConfig_t", "cudaLaunchAttribute", "cudaLaunchAttribute_st", "cudaLaunchAttributeValue"}
)


class LaunchConfig(Rule):
    code = "GP277"
    name = "launch-config"
    targets = frozenset({"sycl"})
    summary = "Translate cudaLaunchKernelEx and its launch configuration; programmatic dependent launch waits are met."
    triggers = (b"cudaLaunch", b"cudaGridDependencySynchronize", b"cudaTriggerProgrammaticLaunchCompletion")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        values = ctx.tables.handled_by(self.code)
        declared = ctx.declared_names
        helper_done = False
        for occ in ctx.occurrences:
            if occ.name not in values or occ.name in declared or ctx.is_claimed(occ.start, occ.end):
                continue
            new = values[occ.name]
            if occ.name == "cudaLaunchKernelEx":
                d = self._launch(ctx, occ)
                if d is not None:
                    yield d
                continue
            if new is None:
                continue
            edits = [Edit(occ.start, occ.end, new)]
            if occ.name in _TYPES and not helper_done:
                helper_done = True
                edits.insert(0, block_edit(ctx, occ.start, HELPER))
            if new == "(void)0":
                call = call_at(ctx, occ)
                if call is None:
                    continue
                edits = [Edit(call.start, call.end, new)]
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> `{new}`",
                edits,
                family="launch",
                symbol=occ.name,
            )

    def _launch(self, ctx: RuleContext, occ: Occurrence) -> Diagnostic | None:
        call = call_at(ctx, occ)
        if call is None:
            return None
        if len(call.args) < 2:
            return self.unconverted(
                occ.start,
                occ.end,
                "`cudaLaunchKernelEx` call not understood",
                family="launch",
                symbol=occ.name,
            )
        cfg = f"({render(ctx, *call.args[0])})"
        lead = (
            f"{cfg}->gridDim, {cfg}->blockDim, {cfg}->dynamicSmemBytes, "
            f"{cfg}->stream ? *{cfg}->stream : {QUEUE}"
        )
        kernel_end = call.args[1][1]
        if len(call.args) > 2:
            middle = Edit(kernel_end, call.args[2][0], f"({lead}, ")
        else:
            middle = Edit(kernel_end, call.close, f"({lead}")
        return self.converted(
            occ.start,
            occ.end,
            "`cudaLaunchKernelEx` -> a call of the kernel's host launcher (GP263) with the configuration",
            [
                Edit(call.start, call.args[1][0], "("),
                middle,
                Edit(call.close, call.close + 1, "), 0)"),
            ],
            family="launch",
            symbol=occ.name,
            safety=Safety.REVIEW,
        )
