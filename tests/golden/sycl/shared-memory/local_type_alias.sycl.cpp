// bitsandbytes: a template kernel sizes a shared table with a type alias it declares itself; the table
// becomes a parameter, declared before that alias exists, so it spells the type the alias stands for.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <type_traits>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
template <typename T>
void k(T *out, const sycl::nd_item<3> &item, std::conditional_t<std::is_same_v<T, float>, float, unsigned short> *lut, int *where) {
  using lut_t = std::conditional_t<std::is_same_v<T, float>, float, unsigned short>;
  typedef int idx_t;
  if (item.get_local_id(2) < 16) lut[item.get_local_id(2)] = (lut_t)(item.get_local_id(2) * 2);
  if (item.get_local_id(2) < 4) where[item.get_local_id(2)] = item.get_local_id(2);
  sycl::group_barrier(item.get_group());
  out[item.get_local_id(2)] = (T)lut[item.get_local_id(2) % 16] + where[item.get_local_id(2) % 4];
}
int main() {
  float *d, h[32];
  d = (float *)sycl::malloc_device(sizeof(h), gpuport_queue());
  gpuport_queue().submit([&](sycl::handler &cgh) {
    sycl::local_accessor<std::conditional_t<std::is_same_v<float, float>, float, unsigned short>, 1> lut_acc(sycl::range<1>(16), cgh);
    sycl::local_accessor<int, 1> where_acc(sycl::range<1>(4), cgh);
    cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) {
      k(d, item, &lut_acc[0], &where_acc[0]); });
  });
  gpuport_queue().memcpy(h, d, sizeof(h)).wait();
  int bad = 0;
  for (int i = 0; i < 32; i++) bad += h[i] != (float)((i % 16) * 2 + i % 4);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
