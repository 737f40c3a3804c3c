#include <cuda_runtime.h>

// helper_math.h style: HIP's vector types define the compound assignments themselves.
inline __host__ __device__ void operator+=(float3 &a, float3 b)
{
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
}
inline __host__ __device__ void operator*=(int2 &a, const int2 &b)
{
    a.x *= b.x;
    a.y *= b.y;
}
// Not ambiguous under HIP (a scalar operand, a binary operator): left as they are.
inline __host__ __device__ void operator*=(float3 &a, float s)
{
    a.x *= s;
    a.y *= s;
    a.z *= s;
}
inline __host__ __device__ float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }

__global__ void step(float3 *p, const float3 *v, int2 *c)
{
    int i = threadIdx.x;
    p[i] += v[i];
    p[i] *= 0.5f;
    c[i] *= c[0];
    p[i] = p[i] - v[i];
}
