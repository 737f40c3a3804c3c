#include <cmath>

// CUDA's pow(int, int) is <cmath>'s double overload; abs of a floating value is fabs; sycl::pow and
// sycl::abs take one floating type and integers only.
__global__ void norms(const float *x, float *out, int n)
{
    int e = 2;
    double scale = 0.5;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = pow(n, e) * scale + abs(x[i]) + abs((double)x[i] - 1.0) + abs(i - n);
}
