// AMGX's amgx_types/math.h: operators on cuComplex types. The ones HIP's amd_hip_complex.h defines too
// (same-type arithmetic and comparisons, compound assignment, unary minus, complex * scalar) are kept
// for platforms without them; mixed float/double ones and complex + scalar stay as written.
#include <cuComplex.h>

// add operator
__host__ __device__ __inline__ cuComplex operator+(const cuComplex &lhs, const cuComplex &rhs)
{
    return cuCaddf(lhs, rhs);
}
__host__ __device__ __inline__ cuComplex operator+(const cuComplex &lhs, const float &rhs)
{
    return make_cuComplex(cuCrealf(lhs) + rhs, cuCimagf(lhs));
}
__host__ __device__ __inline__ cuDoubleComplex operator+(const cuDoubleComplex &lhs, const cuComplex &rhs)
{
    return make_cuDoubleComplex(cuCreal(lhs) + cuCrealf(rhs), cuCimag(lhs) + cuCimagf(rhs));
}

__host__ __device__ __inline__ cuDoubleComplex operator*(const cuDoubleComplex &lhs, const cuDoubleComplex &rhs)
{
    return cuCmul(lhs, rhs);
}
__host__ __device__ __inline__ cuDoubleComplex operator*(const cuDoubleComplex &lhs, double rhs)
{
    return make_cuDoubleComplex(cuCreal(lhs) * rhs, cuCimag(lhs) * rhs);
}

__host__ __device__ __inline__ cuComplex operator-(const cuComplex &x)
{
    return make_cuComplex(-cuCrealf(x), -cuCimagf(x));
}
__host__ __device__ __inline__ cuComplex &operator+=(cuComplex &lhs, const cuComplex &rhs)
{
    lhs = lhs + rhs;
    return lhs;
}

namespace mine {
// a namespace's operator is not the global one HIP defines
__host__ __device__ inline cuComplex operator/(const cuComplex &a, const cuComplex &b) { return cuCdivf(a, b); }
}

__global__ void axpy(cuComplex a, const cuComplex *x, cuComplex *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + (-y[i]) + 1.0f;
}
