// __shared__ variables at file scope (CUDA allows them; the CUDA samples' dct8x8 has them) and shared
// pointers (parboil's cutcp): each kernel that uses one takes a local accessor for it.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define N 64
void k(float *out, const sycl::nd_item<3> &item, int * &p, float * &rowAddr, float *tileA) {
  if (item.get_local_id(2) == 0) { rowAddr = out; p = nullptr; }
  tileA[item.get_local_id(2)] = item.get_local_id(2);
  sycl::group_barrier(item.get_group());
  rowAddr[item.get_local_id(2)] = tileA[N - 1 - item.get_local_id(2)] + (p == nullptr);
}
int main() { float *d, h[N]; d = (float *)sycl::malloc_device(sizeof(h), gpuport_queue()); gpuport_queue().submit([&](sycl::handler &cgh) {
  sycl::local_accessor<int *, 1> p_acc(sycl::range<1>(1), cgh);
  sycl::local_accessor<float *, 1> rowAddr_acc(sycl::range<1>(1), cgh);
  sycl::local_accessor<float, 1> tileA_acc(sycl::range<1>(static_cast<size_t>(N)), cgh);
  cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, N), sycl::range<3>(1, 1, N)), [=](sycl::nd_item<3> item) {
    k(d, item, p_acc[0], rowAddr_acc[0], &tileA_acc[0]); });
}); gpuport_queue().memcpy(h, d, sizeof(h)).wait();
  int bad = 0; for (int i = 0; i < N; i++) bad += h[i] != N - i; printf(bad ? "FAIL\n" : "PASS\n"); return bad; }
