#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdio>

// A file using both families: overloaded intrinsics get one overload per family.
__global__ void both(__half *h, __nv_bfloat16 *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    h[i] = __hadd(h[i], __float2half(1.0f));
    b[i] = __hadd(b[i], __float2bfloat16(1.0f));
}

int main() {
    both<<<1, 4>>>(nullptr, nullptr, 0);
    cudaDeviceSynchronize();
    printf("%f\n", __half2float(__float2half(0.25f)));
    return 0;
}
