"""Inline standard-SYCL helpers for the memory rules (pitched memory GP249, unified-memory hints GP250).

A CUDA call that needs more than a renaming (a 2-D copy is a loop of row copies) becomes a call to a small
`static inline gpuport_*` function defined in the translated file itself, once, and only when the file uses
it: no helper header, nothing beyond SYCL 2020. Each definition carries an include guard so a header and a
file that includes it can both hold it. Which helpers a file needs follows from the CUDA names it uses, so
one rule (GP249, which runs first) places all of them in a single edit: one block, each helper once.
"""

from __future__ import annotations

from tree_sitter import Node

from ...context import RuleContext
from ...edits import Edit
from ._placement import block_edit

MALLOC_PITCH = """\
#ifndef GPUPORT_MALLOC_PITCH
#define GPUPORT_MALLOC_PITCH
// cudaMallocPitch: device USM whose rows are padded to a multiple of 512 bytes (CUDA's usual pitch
// alignment), so code that indexes rows through the returned pitch sees the same layout.
static inline void *gpuport_malloc_pitch(sycl::queue &q, size_t *pitch, size_t width, size_t height) {
  *pitch = (width + 511) / 512 * 512;
  return sycl::malloc_device(*pitch * height, q);
}
#endif
"""

MEMCPY2D = """\
#ifndef GPUPORT_MEMCPY2D
#define GPUPORT_MEMCPY2D
// cudaMemcpy2D: `height` rows of `width` bytes between pitched buffers (USM or plain host memory), one
// memcpy per row, or one in all when both sides are contiguous. The queue is in-order, so the last
// row's event completes the whole copy.
static inline sycl::event gpuport_memcpy2d(sycl::queue &q, void *dst, size_t dpitch, const void *src,
                                           size_t spitch, size_t width, size_t height) {
  if (dpitch == width && spitch == width) return q.memcpy(dst, src, width * height);
  sycl::event last;
  for (size_t row = 0; row < height; ++row)
    last = q.memcpy(static_cast<char *>(dst) + row * dpitch, static_cast<const char *>(src) + row * spitch, width);
  return last;
}
#endif
"""

MEMSET2D = """\
#ifndef GPUPORT_MEMSET2D
#define GPUPORT_MEMSET2D
// cudaMemset2D: sets `width` bytes of each of `height` rows `pitch` bytes apart (in-order queue: the last
// row's event completes the whole fill).
static inline sycl::event gpuport_memset2d(sycl::queue &q, void *ptr, size_t pitch, int value, size_t width,
                                           size_t height) {
  if (pitch == width) return q.memset(ptr, value, width * height);
  sycl::event last;
  for (size_t row = 0; row < height; ++row)
    last = q.memset(static_cast<char *>(ptr) + row * pitch, value, width);
  return last;
}
#endif
"""

MEM_LOCATION = """\
#ifndef GPUPORT_MEM_LOCATION
#define GPUPORT_MEM_LOCATION
// cudaMemLocation, cudaMemLocationType (CUDA's values) and the special device ids, for unified-memory hints.
enum gpuport_mem_location_type {
  gpuport_mem_location_invalid = 0,
  gpuport_mem_location_device = 1,
  gpuport_mem_location_host = 2,
  gpuport_mem_location_host_numa = 3,
  gpuport_mem_location_host_numa_current = 4
};
struct gpuport_mem_location {
  gpuport_mem_location_type type;
  int id;
};
constexpr int gpuport_cpu_device_id = -1;
constexpr int gpuport_invalid_device_id = -2;
#endif
"""

PREFETCH = """\
#ifndef GPUPORT_PREFETCH
#define GPUPORT_PREFETCH
// cudaMemPrefetchAsync: SYCL 2020 prefetches shared USM towards the queue's device only; a host target is
// a no-op (pages move back on first host access, after the queue is waited on).
static inline sycl::event gpuport_prefetch(sycl::queue &q, const void *p, size_t n, gpuport_mem_location loc) {
  return loc.type == gpuport_mem_location_device ? q.prefetch(const_cast<void *>(p), n) : sycl::event();
}
static inline sycl::event gpuport_prefetch(sycl::queue &q, const void *p, size_t n, int device) {
  return device >= 0 ? q.prefetch(const_cast<void *>(p), n) : sycl::event();
}
#endif
"""

# CUDA locations (CUDA 13's struct and its enum) and the names that use them.
LOCATION_NAMES = {
    "cudaMemLocation": "gpuport_mem_location",
    "cudaMemLocationType": "gpuport_mem_location_type",
    "cudaMemLocationTypeInvalid": "gpuport_mem_location_invalid",
    "cudaMemLocationTypeDevice": "gpuport_mem_location_device",
    "cudaMemLocationTypeHost": "gpuport_mem_location_host",
    "cudaMemLocationTypeHostNuma": "gpuport_mem_location_host_numa",
    "cudaMemLocationTypeHostNumaCurrent": "gpuport_mem_location_host_numa_current",
    "cudaCpuDeviceId": "gpuport_cpu_device_id",
    "cudaInvalidDeviceId": "gpuport_invalid_device_id",
}
PREFETCH_CALLS = frozenset({"cudaMemPrefetchAsync", "cudaMemPrefetchAsync_v2"})

# helper text, in definition order (the prefetch helper uses the location type), with the names that need it
HELPERS: list[tuple[str, frozenset[str]]] = [
    (MALLOC_PITCH, frozenset({"cudaMallocPitch"})),
    (MEMCPY2D, frozenset({"cudaMemcpy2D", "cudaMemcpy2DAsync"})),
    (MEMSET2D, frozenset({"cudaMemset2D", "cudaMemset2DAsync"})),
    (MEM_LOCATION, frozenset(LOCATION_NAMES) | PREFETCH_CALLS),
    (PREFETCH, PREFETCH_CALLS),
]
ALL_NAMES = frozenset().union(*(names for _, names in HELPERS))


def helpers_edit(ctx: RuleContext) -> tuple[Edit, list[str]] | None:
    """One edit defining every memory helper the file's CUDA names call for, placed after the SYCL
    prelude and before the first use; with the helpers' guard names (for the message). None if none."""
    declared = ctx.declared_names
    uses = [
        o
        for o in ctx.occurrences
        if o.name in ALL_NAMES
        and o.name not in declared
        and not (o.node is not None and o.node.type == "field_identifier")
    ]
    if not uses:
        return None
    names = {o.name for o in uses}
    chosen = [text for text, wanted in HELPERS if names & wanted]
    text = "".join(chosen)
    guards = [t.split("\n", 1)[0].removeprefix("#ifndef ") for t in chosen]
    first = min(o.start for o in uses)
    return block_edit(ctx, first, text), guards


def drop_statement(ctx: RuleContext, stmt: Node) -> Edit:
    """Remove a statement, and its whole line when it stands alone (an `if (c) f();` body becomes `;`)."""
    start, end = stmt.start_byte, stmt.end_byte
    parent = stmt.parent
    if parent is not None and parent.type not in ("compound_statement", "translation_unit"):
        return Edit(start, end, ";")
    line_start = ctx.source.rfind(b"\n", 0, start) + 1
    if ctx.source[line_start:start].strip() == b"" and ctx.source[end : end + 1] == b"\n":
        start, end = line_start, end + 1
    return Edit(start, end, "")
