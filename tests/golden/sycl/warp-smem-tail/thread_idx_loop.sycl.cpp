#include <sycl/sycl.hpp>
void loop_from_32(const float *in, float *out, const sycl::nd_item<3> &item, float *s) {
    s[item.get_local_id(2)] = in[item.get_local_id(2)];
    sycl::group_barrier(item.get_group());
    float v = sycl::reduce_over_group(item.get_group(), item.get_local_id(2) < 64 ? s[item.get_local_id(2)] : 0, sycl::plus<>());
    if (item.get_local_id(2) == 0) s[0] = v;
    if (item.get_local_id(2) == 0) out[item.get_group(2)] = s[0];
}
