"""GP237 device-queries: CUDA device selection and attribute queries become `get_info` on the queue's device.

What it does
    `cudaGetDevice(&d)` -> `d = 0`; `cudaSetDevice(d)`, `cudaSetDeviceFlags(f)` and the profiler markers
    `cudaProfilerStart()`/`cudaProfilerStop()`, the cache and shared-memory bank configuration calls
    (`cudaFuncSetCacheConfig`, `cudaDeviceSetCacheConfig`, `cudaDeviceSetSharedMemConfig` ...: hints a SYCL
    device decides for itself) -> `0`;
    `cudaGetDeviceCount(&n)` -> `n = 1`; `cudaDeviceCanAccessPeer(&p, d, peer)` -> `p = 1` and
    `cudaDeviceEnablePeerAccess`/`cudaDeviceDisablePeerAccess` -> `0` (every device is the one device); `cudaMemGetInfo(&free, &total)` -> both the device's
    `global_mem_size` (review: SYCL 2020 cannot say what is free); `cudaDeviceGetAttribute(&v, attr, dev)` -> `v = (int)D.get_info<
    sycl::info::device::...>()` with `D` = `gpuport_queue().get_device()` for the attributes SYCL 2020 can
    answer (multiprocessor count -> `max_compute_units`, warp size -> the largest `sub_group_sizes` entry,
    max threads per block -> `max_work_group_size`, shared memory per block or per multiprocessor ->
    `local_mem_size`, L2 size -> `global_mem_cache_size`, ECC -> `error_correction_support`, clock rate
    -> `max_clock_frequency` * 1000, block extents -> `max_work_item_sizes<3>`, mapped host memory /
    managed memory / unified addressing / pageable access / host atomics -> the USM aspects). Attributes
    SYCL cannot query but whose CUDA value is a programming-model limit or a capability SYCL 2020 lacks
    become that documented constant with a comment saying so: grid extents (2^31-1, 65535, 65535),
    constant memory (64 KiB), registers (65536), max pitch (2^31-1), copy engines and concurrent kernels
    (1), cooperative launch, stream priorities, memory pools, kernel timeout, compute mode, multi-GPU
    board and PCI ids (0). `cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, n)` and
    `cudaFuncSetAttribute(k, cudaFuncAttributePreferredSharedMemoryCarveout, c)` -> `0`. `cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, threads, smem)` (and `...WithFlags`) ->
    the estimate `n = max_work_group_size / threads` (bounded by `local_mem_size / smem` when the kernel
    uses dynamic shared memory); `cudaOccupancyMaxPotentialBlockSize(&grid, &block, k, smem, limit)` ->
    `block` = `max_work_group_size` capped at 1024 (and `limit`), `grid` = compute units times the blocks of
    that size a unit holds, by the same estimate. Used as a statement, a call that yields `0` is dropped.
    The compute capability reads 9.0 and the memory clock 0, as in `gpuport_device_prop` (GP258). Other
    attributes (texture limits, ...) and
    `cudaGetDeviceProperties`/`cudaDeviceProp` stay unconverted (reported): a `cudaDeviceProp` struct has
    dozens of fields, most without a SYCL counterpart, so the fallback rewrites the fields a program uses.
Why
    The SYCL pack runs everything on one program-wide queue (GP201), so "the current device" is that
    queue's device, device 0 of a one-device program. SYCL 2020 exposes device limits through
    `device::get_info` and `device::has(aspect)`. SYCL has no opt-in limit on dynamic local memory:
    a kernel may use up to `local_mem_size`, so raising CUDA's 48 KiB default is a no-op. SYCL 2020 has no
    occupancy calculator (registers per kernel are not queryable), so occupancy becomes an estimate from
    the work-group limit: a CUDA multiprocessor holds up to 2048 threads, a SYCL compute unit is assumed to
    hold one maximal work-group.
Example
    int dev, sms; cudaGetDevice(&dev); cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, saxpy, 256, 0);
Translated to
    int dev, sms; dev = 0; sms = (int)gpuport_queue().get_device().get_info<
    sycl::info::device::max_compute_units>();
    per_sm = (int)(gpuport_queue().get_device().get_info<sycl::info::device::max_work_group_size>() / 256);
Safety
    review: a multi-GPU program is folded onto one device; `max_compute_units` counts compute units
    (SMs on NVIDIA, CUs on AMD, Xe cores or EUs on Intel), so occupancy arithmetic built on it may size
    grids differently; the sub-group size a kernel gets may be smaller than the largest supported one;
    occupancy results and the constants are estimates (the diagnostic says so), fine for sizing grids, not
    for reporting hardware facts.
References
    SYCL 2020 specification, 4.6.4.2 (device information descriptors), 4.6.4.3 (device aspects); CUDA
    Runtime API, cudaDeviceAttr and the occupancy functions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ...calls import CallSite, call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ...tables import Tables
from ..base import Rule
from ._model import QUEUE, render
from ._queue import wrap

DEVICE = f"{QUEUE}.get_device()"


# What cudaDeviceGetAttribute(&v, ATTR, dev) becomes, `v = <spelling>`: the tables' rows for the cudaDevAttr*
# names routed to GP237 (`rule:GP237 (int)(gpuport_queue().get_device().get_info<...>())`). Attributes SYCL
# 2020 cannot query (CUDA's programming-model limits, or 0/1 for a capability SYCL lacks or gives no way to
# ask about) are constants whose comment says why (`rule:GP237 65536 /* CUDA's limit; ... */`).
_CONSTANT = re.compile(r"(\S+) /\* (.*) \*/")


def attribute_spellings(tables: Tables) -> dict[str, str]:
    return {
        n: s for n, s in tables.handled_by("GP237").items() if s is not None and n.startswith("cudaDevAttr")
    }


WG_SIZE = f"{DEVICE}.get_info<sycl::info::device::max_work_group_size>()"
LOCAL_MEM = f"{DEVICE}.get_info<sycl::info::device::local_mem_size>()"
UNITS = f"{DEVICE}.get_info<sycl::info::device::max_compute_units>()"
# CUDA's largest block; programs size shared arrays and warp counts for at most this many threads.
CUDA_MAX_BLOCK = 1024
OCCUPANCY = frozenset(
    {
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
        "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
        "cudaOccupancyMaxPotentialBlockSize",
        "cudaOccupancyMaxPotentialBlockSizeWithFlags",
    }
)
# Calls with nothing to do in SYCL: they yield cudaSuccess.
# Calls with nothing to do on one SYCL queue (the profiler markers: SYCL 2020 has no profiler API).
# Cache and shared-memory bank configuration are hints a SYCL device decides for itself.
NO_OPS = frozenset(
    {
        "cudaSetDeviceFlags", "cudaFuncSetAttribute", "cudaProfilerStart", "cudaProfilerStop",
        "cudaFuncSetCacheConfig", "cudaDeviceSetCacheConfig", "cudaThreadSetCacheConfig",
        "cudaFuncSetSharedMemConfig", "cudaDeviceSetSharedMemConfig",
        "cudaDeviceEnablePeerAccess", "cudaDeviceDisablePeerAccess",
    }
)  # fmt: skip
HANDLED = frozenset(
    {
        "cudaGetDevice", "cudaGetDeviceCount", "cudaDeviceGetAttribute", "cudaMemGetInfo",
        "cudaDeviceCanAccessPeer", *NO_OPS, *OCCUPANCY,
    }
)  # fmt: skip
ZERO = frozenset({"0", "0u", "0U", "0ul", "0UL", "0l", "0L"})


_FUNC_ATTRIBUTE_HINTS = frozenset(
    {"cudaFuncAttributeMaxDynamicSharedMemorySize", "cudaFuncAttributePreferredSharedMemoryCarveout"}
)


class DeviceQueries(Rule):
    code = "GP237"
    name = "device-queries"
    targets = frozenset({"sycl"})
    summary = "Translate cudaGetDevice/cudaDeviceGetAttribute/... to get_info on the queue's device."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            if occ.name not in HANDLED or ctx.is_claimed(occ.start, occ.end):
                continue
            if occ.node is not None and occ.node.type == "field_identifier":
                continue
            call = call_at(ctx, occ)
            if call is None:
                continue
            new = self._translate(ctx, occ.name, call)
            if new is None:
                yield self.unconverted(
                    occ.start,
                    occ.end,
                    f"`{occ.name}` not translated",
                    family="device-management",
                    symbol=occ.name,
                )
                continue
            if (
                new == "0"
                and call.node is not None
                and call.node.parent is not None
                and call.node.parent.type == "expression_statement"
            ):
                edits = [_drop_statement(ctx, call.node.parent)]
            elif new == "0":
                edits = [Edit(call.start, call.end, new)]
            else:
                edits = wrap(ctx, occ, call, [Edit(call.start, call.end, new)])
            message = f"`{occ.name}` -> SYCL device query"
            if occ.name == "cudaMemGetInfo":
                message = "`cudaMemGetInfo` -> the device's global memory size for both (SYCL 2020 has no free-memory query)"
            if occ.name in OCCUPANCY:
                message = (
                    f"`{occ.name}` -> an estimate from max_work_group_size (SYCL has no occupancy query)"
                )
            elif occ.name == "cudaDeviceGetAttribute" and len(call.args) == 3:
                attr = call.arg_text(ctx, 1).strip()
                constant = _CONSTANT.fullmatch(attribute_spellings(ctx.tables).get(attr, ""))
                if constant is not None:
                    message = f"`{attr}` -> constant {constant.group(1)} ({constant.group(2)})"
            yield self.converted(
                occ.start,
                occ.end,
                message,
                edits,
                family="device-management",
                symbol=occ.name,
                safety=Safety.REVIEW,
            )
            for s, e in call.args:
                # the attribute / flag enums inside the replaced call are handled here
                if ctx.slice(s, e).strip().startswith("cuda"):
                    yield self.converted(s, e, "argument dropped", family="device-management")

    def _translate(self, ctx: RuleContext, name: str, call: CallSite) -> str | None:
        args = [call.arg_text(ctx, i).strip() for i in range(len(call.args))]
        if name in NO_OPS:
            # the dynamic shared memory limit and the L1/shared split: a SYCL device decides both
            if name == "cudaFuncSetAttribute" and (len(args) != 3 or args[1] not in _FUNC_ATTRIBUTE_HINTS):
                return None
            return "0"
        if not args or not args[0].startswith("&"):
            return None
        target = args[0][1:].strip()
        if name == "cudaMemGetInfo":
            # SYCL 2020 knows the device's memory size, not what is free: both get the size
            if len(args) != 2 or not args[1].startswith("&"):
                return None
            total = args[1][1:].strip()
            return (
                f"{target} = {total} = gpuport_queue().get_device()"
                ".get_info<sycl::info::device::global_mem_size>()"
            )
        if name in OCCUPANCY:
            return _occupancy(ctx, name, call, target)
        if name == "cudaGetDevice":
            return f"{target} = 0"
        if name == "cudaDeviceCanAccessPeer":
            # every CUDA device of the program is the queue's one device: a "peer" is itself
            return f"{target} = 1" if len(args) == 3 else None
        if name == "cudaGetDeviceCount":
            return f"{target} = 1"
        if len(args) != 3:
            return None
        spelling = attribute_spellings(ctx.tables).get(args[1])
        return None if spelling is None else f"{target} = {spelling}"


def _occupancy(ctx: RuleContext, name: str, call: CallSite, target: str) -> str | None:
    args = [render(ctx, *span).strip() for span in call.args]
    if name.startswith("cudaOccupancyMaxActiveBlocks"):
        if len(args) < 3:
            return None
        threads = _paren(args[2])
        smem = args[3] if len(args) > 3 else "0"
        if smem in ZERO:
            return f"{target} = (int)({WG_SIZE} / {threads})"
        return (
            f"{target} = (int)std::min<size_t>({WG_SIZE} / {threads}, "
            f"{LOCAL_MEM} / std::max<size_t>({smem}, 1))"
        )
    # cudaOccupancyMaxPotentialBlockSize(&grid, &block, kernel, smem = 0, limit = 0)
    if len(args) < 3 or not args[1].startswith("&"):
        return None
    block = args[1][1:].strip()
    limit = args[4] if len(args) > 4 else "0"
    if limit in ZERO:
        size = f"(int)std::min<size_t>({WG_SIZE}, {CUDA_MAX_BLOCK})"
    else:
        size = f"(int)std::min<size_t>({{{WG_SIZE}, {CUDA_MAX_BLOCK}, (size_t)({limit})}})"
    return f"{block} = {size}, {target} = (int)({UNITS} * ({WG_SIZE} / {block}))"


def _paren(text: str) -> str:
    return text if re.fullmatch(r"\w+", text) else f"({text})"


def _drop_statement(ctx: RuleContext, stmt: Node) -> Edit:
    """Remove a statement, and its line when it stands alone."""
    start, end = stmt.start_byte, stmt.end_byte
    if stmt.parent is not None and stmt.parent.type not in ("compound_statement", "translation_unit"):
        return Edit(start, end, ";")  # the body of an `if`/`for` without braces: keep an empty statement
    line_start = ctx.source.rfind(b"\n", 0, start) + 1
    if ctx.source[line_start:start].strip() == b"" and ctx.source[end : end + 1] == b"\n":
        start, end = line_start, end + 1
    return Edit(start, end, "")
