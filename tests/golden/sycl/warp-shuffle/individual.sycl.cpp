#include <sycl/sycl.hpp>
void broadcast_and_shift(const float *x, float *out, int *idx, const sycl::nd_item<3> &item) {
    const int lane = item.get_sub_group().get_local_linear_id();
    float v = x[item.get_local_id(2)];
    float first = sycl::group_broadcast(item.get_sub_group(), v, 0);
    float from = sycl::select_from_group(item.get_sub_group(), v, idx[lane]);
    float next = sycl::shift_group_left(item.get_sub_group(), v, 1);
    float partner = sycl::permute_group_by_xor(item.get_sub_group(), v, 1);
    out[item.get_local_id(2)] = first + from + next + partner;
}
