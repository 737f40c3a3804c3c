/* darknet's cuda.c: a C file that calls the CUDA runtime becomes C++ for SYCL, where the void * that
   malloc, calloc and realloc return needs a cast into a typed pointer (C converts it silently). */
#include <stdlib.h>
#include <string.h>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

float *cuda_make_array(float *x, size_t n)
{
    float *x_gpu;
    x_gpu = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    if (x) gpuport_queue().memcpy(x_gpu, x, n * sizeof(float)).wait();
    return x_gpu;
}

float cuda_compare(float *x_gpu, float *x, size_t n)
{
    float *tmp = (float *)calloc(n, sizeof(float));
    const char **names = (const char **)malloc(2 * sizeof(char *));
    void *raw = malloc(16);
    float err = 0;
    size_t i;
    gpuport_queue().memcpy(tmp, x_gpu, n * sizeof(float)).wait();
    for (i = 0; i < n; ++i) err += (tmp[i] - x[i]) * (tmp[i] - x[i]);
    tmp = (float *)realloc(tmp, 2 * n * sizeof(float));
    names[0] = "cuda";
    free(raw);
    free(names);
    free(tmp);
    return err;
}
