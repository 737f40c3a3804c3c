#include <cuda_runtime.h>
__global__ void k(const float *a, float *out, int2 *p) {
    int i = threadIdx.x;
    float4 v = reinterpret_cast<const float4 *>(a)[i];
    float2 w = make_float2(v.x, v.y);
    out[i] = v.x + v.y + v.z + v.w + w.x + p[i].y;
}
int main() { k<<<1, 32>>>(nullptr, nullptr, nullptr); }
