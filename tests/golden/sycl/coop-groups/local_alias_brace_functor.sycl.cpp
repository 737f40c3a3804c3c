// llm.c's warp reductions: the namespace alias declared inside the kernel, and the operator written as a
// brace-initialised functor (`cg::plus<float>{}`), which SYCL's group algorithm takes as `sycl::plus`.
#include <sycl/sycl.hpp>

void row_sum(const float *x, float *out, int C, const sycl::nd_item<3> &item) {
    sycl::group<3> block = item.get_group();
    sycl::sub_group warp = item.get_sub_group();
    const float *row = x + item.get_group(2) * C;
    float sum = 0.0f;
    for (int i = warp.get_local_linear_id(); i < C; i += warp.get_local_linear_range()) sum += row[i];
    sum = sycl::reduce_over_group(warp, sum, sycl::plus<float>{});
    float top = sycl::reduce_over_group(warp, sum, sycl::maximum<float>{});
    if (warp.get_local_linear_id() == 0) out[item.get_group(2)] = sum + top;
}
