#include <sycl/sycl.hpp>
#include "sharedmem.cuh"
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
template <class T> void reduce(const T *in, T *out, int n, const sycl::nd_item<3> &item, T *sdata) {
  unsigned tid = item.get_local_id(2);
  sdata[tid] = tid < n ? in[tid] : 0;
  sycl::group_barrier(item.get_group());
  for (unsigned s = item.get_local_range(2) / 2; s > 0; s >>= 1) { if (tid < s) sdata[tid] += sdata[tid + s]; sycl::group_barrier(item.get_group()); }
  if (tid == 0) out[0] = sdata[0];
}
template <class T> void scan1(const T *in, T *out, const sycl::nd_item<3> &item, T *shared) {
  T *s = shared;
  s[item.get_local_id(2)] = in[item.get_local_id(2)];
  sycl::group_barrier(item.get_group());
  if (item.get_local_id(2) == 0) { T acc = 0; for (unsigned i = 0; i < item.get_local_range(2); i++) { acc += s[i]; out[i] = acc; } }
}
int main() {
  const int n = 64; float h[n], *d, *o, r; double *dd, *od, rd;
  for (int i = 0; i < n; i++) h[i] = 1.0f;
  d = (float *)sycl::malloc_device(sizeof(h), gpuport_queue()); o = (float *)sycl::malloc_device(sizeof(h), gpuport_queue()); dd = (double *)sycl::malloc_device(n * sizeof(double), gpuport_queue()); od = (double *)sycl::malloc_device(n * sizeof(double), gpuport_queue());
  gpuport_queue().memcpy(d, h, sizeof(h)).wait();
  gpuport_queue().submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float, 1> sdata_acc(sycl::range<1>((n * sizeof(float)) / sizeof(float)), cgh);
    cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) {
      reduce<float>(d, o, n, item, &sdata_acc[0]); });
  });
  gpuport_queue().memcpy(&r, o, sizeof(float)).wait();
  gpuport_queue().submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float, 1> shared_acc(sycl::range<1>((n * sizeof(float)) / sizeof(float)), cgh);
    cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) {
      scan1<float>(d, o, item, &shared_acc[0]); });
  });
  float sc[n]; gpuport_queue().memcpy(sc, o, sizeof(sc)).wait();
  double hd[n]; for (int i = 0; i < n; i++) hd[i] = 2.0;
  gpuport_queue().memcpy(dd, hd, sizeof(hd)).wait();
  gpuport_queue().submit([&](sycl::handler &cgh) {
    sycl::local_accessor<double, 1> sdata_acc(sycl::range<1>((n * sizeof(double)) / sizeof(double)), cgh);
    cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) {
      reduce<double>(dd, od, n, item, &sdata_acc[0]); });
  });
  gpuport_queue().memcpy(&rd, od, sizeof(double)).wait();
  printf(r == 64.0f && sc[n - 1] == 64.0f && rd == 128.0 ? "PASS\n" : "FAIL %f %f %f\n", r, sc[n - 1], rd);
  return 0;
}
