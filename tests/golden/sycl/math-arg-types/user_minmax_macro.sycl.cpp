// cuda-samples' matrixMulCUBLAS: the file defines min/max as function-like macros. Their calls are the
// preprocessor's expansions: renamed to sycl::min they would expand to `sycl::((a < b) ? a : b)`.
#include <cmath>
#include <sycl/sycl.hpp>

#ifndef min
#define min(a, b) ((a < b) ? a : b)
#endif
#ifndef max
#define max(a, b) ((a > b) ? a : b)
#endif

int clamp_multiple(int s) {
    s = min(s, 10);
    s = max(s, 1);
    return s;
}

void cap(float *x, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) x[i] = min(x[i], 1.0f);
}
