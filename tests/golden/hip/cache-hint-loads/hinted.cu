// Cache-hinted loads and stores (AMGX's sm_utils.inl Ld<LD_CG>, streaming stores): HIP declares the loads
// for __half only, so each becomes a plain access of the same memory.
#include <cuda_runtime.h>

__global__ void copy_streaming(const float2 *in, float2 *out, const int *idx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float2 v = __ldcg(&in[i]);
        int j = __ldca(idx + i);
        double w = __ldcs((const double *)in + i);
        __stcs(&out[j], v);
        __stwt(&out[i].x, (float)w);
    }
}
