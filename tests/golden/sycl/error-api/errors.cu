#include <cstdio>
#include <cuda_runtime.h>
int check() {
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) { printf("%s\n", cudaGetErrorString(err)); return 1; }
    return cudaPeekAtLastError() == cudaSuccess ? 0 : 1;
}
