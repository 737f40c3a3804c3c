#include <sycl/sycl.hpp>
#define FULL 0xffffffffu
constexpr unsigned kAll = 0xffffffff;

void warp_totals(const unsigned *x, unsigned *out, const sycl::nd_item<3> &item) {
    unsigned v = x[item.get_local_id(2)];
    unsigned s = sycl::reduce_over_group(item.get_sub_group(), v, sycl::plus<>());
    unsigned lo = sycl::reduce_over_group(item.get_sub_group(), v, sycl::minimum<>());
    unsigned hi = sycl::reduce_over_group(item.get_sub_group(), v, sycl::maximum<>());
    unsigned a = sycl::reduce_over_group(item.get_sub_group(), v, sycl::bit_and<>()) | sycl::reduce_over_group(item.get_sub_group(), v, sycl::bit_or<>()) ^ sycl::reduce_over_group(item.get_sub_group(), v, sycl::bit_xor<>());
    out[item.get_local_id(2)] = s + lo + hi + a;
}
