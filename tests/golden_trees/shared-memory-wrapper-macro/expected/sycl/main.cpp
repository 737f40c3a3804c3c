#include <sycl/sycl.hpp>
#include <cstdio>
#include "cudasharedmem.h"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
template <typename Real> Real reduce_sum(Real in, const sycl::nd_item<3> &item, Real *sdata) {
  unsigned tid = item.get_local_id(2);
  sdata[tid] = in;
  sycl::group_barrier(item.get_group());
  for (unsigned s = item.get_local_range(2) / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    sycl::group_barrier(item.get_group());
  }
  return *sdata;
}
template <typename Real> void sum(Real *const out, const Real *in, const sycl::nd_item<3> &item, Real *gp_reduce_sum_sdata) {
  Real total = reduce_sum<Real>(in[item.get_local_id(2)], item, gp_reduce_sum_sdata);
  if (item.get_local_id(2) == 0) out[0] = total;
}
template <typename Real> bool check(Real expect) {
  const int n = 64;
  Real h[n], r = 0, *d_in = 0, *d_out = 0;
  for (int i = 0; i < n; i++) h[i] = 1;
  d_in = (Real *)sycl::malloc_device(sizeof(h), gpuport_queue());
  d_out = (Real *)sycl::malloc_device(sizeof(Real), gpuport_queue());
  gpuport_queue().memcpy(d_in, h, sizeof(h)).wait();
  gpuport_queue().submit([&](sycl::handler &cgh) {
    sycl::local_accessor<Real, 1> gp_reduce_sum_sdata_acc(sycl::range<1>((n * sizeof(Real)) / sizeof(Real)), cgh);
    cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) {
      sum(d_out, d_in, item, &gp_reduce_sum_sdata_acc[0]); });
  });
  gpuport_queue().memcpy(&r, d_out, sizeof(Real)).wait();
  sycl::free(d_in, gpuport_queue());
  sycl::free(d_out, gpuport_queue());
  return r == expect;
}
int main() {
  bool ok = check<float>(64.0f) && check<double>(64.0) && check<int>(64);
  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
