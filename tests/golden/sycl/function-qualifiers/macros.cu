#include <cuda_runtime.h>
#define HD __host__ __device__ __forceinline__
#define DEV_INLINE __device__ inline __forceinline__
#define HOST_DEVICE __host__ __device__

template <typename T>
struct Scale {
    T a;
    HD T operator()(T x) const { return a * x; }  // __device__ in a comment stays
};

DEV_INLINE float twice(float x) { return 2.f * x; }
HOST_DEVICE int add(int a, int b) { return a + b; }

__global__ void apply(float *x)
{
    auto f = [] __device__ (float v) { return v + 1.f; };
    x[0] = f(Scale<float>{2.f}(twice(x[0])));
}
