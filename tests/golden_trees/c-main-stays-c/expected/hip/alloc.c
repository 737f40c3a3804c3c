/* A C file whose CUDA calls need the SYCL runtime: it becomes C++. */
#include <hip/hip_runtime.h>

float *device_buffer(int n)
{
    float *p = 0;
    hipMalloc((void **)&p, n * sizeof(float));
    return p;
}
