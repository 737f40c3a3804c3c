"""GP258 device-properties: `cudaDeviceProp` and `cudaGetDeviceProperties` become a struct of the same
fields filled from the queue's device.

What it does
    `cudaDeviceProp` becomes `gpuport_device_prop`, a struct with CUDA's field names (`name`,
    `totalGlobalMem`, `multiProcessorCount`, `maxThreadsPerBlock`, `maxThreadsDim`, `warpSize`, ...), and
    `cudaGetDeviceProperties(&p, dev)` becomes `gpuport_get_device_properties(&p, dev)`, an inline helper
    defined once in the file (include guard) that fills it from `gpuport_queue().get_device().get_info<>`:
    the same answers GP237 gives for the matching `cudaDeviceGetAttribute` queries. Fields SYCL cannot
    query hold CUDA's programming-model limits (grid extents, 64 KiB constant memory, 65536 registers) or
    0; the compute capability is 9.0, so capability checks written for CUDA let the program run.
    `cudaFuncAttributes` / `cudaFuncGetAttributes(&a, kernel)` become `gpuport_func_attributes` /
    `gpuport_func_get_attributes(&a, kernel)`, which give the device's limits (largest work-group, local
    memory size) and 0 for the sizes only the kernel's binary knows (registers, static local memory).
Why
    Nearly every sample and benchmark prints or checks the device's properties in `main`; left as CUDA, the
    whole file fails to compile although everything else in it translated.
Example
    cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0); printf("%s %d\\n", prop.name, prop.multiProcessorCount);
Translated to
    gpuport_device_prop prop; gpuport_get_device_properties(&prop, 0); printf("%s %d\\n", prop.name, prop.multiProcessorCount);
Safety
    review: the values describe the SYCL device the program now runs on (compute units, not SMs), and
    the fields SYCL cannot query are documented constants, fine for sizing and printing, not hardware facts.
References
    SYCL 2020 specification, 4.6.4.2 (device information descriptors); CUDA Runtime API, cudaDeviceProp.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._placement import block_edit

# The names and what each becomes: the tables' rows routed to GP258 (`rule:GP258 gpuport_device_prop`).
# The kernel-attribute names get a helper block of their own.
_FUNC_NAMES = frozenset({"cudaFuncAttributes", "cudaFuncGetAttributes"})

HELPER = """\
#ifndef GPUPORT_DEVICE_PROP
#define GPUPORT_DEVICE_PROP
#include <algorithm>
#include <cstdio>
#include <string>
// cudaDeviceProp: CUDA's field names, filled from the queue's device. Fields SYCL 2020 cannot query hold
// CUDA's programming-model limits or 0; the compute capability reads 9.0 so CUDA's capability checks pass.
struct gpuport_device_prop {
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock, sharedMemPerMultiprocessor, sharedMemPerBlockOptin, totalConstMem,
      memPitch, textureAlignment;
  int regsPerBlock, regsPerMultiprocessor, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3],
      clockRate, memoryClockRate, memoryBusWidth, multiProcessorCount, maxThreadsPerMultiProcessor,
      maxBlocksPerMultiProcessor, l2CacheSize, major, minor, deviceOverlap, asyncEngineCount,
      concurrentKernels, canMapHostMemory, unifiedAddressing, managedMemory, concurrentManagedAccess,
      pageableMemoryAccess, integrated, ECCEnabled, kernelExecTimeoutEnabled, computeMode, pciBusID,
      pciDeviceID, pciDomainID, isMultiGpuBoard, cooperativeLaunch, streamPrioritiesSupported;
};
static inline int gpuport_get_device_properties(gpuport_device_prop *p, int) {
  const sycl::device d = gpuport_queue().get_device();
  *p = gpuport_device_prop{};
  const std::string n = d.get_info<sycl::info::device::name>();
  std::snprintf(p->name, sizeof p->name, "%s", n.c_str());
  p->totalGlobalMem = d.get_info<sycl::info::device::global_mem_size>();
  p->sharedMemPerBlock = p->sharedMemPerMultiprocessor = p->sharedMemPerBlockOptin =
      d.get_info<sycl::info::device::local_mem_size>();
  p->totalConstMem = 65536;
  p->memPitch = 2147483647;
  p->textureAlignment = 512;
  p->regsPerBlock = p->regsPerMultiprocessor = 65536;
  const std::vector<size_t> sg = d.get_info<sycl::info::device::sub_group_sizes>();
  p->warpSize = sg.empty() ? 32 : (int)*std::max_element(sg.begin(), sg.end());
  p->maxThreadsPerBlock = (int)d.get_info<sycl::info::device::max_work_group_size>();
  const sycl::id<3> dims = d.get_info<sycl::info::device::max_work_item_sizes<3>>();
  p->maxThreadsDim[0] = (int)dims[2];
  p->maxThreadsDim[1] = (int)dims[1];
  p->maxThreadsDim[2] = (int)dims[0];
  p->maxGridSize[0] = 2147483647;
  p->maxGridSize[1] = p->maxGridSize[2] = 65535;
  p->clockRate = (int)d.get_info<sycl::info::device::max_clock_frequency>() * 1000;
  p->multiProcessorCount = (int)d.get_info<sycl::info::device::max_compute_units>();
  p->maxThreadsPerMultiProcessor = 2048;
  p->maxBlocksPerMultiProcessor = 32;
  p->l2CacheSize = (int)d.get_info<sycl::info::device::global_mem_cache_size>();
  p->major = 9;
  p->minor = 0;
  p->deviceOverlap = p->asyncEngineCount = p->concurrentKernels = 1;
  p->canMapHostMemory = d.has(sycl::aspect::usm_host_allocations);
  p->unifiedAddressing = p->managedMemory = p->concurrentManagedAccess = d.has(sycl::aspect::usm_shared_allocations);
  p->ECCEnabled = d.get_info<sycl::info::device::error_correction_support>();
  return 0;
}
#endif
"""

FUNC_HELPER = """\
#ifndef GPUPORT_FUNC_ATTRIBUTES
#define GPUPORT_FUNC_ATTRIBUTES
// cudaFuncAttributes: CUDA's field names. SYCL 2020 cannot query a kernel's registers or static local
// memory without its kernel bundle, so the limits are the device's: a block may use the largest work-group
// and all local memory; the sizes the compiler chose read 0.
struct gpuport_func_attributes {
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA, maxDynamicSharedSizeBytes,
      preferredShmemCarveout;
};
template <class F> static inline int gpuport_func_get_attributes(gpuport_func_attributes *a, F) {
  const sycl::device d = gpuport_queue().get_device();
  *a = gpuport_func_attributes{};
  a->maxThreadsPerBlock = (int)d.get_info<sycl::info::device::max_work_group_size>();
  a->maxDynamicSharedSizeBytes = (int)d.get_info<sycl::info::device::local_mem_size>();
  a->ptxVersion = a->binaryVersion = 90;
  return 0;
}
#endif
"""


class DeviceProperties(Rule):
    code = "GP258"
    name = "device-properties"
    targets = frozenset({"sycl"})
    summary = "cudaDeviceProp and cudaGetDeviceProperties become a struct filled from the queue's device."
    triggers = (
        b"cudaDeviceProp",
        b"cudaGetDeviceProperties",
        b"cudaFuncAttributes",
        b"cudaFuncGetAttributes",
    )

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        declared = ctx.declared_names
        names = ctx.tables.handled_by(self.code)
        uses = [
            o
            for o in ctx.occurrences
            if names.get(o.name)
            and o.name not in declared
            and not (o.node is not None and o.node.type == "field_identifier")
            and not ctx.is_claimed(o.start, o.end)
        ]
        for group, text in (
            ([o for o in uses if o.name not in _FUNC_NAMES], HELPER),
            ([o for o in uses if o.name in _FUNC_NAMES], FUNC_HELPER),
        ):
            if group:
                yield from self._group(ctx, group, text, names)

    def _group(
        self, ctx: RuleContext, uses: list[Occurrence], text: str, names: Mapping[str, str | None]
    ) -> Iterator[Diagnostic]:
        helper = block_edit(ctx, min(o.start for o in uses), text)
        for i, o in enumerate(uses):
            new = names[o.name]
            assert new is not None
            edits = [Edit(o.start, o.end, new)]
            if i == 0:
                edits.insert(0, helper)
            yield self.converted(
                o.start,
                o.end,
                f"`{o.name}` -> `{new}` (filled from the SYCL device)",
                edits,
                family="runtime" if "Get" in o.name else "types",
                symbol=o.name,
                safety=Safety.REVIEW,
            )
