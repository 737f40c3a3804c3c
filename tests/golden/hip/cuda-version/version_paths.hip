// The runtime version chooses the code path (cuda-samples' threadFenceReduction): the HIP and SYCL
// builds must take the current API's branch, not the one for CUDA 2.1.
#include <hip/hip_runtime.h>
#ifndef CUDART_VERSION
#define CUDART_VERSION 12080 // gpuport: the CUDA version whose API this translation follows
#endif
#include <cstdio>
#include <cstdlib>

#define VERSION_MAJOR (CUDART_VERSION / 1000)

__global__ void fill(int *x) { x[threadIdx.x] = threadIdx.x; }

int main() {
#if CUDART_VERSION >= 2020
    int *x;
    hipMalloc(&x, 32 * sizeof(int));
    fill<<<1, 32>>>(x);
    printf("built for CUDA %d\n", VERSION_MAJOR);
#else
    print_NVCC_min_spec("sample", "2.2", "Version 185");
    exit(EXIT_SUCCESS);
#endif
    return 0;
}
