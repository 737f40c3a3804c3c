/* A C file whose CUDA calls need the SYCL runtime: it becomes C++. */
#include <cuda_runtime.h>

float *device_buffer(int n)
{
    float *p = 0;
    cudaMalloc((void **)&p, n * sizeof(float));
    return p;
}
