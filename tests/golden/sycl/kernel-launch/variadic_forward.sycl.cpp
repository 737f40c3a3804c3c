// A generic launcher forwarding a parameter pack: the kernel lambda copies the pack itself.
#include <sycl/sycl.hpp>
#include <utility>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_RANGE3
#define GPUPORT_RANGE3
// An element of a dim3 array: sycl::range<3> has no default constructor; CUDA's dim3 defaults to (1, 1, 1).
struct gpuport_range3 : sycl::range<3> {
  gpuport_range3() : sycl::range<3>(1, 1, 1) {}
  gpuport_range3(size_t d0, size_t d1, size_t d2) : sycl::range<3>(d0, d1, d2) {}
  gpuport_range3(const sycl::range<3> &r) : sycl::range<3>(r) {}
  gpuport_range3(size_t x) : sycl::range<3>(1, 1, x) {}  // CUDA's dim3(x): y and z are 1
};
#endif

template <typename Kernel, typename... Args>
static void launch(Kernel kernel, gpuport_range3 grid, gpuport_range3 block, sycl::queue * stream, Args &&...args) {
  kernel(grid, block, 0, (stream ? *stream : gpuport_queue()), std::forward<Args>(args)...);
}

void fill(int *x, int n, const sycl::nd_item<3> &item) {
  if (item.get_local_id(2) < n) x[item.get_local_id(2)] = n;
}

// fill passed to a generic launcher (GP263)
inline void gpuport_launch_fill(sycl::range<3> gpuport_grid, sycl::range<3> gpuport_block, size_t gpuport_shmem, sycl::queue &gpuport_q, int *x, int n) {
  gpuport_q.submit([&](sycl::handler &cgh) {
    cgh.parallel_for(sycl::nd_range<3>(gpuport_grid * gpuport_block, gpuport_block), [=](sycl::nd_item<3> item) { fill(x, n, item); });
  });
}

void run(int *x, int n, sycl::queue * stream) {
  launch(gpuport_launch_fill, sycl::range<3>(1, 1, 1), sycl::range<3>(1, 1, 32), stream, x, n);
}
