// Loads and stores with cache hints are plain loads and stores in SYCL. llm.c defines its own `__ldcs`
// for bfloat16 under a toolkit-version test: a stand-in for older toolkits, so the name stays CUDA's
// and the other calls are still translated.
#include <cuda_bf16.h>

#if defined(ENABLE_BF16) && (__CUDACC_VER_MAJOR__ < 12)
__device__ __nv_bfloat16 __ldcs(const __nv_bfloat16 *address) {
    unsigned short bf = __ldcs(reinterpret_cast<const unsigned short *>(address));
    return __nv_bfloat16_raw{bf};
}
#endif

__global__ void scale(const float4 *in, float4 *out, const float *s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 v = __ldcs(in + i);
    float k = __ldg(&s[0]);
    v.x *= k;
    v.y *= k;
    v.z *= k;
    v.w *= k;
    __stcs(out + i, v);
}
