#include <sycl/sycl.hpp>
#include <cmath>

// CUDA's pow(int, int) is <cmath>'s double overload; abs of a floating value is fabs; sycl::pow and
// sycl::abs take one floating type and integers only.
void norms(const float *x, float *out, int n, const sycl::nd_item<3> &item)
{
    int e = 2;
    double scale = 0.5;
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n)
        out[i] = sycl::pow(static_cast<double>(n), static_cast<double>(e)) * scale + sycl::fabs(x[i]) + sycl::fabs((double)x[i] - 1.0) + sycl::abs(i - n);
}
