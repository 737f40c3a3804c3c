#include <sycl/sycl.hpp>
int bin_of(unsigned id) { return id % 64; }

#ifndef GPUPORT_MATCH_ALL
#define GPUPORT_MATCH_ALL
// CUDA __match_all_sync on a sub-group: every lane's bit when all lanes hold the same value, else 0.
template <typename T>
static inline unsigned gpuport_match_all(const sycl::sub_group &sg, T value, int *pred) {
  const bool same = sycl::all_of_group(sg, sycl::group_broadcast(sg, value) == value);
  const unsigned n = sg.get_local_linear_range();
  *pred = same;
  return same ? (n >= 32u ? 0xffffffffu : (1u << n) - 1u) : 0u;
}
#endif
#ifndef GPUPORT_MATCH_ANY
#define GPUPORT_MATCH_ANY
// CUDA __match_any_sync on a sub-group: bit l is set when lane l holds the same value.
template <typename T>
static inline unsigned gpuport_match_any(const sycl::sub_group &sg, T value) {
  unsigned peers = 0u;
  for (unsigned l = 0; l < sg.get_local_linear_range(); ++l)
    if (sycl::select_from_group(sg, value, l) == value) peers |= 1u << l;
  return peers;
}
#endif

void aggregate(const unsigned *ids, unsigned *hist, const sycl::nd_item<3> &item) {
    const unsigned bin = bin_of(ids[item.get_local_id(2)]);
    const unsigned peers = gpuport_match_any(item.get_sub_group(), bin);
    int same;
    const unsigned all = gpuport_match_all(item.get_sub_group(), bin, &same);
    if (same || all) hist[bin] += sycl::popcount(peers);
}
