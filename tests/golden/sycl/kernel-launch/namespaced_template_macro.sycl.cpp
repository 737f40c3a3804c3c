#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// A templated kernel in a namespace with dynamic shared memory, launched with its qualified name: the
// launch creates the local accessor. A launch inside a macro body cannot be rewritten (its kernel is a
// macro parameter): it is reported, not left to fail at compile time.
#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
namespace ns {
template <typename T> void scale(T *a, T s, const sycl::nd_item<3> &item, T *tile) {
  tile[item.get_local_id(2)] = a[item.get_local_id(2)] * s;
  sycl::group_barrier(item.get_group());
  a[item.get_local_id(2)] = tile[item.get_local_id(2)];
}
}  // namespace ns
void plain(float *a, const sycl::nd_item<3> &item) { a[item.get_local_id(2)] += item.get_local_id(2); }

void run(float *d) {
  gpuport_queue().submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float, 1> tile_acc(sycl::range<1>((64 * sizeof(float)) / sizeof(float)), cgh);
    cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) {
      ns::scale<float>(d, 2.0f, item, &tile_acc[0]); });
  });
  LAUNCH(plain, 1, 64, d);
}
