#include <cstdio>
#include <cstdlib>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define CUDA_CHECK(call) do { int e = (call); if (e != 0) { fprintf(stderr, "%s\n", "SYCL error (SYCL reports errors as exceptions)"); exit(1); } } while (0)
int main() {
    const int n = 1024;
    float *d_x, *h_x, *m;
    int *d_i;
    CUDA_CHECK((d_x = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue()), 0));
    d_i = (int *)sycl::malloc_device(n * sizeof(int), gpuport_queue());
    CUDA_CHECK((h_x = (float *)sycl::malloc_host(n * sizeof(float), gpuport_queue()), 0));
    CUDA_CHECK((m = (float *)sycl::malloc_shared(n * sizeof(float), gpuport_queue()), 0));
    CUDA_CHECK((gpuport_queue().memset(d_x, 0, n * sizeof(float)).wait(), 0));
    CUDA_CHECK((gpuport_queue().memcpy(h_x, d_x, n * sizeof(float)).wait(), 0));
    gpuport_queue().memcpy(d_x, h_x, n * sizeof(float));
    CUDA_CHECK((gpuport_queue().wait(), 0));
    CUDA_CHECK((sycl::free(d_x, gpuport_queue()), 0));
    sycl::free(d_i, gpuport_queue());
    CUDA_CHECK((sycl::free(h_x, gpuport_queue()), 0));
    CUDA_CHECK((sycl::free(m, gpuport_queue()), 0));
    return 0;
}
