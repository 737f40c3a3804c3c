// Dual-source code wraps the symbol argument in a macro (qulacs' GPU_SYMBOL: empty under CUDA, HIP_SYMBOL
// under HIP): the copy still finds the global inside it.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define GPU_SYMBOL
inline float *gpuport_symbol_coef() {
  static float *p = [] {
    float *m = sycl::malloc_device<float>(4, gpuport_queue());
    gpuport_queue().memset(m, 0, 4 * sizeof(float)).wait();
    return m;
  }();
  return p;
}
void k(float *o, const sycl::nd_item<3> &item, float *coef) { o[item.get_local_id(2)] = coef[item.get_local_id(2)]; }
int main() {
  float h[4] = {1, 2, 3, 4}, *d, r[4];
  sycl::queue * s;
  s = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
  s->memcpy(gpuport_symbol_coef(), h, sizeof(h));
  d = (float *)sycl::malloc_device(sizeof(r), gpuport_queue());
  s->parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 4), sycl::range<3>(1, 1, 4)), [=, coef = gpuport_symbol_coef()](sycl::nd_item<3> item) { k(d, item, coef); });
  s->memcpy(r, d, sizeof(r));
  s->wait();
  printf(r[3] == 4 ? "PASS\n" : "FAIL\n");
  return 0;
}
