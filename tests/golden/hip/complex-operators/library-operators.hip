// AMGX's amgx_types/math.h: operators on cuComplex types. The ones HIP's amd_hip_complex.h defines too
// (same-type arithmetic and comparisons, compound assignment, unary minus, complex * scalar) are kept
// for platforms without them; mixed float/double ones and complex + scalar stay as written.
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>

// add operator
#if !defined(__HIP_PLATFORM_AMD__)
__host__ __device__ __inline__ hipComplex operator+(const hipComplex &lhs, const hipComplex &rhs)
{
    return hipCaddf(lhs, rhs);
}
#endif
__host__ __device__ __inline__ hipComplex operator+(const hipComplex &lhs, const float &rhs)
{
    return make_hipComplex(hipCrealf(lhs) + rhs, hipCimagf(lhs));
}
__host__ __device__ __inline__ hipDoubleComplex operator+(const hipDoubleComplex &lhs, const hipComplex &rhs)
{
    return make_hipDoubleComplex(hipCreal(lhs) + hipCrealf(rhs), hipCimag(lhs) + hipCimagf(rhs));
}

#if !defined(__HIP_PLATFORM_AMD__)
__host__ __device__ __inline__ hipDoubleComplex operator*(const hipDoubleComplex &lhs, const hipDoubleComplex &rhs)
{
    return hipCmul(lhs, rhs);
}
__host__ __device__ __inline__ hipDoubleComplex operator*(const hipDoubleComplex &lhs, double rhs)
{
    return make_hipDoubleComplex(hipCreal(lhs) * rhs, hipCimag(lhs) * rhs);
}

__host__ __device__ __inline__ hipComplex operator-(const hipComplex &x)
{
    return make_hipComplex(-hipCrealf(x), -hipCimagf(x));
}
__host__ __device__ __inline__ hipComplex &operator+=(hipComplex &lhs, const hipComplex &rhs)
{
    lhs = lhs + rhs;
    return lhs;
}
#endif

namespace mine {
// a namespace's operator is not the global one HIP defines
__host__ __device__ inline hipComplex operator/(const hipComplex &a, const hipComplex &b) { return hipCdivf(a, b); }
}

__global__ void axpy(hipComplex a, const hipComplex *x, hipComplex *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + (-y[i]) + 1.0f;
}
