"""GP237 device-queries: CUDA device selection and attribute queries become `get_info` on the queue's device.

What it does
    `cudaGetDevice(&d)` -> `d = 0`; `cudaSetDevice(d)` and `cudaSetDeviceFlags(f)` -> `0`;
    `cudaGetDeviceCount(&n)` -> `n = 1`; `cudaDeviceGetAttribute(&v, attr, dev)` -> `v = (int)D.get_info<
    sycl::info::device::...>()` with `D` = `gpuport_queue().get_device()` for the attributes SYCL 2020 can
    answer (multiprocessor count -> `max_compute_units`, warp size -> the largest `sub_group_sizes` entry,
    max threads per block -> `max_work_group_size`, shared memory per block -> `local_mem_size`, clock rate
    -> `max_clock_frequency` * 1000, block/grid extents -> `max_work_item_sizes<3>`, mapped host memory /
    managed memory -> the USM aspects); `cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
    n)` -> `0`. Used as a statement, a call that yields `0` is dropped. Other attributes, and
    `cudaGetDeviceProperties`/`cudaDeviceProp`, stay unconverted (reported): a `cudaDeviceProp` struct has
    dozens of fields, most without a SYCL counterpart, so the fallback rewrites the fields a program uses.
Why
    The SYCL pack runs everything on one program-wide queue (GP201), so "the current device" is that
    queue's device, device 0 of a one-device program. SYCL 2020 exposes device limits through
    `device::get_info` and `device::has(aspect)`. SYCL has no opt-in limit on dynamic local memory:
    a kernel may use up to `local_mem_size`, so raising CUDA's 48 KiB default is a no-op.
Example
    int dev, sms; cudaGetDevice(&dev); cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
Translated to
    int dev, sms; dev = 0; sms = (int)gpuport_queue().get_device().get_info<
    sycl::info::device::max_compute_units>();
Safety
    review: a multi-GPU program is folded onto one device; `max_compute_units` counts compute units
    (SMs on NVIDIA, CUs on AMD, Xe cores or EUs on Intel), so occupancy arithmetic built on it may size
    grids differently; the sub-group size a kernel gets may be smaller than the largest supported one.
References
    SYCL 2020 specification, 4.6.4.2 (device information descriptors), 4.6.4.3 (device aspects).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ...calls import CallSite, call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import QUEUE
from .memory_api import wrap

DEVICE = f"{QUEUE}.get_device()"


def _info(desc: str, scale: str = "") -> str:
    return f"(int)({DEVICE}.get_info<sycl::info::device::{desc}>(){scale})"


def _aspect(aspect: str) -> str:
    return f"(int){DEVICE}.has(sycl::aspect::{aspect})"


ATTRIBUTES: dict[str, str] = {
    "cudaDevAttrMultiProcessorCount": _info("max_compute_units"),
    "cudaDevAttrWarpSize": _info("sub_group_sizes", ".back()"),
    "cudaDevAttrMaxThreadsPerBlock": _info("max_work_group_size"),
    "cudaDevAttrMaxSharedMemoryPerBlock": _info("local_mem_size"),
    "cudaDevAttrMaxSharedMemoryPerBlockOptin": _info("local_mem_size"),
    "cudaDevAttrClockRate": _info("max_clock_frequency", " * 1000"),
    "cudaDevAttrMaxBlockDimX": _info("max_work_item_sizes<3>", "[2]"),
    "cudaDevAttrMaxBlockDimY": _info("max_work_item_sizes<3>", "[1]"),
    "cudaDevAttrMaxBlockDimZ": _info("max_work_item_sizes<3>", "[0]"),
    "cudaDevAttrGlobalMemoryBusWidth": _info("global_mem_cache_line_size", " * 8"),
    "cudaDevAttrCanMapHostMemory": _aspect("usm_host_allocations"),
    "cudaDevAttrManagedMemory": _aspect("usm_shared_allocations"),
    "cudaDevAttrConcurrentManagedAccess": _aspect("usm_shared_allocations"),
}
# Calls with nothing to do in SYCL: they yield cudaSuccess.
NO_OPS = frozenset({"cudaSetDevice", "cudaSetDeviceFlags", "cudaFuncSetAttribute"})
HANDLED = frozenset({"cudaGetDevice", "cudaGetDeviceCount", "cudaDeviceGetAttribute", *NO_OPS})


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
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> SYCL device query",
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
            if name == "cudaFuncSetAttribute" and (
                len(args) != 3 or args[1] != "cudaFuncAttributeMaxDynamicSharedMemorySize"
            ):
                return None
            return "0"
        if not args or not args[0].startswith("&"):
            return None
        target = args[0][1:].strip()
        if name == "cudaGetDevice":
            return f"{target} = 0"
        if name == "cudaGetDeviceCount":
            return f"{target} = 1"
        if len(args) != 3 or args[1] not in ATTRIBUTES:
            return None
        return f"{target} = {ATTRIBUTES[args[1]]}"


def _drop_statement(ctx: RuleContext, stmt: Node) -> Edit:
    """Remove a statement, and its line when it stands alone."""
    start, end = stmt.start_byte, stmt.end_byte
    line_start = ctx.source.rfind(b"\n", 0, start) + 1
    if ctx.source[line_start:start].strip() == b"" and ctx.source[end : end + 1] == b"\n":
        start, end = line_start, end + 1
    return Edit(start, end, "")
