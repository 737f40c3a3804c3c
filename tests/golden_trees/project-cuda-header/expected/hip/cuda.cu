#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
#include "cuda.h"

void check_error(hipError_t status) {
    if (status != hipSuccess) {
        fprintf(stderr, "CUDA error: %s\n", hipGetErrorString(status));
        exit(1);
    }
}

dim3 grid_for(size_t n) {
    size_t x = (n + BLOCK - 1) / BLOCK, y = 1;
    dim3 d(x, y, 1);  // copy-initialised from a brace list, as darknet's cuda_gridsize does
    return d;
}
