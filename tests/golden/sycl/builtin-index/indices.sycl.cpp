#include <sycl/sycl.hpp>
#define GLOBAL_ID (item.get_group(2) * item.get_local_range(2) + item.get_local_id(2))
void k3(int *out, const sycl::nd_item<3> &item) {
    int t = item.get_local_id(2) + item.get_local_id(1) * item.get_local_range(2) + item.get_local_id(0) * item.get_local_range(2) * item.get_local_range(1);
    int b = item.get_group(2) + item.get_group(1) * item.get_group_range(2) + item.get_group(0) * item.get_group_range(2) * item.get_group_range(1);
    out[GLOBAL_ID] = t + b; // threadIdx.x in a comment stays
}
