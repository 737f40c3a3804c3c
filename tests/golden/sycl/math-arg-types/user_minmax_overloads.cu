// A helper header's pattern (cuda-samples' helper_math.h): the file defines min/max for its vector
// types, and inside them, and in its own scalar helpers, calls CUDA's built-in scalar min/max.
struct int2v { int x, y; };

inline __host__ __device__ int2v min(int2v a, int2v b)
{
    int2v r = {min(a.x, b.x), min(a.y, b.y)};
    return r;
}

inline __host__ __device__ int clamp(int f, int a, int b)
{
    return max(a, min(f, b));
}

inline __device__ float clampf(float f, float a, float b)
{
    return max(a, min(f, b));
}

__global__ void clamp_all(int *v, int n, int lo, int hi)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = clamp(v[i], lo, hi);
}
