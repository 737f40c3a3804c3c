#include <cstdio>
#include <cstdlib>
#include "cuda.h"

void check_error(cudaError_t status) {
    if (status != cudaSuccess) {
        fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(status));
        exit(1);
    }
}

dim3 grid_for(size_t n) {
    size_t x = (n + BLOCK - 1) / BLOCK, y = 1;
    dim3 d = {x, y, 1};  // copy-initialised from a brace list, as darknet's cuda_gridsize does
    return d;
}
