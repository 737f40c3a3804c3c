#ifndef PROJECT_CUDA_H
#define PROJECT_CUDA_H

#include <cuda_runtime.h>

#define BLOCK 256

void check_error(cudaError_t status);
dim3 grid_for(size_t n);

#endif
