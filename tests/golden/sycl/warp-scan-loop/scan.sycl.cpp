#include <sycl/sycl.hpp>
void scan(const int *in, int *out, const sycl::nd_item<3> &item) {
    const int lane = item.get_sub_group().get_local_linear_id();
    int v = in[item.get_local_id(2)];
    v = sycl::inclusive_scan_over_group(item.get_sub_group(), v, sycl::plus<>());
    out[item.get_local_id(2)] = v;
}
