// A block size bounded by the kernel's attributes (cuda-samples' FDTD3d).
#include <cstdio>
#define MIN(a, b) ((a) < (b) ? (a) : (b))

template <int R> __global__ void stencil(float *out, const float *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= R && i < n - R) out[i] = in[i - R] + in[i + R];
}

int main() {
    struct cudaFuncAttributes attrib;
    cudaFuncAttributes other;
    if (cudaFuncGetAttributes(&attrib, stencil<2>) != cudaSuccess) return 1;
    cudaFuncGetAttributes(&other, stencil<4>);
    int block = MIN(1024, attrib.maxThreadsPerBlock);
    printf("%d %d %zu\n", block, other.numRegs, attrib.sharedSizeBytes);
    return 0;
}
