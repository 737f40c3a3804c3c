// shoc's reduction and scan kernels: an old architecture's shared array under `#if __CUDA_ARCH__ <= 130`,
// and, in the `#else` that sm_90 takes, the same name as a pointer into the dynamic block. Only the branch
// nvcc's device pass compiles shapes the kernel's parameters; the other's declaration goes too.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif



template <class T, int blockSize>
void reduce(const T *g_idata, T *g_odata, const sycl::nd_item<3> &item, T *shared) {
    int tid = item.get_local_id(2);
#if 900 <= 130
#else
    volatile T *sdata = shared;
#endif
    sdata[tid] = g_idata[item.get_group(2) * blockSize + tid];
    sycl::group_barrier(item.get_group());
    for (int s = blockSize / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        sycl::group_barrier(item.get_group());
    }
    if (tid == 0) g_odata[item.get_group(2)] = sdata[0];
}

int main() {
    const int n = 4 * 256;
    float h[n], sums[4];
    for (int i = 0; i < n; i++) h[i] = (float)(i % 7);
    float *in, *out;
    in = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    out = (float *)sycl::malloc_device(4 * sizeof(float), gpuport_queue());
    gpuport_queue().memcpy(in, h, n * sizeof(float)).wait();
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> shared_acc(sycl::range<1>((256 * sizeof(float)) / sizeof(float)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 4) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) {
        reduce<float, 256>(in, out, item, &shared_acc[0]); });
    });
    gpuport_queue().memcpy(sums, out, 4 * sizeof(float)).wait();
    printf("%g %g %g %g\n", sums[0], sums[1], sums[2], sums[3]);
    sycl::free(in, gpuport_queue());
    sycl::free(out, gpuport_queue());
    return 0;
}
