#include <sycl/sycl.hpp>
void half_warp(const int *x, int *out, const sycl::nd_item<3> &item) {
    int v = x[item.get_local_id(2)];
    out[item.get_local_id(2)] = __reduce_add_sync(0x0000ffffu, v);
}
