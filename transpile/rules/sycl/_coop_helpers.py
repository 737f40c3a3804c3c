"""Helper text GP241 (coop-groups) emits for cooperative groups that are no SYCL 2020 group: coalesced
groups, the grid group, `block_tile_memory` scratch and collectives over tiles that are not the sub-group.

Each block sits under its own `#ifndef` guard, so a file (or a tree whose headers both emit one) holds
it once. They are written for standard SYCL 2020 only (no `sycl::ext`), and need `<sycl/sycl.hpp>` and,
for the tile reduction, the partition helper `gpuport_thread_group` (coop_groups.PART_HELPER) before
them.
"""

from __future__ import annotations

import re

COALESCED_TYPE = "gpuport_coalesced_group"
GRID_TYPE = "gpuport_grid_group"
TILE_MEMORY_TYPE = "gpuport_block_tile_memory"
REDUCE = "gpuport_reduce"
REDUCE_OP = "gpuport_reduce_op"

# coalesced_threads(), and labeled_partition / binary_partition of it: this work-item alone. CUDA says the
# group is the threads active at the call, which need not be the whole warp even in converged code, so a
# correct program cannot depend on its size: a group of one is one of the groups CUDA may give.
COALESCED_HELPER = """\
#ifndef GPUPORT_COALESCED_GROUP
#define GPUPORT_COALESCED_GROUP
// cooperative_groups::coalesced_group: the threads active at the call, this work-item alone (CUDA lets it
// be any non-empty set of the active threads, so code correct in CUDA does not depend on its size).
struct gpuport_coalesced_group {
  unsigned long long thread_rank() const { return 0; }
  unsigned long long size() const { return 1; }
  unsigned long long num_threads() const { return 1; }
  unsigned long long meta_group_rank() const { return 0; }
  unsigned long long meta_group_size() const { return 1; }
  void sync() const {}
  template <class T> T shfl(T v, unsigned int) const { return v; }
  template <class T> T shfl_up(T v, unsigned int) const { return v; }
  template <class T> T shfl_down(T v, unsigned int) const { return v; }
  template <class T> T shfl_xor(T v, unsigned int) const { return v; }
  bool any(int p) const { return p != 0; }
  bool all(int p) const { return p != 0; }
  unsigned int ballot(int p) const { return p != 0 ? 1u : 0u; }
  template <class T> unsigned int match_any(T) const { return 1u; }
};
// labeled_partition / binary_partition of a group of one work-item: that work-item again
template <class L> inline gpuport_coalesced_group gpuport_labeled_partition(gpuport_coalesced_group g, L) {
  return g;
}
inline gpuport_coalesced_group gpuport_binary_partition(gpuport_coalesced_group g, bool) { return g; }
template <class T, class Op> inline T gpuport_reduce(gpuport_coalesced_group, T v, Op) { return v; }
#endif
"""

# this_grid(): ranks and sizes over the whole nd_range; CUDA's order (block rank, then rank in the block).
# No sync(): grid-wide synchronisation has no standard SYCL 2020 form (GP241 reports it).
GRID_HELPER = """\
#ifndef GPUPORT_GRID_GROUP
#define GPUPORT_GRID_GROUP
// cooperative_groups::grid_group: every work-item of the launch (no sync(): no standard SYCL 2020 form)
struct gpuport_grid_group {
  sycl::nd_item<3> item;
  explicit gpuport_grid_group(const sycl::nd_item<3> &it) : item(it) {}
  bool is_valid() const { return true; }
  unsigned long long thread_rank() const {
    return item.get_group_linear_id() * item.get_local_range().size() + item.get_local_linear_id();
  }
  unsigned long long size() const { return item.get_global_range().size(); }
  unsigned long long num_threads() const { return item.get_global_range().size(); }
  unsigned long long block_rank() const { return item.get_group_linear_id(); }
  unsigned long long num_blocks() const { return item.get_group_range().size(); }
};
#endif
"""

# __shared__ block_tile_memory<N>: CUDA's scratch for tiles larger than a warp. The tile helpers below
# use work-group algorithms instead, so it carries nothing (its local accessor is one byte).
TILE_MEMORY_HELPER = """\
#ifndef GPUPORT_BLOCK_TILE_MEMORY
#define GPUPORT_BLOCK_TILE_MEMORY
// cooperative_groups::block_tile_memory: unused (tile collectives use work-group algorithms)
template <unsigned int MaxBlockSize = 1024> struct gpuport_block_tile_memory {
  unsigned char unused;
};
#endif
"""

# cg::reduce on any group: SYCL's algorithm for SYCL groups; the overloads for the emulated groups are
# more specialised and win.
REDUCE_HELPER = """\
#ifndef GPUPORT_GROUP_REDUCE
#define GPUPORT_GROUP_REDUCE
// cooperative_groups::reduce: a SYCL group (work-group, sub-group) reduces with SYCL's algorithm
template <class G, class T, class Op> inline T gpuport_reduce(G g, T v, Op op) {
  return sycl::reduce_over_group(g, v, op);
}
#endif
"""

# cg::reduce over a 32-lane tile (the sub-group) with the program's own operator (llm.c's SumMax): SYCL's
# algorithm takes only SYCL function objects. A shift tree keeps the operands in rank order, so only
# associativity is assumed, as CUDA assumes it.
REDUCE_OP_HELPER = """\
#ifndef GPUPORT_SUB_GROUP_REDUCE_OP
#define GPUPORT_SUB_GROUP_REDUCE_OP
// cooperative_groups::reduce with the program's own operator over the sub-group: a shift tree that keeps
// the operands in rank order, lane 0's result broadcast to every lane
template <class T, class Op> inline T gpuport_reduce_op(sycl::sub_group g, T v, Op op) {
  const unsigned n = g.get_local_linear_range(), lane = g.get_local_linear_id();
  for (unsigned d = 1; d < n; d <<= 1) {
    T other = sycl::shift_group_left(g, v, d);
    if (lane + d < n) v = op(v, other);
  }
  return sycl::group_broadcast(g, v, 0);
}
#endif
"""

# cg::reduce over a tile of consecutive ranks (gpuport_thread_group): one work-group reduction per tile,
# the other tiles' work-items giving the identity. Every work-item of the block must reach the call (it
# is a work-group algorithm), as every work-item of the tile must in CUDA.
TILE_REDUCE_HELPER = """\
#ifndef GPUPORT_THREAD_GROUP_REDUCE
#define GPUPORT_THREAD_GROUP_REDUCE
// cooperative_groups::reduce over a tile of the block: one work-group reduction per tile, other tiles
// contributing the identity; every work-item of the block must reach it (the whole block converged)
template <class T, class Op> inline T gpuport_reduce(const gpuport_thread_group &g, T v, Op op) {
  const unsigned long long mine = g.meta_group_rank();
  T out = v;
  for (unsigned long long t = 0; t < g.meta_group_size(); ++t) {
    T r = sycl::reduce_over_group(g.block, t == mine ? v : sycl::known_identity_v<Op, T>, op);
    if (t == mine) out = r;
  }
  return out;
}
// a tile made by tiled_partition is reduced the same way (an exact match for the generic template otherwise)
template <class T, class Op> inline T gpuport_reduce(const gpuport_tile_group &g, T v, Op op) {
  return gpuport_reduce(static_cast<const gpuport_thread_group &>(g), v, op);
}
#endif
"""

_TILE_MEMORY = re.compile(r"(?<![\w:])(?:\w+\s*::\s*)*block_tile_memory\b")


def tile_memory_type_text(text: str) -> str:
    """Type text with cooperative groups' `block_tile_memory` (however qualified) as the helper's type:
    for the kernel parameter and local accessor a `__shared__` scratch becomes (GP203/GP206 copy it)."""
    if "block_tile_memory" not in text:
        return text
    return _TILE_MEMORY.sub(TILE_MEMORY_TYPE, text)
