/* A C file whose CUDA calls need the SYCL runtime: it becomes C++. */
#include <stdlib.h>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

float *device_buffer(int n)
{
    float *p = 0;
    p = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    return p;
}

/* C converts calloc's void * silently; as C++ (GP271) the results get casts. */
float *host_copy(const float *x, int n)
{
    float *tmp = (float *)calloc(n, sizeof(float));
    int i;
    unsigned char **rows;
    rows = (unsigned char **)malloc(2 * sizeof(unsigned char *));
    for (i = 0; i < n; ++i) tmp[i] = x[i];
    free(rows);
    return tmp;
}
