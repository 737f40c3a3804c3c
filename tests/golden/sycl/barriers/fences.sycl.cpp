#include <sycl/sycl.hpp>
void k(int *flag, int *data, const sycl::nd_item<3> &item) {
    data[item.get_local_id(2)] = 1;
    sycl::atomic_fence(sycl::memory_order::seq_cst, sycl::memory_scope::device);
    sycl::atomic_fence(sycl::memory_order::seq_cst, sycl::memory_scope::work_group);
    sycl::group_barrier(item.get_sub_group());
    sycl::group_barrier(item.get_group());
    int all = sycl::reduce_over_group(item.get_group(), (data[item.get_local_id(2)] > 0) ? 1 : 0, sycl::plus<int>());
    if (item.get_local_id(2) == 0) flag[0] = all;
}
