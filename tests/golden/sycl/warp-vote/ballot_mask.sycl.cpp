#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

template <int RADIX>
void rank_digits(const unsigned int *digits, unsigned int *ranks, unsigned int *counts, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    unsigned int lane = item.get_sub_group().get_local_linear_id();
    unsigned int digit = i < n ? digits[i] : RADIX;
    unsigned int lanes_below = (1u << lane) - 1u;
    unsigned int rank = 0;
    for (int d = 0; d < RADIX; ++d) {
        const unsigned int peers = sycl::reduce_over_group(item.get_sub_group(), (digit == d) ? (1u << item.get_sub_group().get_local_linear_id()) : 0u, sycl::bit_or<>());
        if (digit == d) rank = sycl::popcount(peers & lanes_below);
        if (lane == 0) sycl::atomic_ref<unsigned int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(counts[d]).fetch_add(static_cast<unsigned int>(sycl::popcount(peers)));
    }
    unsigned int alive = sycl::reduce_over_group(item.get_sub_group(), (i < n) ? (1u << item.get_sub_group().get_local_linear_id()) : 0u, sycl::bit_or<>());
    int votes = sycl::reduce_over_group(item.get_sub_group(), (rank > 0) ? 1 : 0, sycl::plus<>());
    if (i < n) ranks[i] = rank + (alive & 1u) + votes;
}

int main() {
    const int n = 1024;
    unsigned int *d_digits, *d_ranks, *d_counts;
    d_digits = (unsigned int *)sycl::malloc_device(n * sizeof(unsigned int), gpuport_queue());
    d_ranks = (unsigned int *)sycl::malloc_device(n * sizeof(unsigned int), gpuport_queue());
    d_counts = (unsigned int *)sycl::malloc_device(16 * sizeof(unsigned int), gpuport_queue());
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 256) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { rank_digits<16>(d_digits, d_ranks, d_counts, n, item); });
    gpuport_queue().wait();
    return 0;
}
