#include <sycl/sycl.hpp>
#include "gates.h"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

inline float *gpuport_symbol_matrix_const() {
  static float *p = [] {
    float *m = sycl::malloc_device<float>(2, gpuport_queue());
    gpuport_queue().memset(m, 0, 2 * sizeof(float)).wait();
    return m;
  }();
  return p;
}

void apply_gate(float *state, int n, const sycl::nd_item<3> &item, float *matrix_const) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) state[i] = matrix_const[0] * state[i] + matrix_const[1];
}

template <typename F>
static int block_for(F) {  // names the kernel, as an occupancy query does
  return 64;
}

void run_gate(float *state, int n, const float *matrix) {
  gpuport_queue().memcpy(gpuport_symbol_matrix_const(), matrix, 2 * sizeof(float)).wait();
  int block = block_for(apply_gate);
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + block - 1) / block) * sycl::range<3>(1, 1, block), sycl::range<3>(1, 1, block)), [=, matrix_const = gpuport_symbol_matrix_const()](sycl::nd_item<3> item) { apply_gate(state, n, item, matrix_const); });
}
