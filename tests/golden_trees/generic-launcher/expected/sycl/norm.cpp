#include <sycl/sycl.hpp>
#include "common.cuh"
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
template <int block_size, bool do_scale = false>
static void row_sum(const float *x, float *dst, const int ncols, const sycl::nd_item<3> &item, float *s_sum, const float *scale = nullptr, const int scale_n = 0) {
  pdl_wait();
  const int row = item.get_group(2);
  float sum = 0.0f;
  for (int c = item.get_local_id(2); c < ncols; c += block_size) sum += x[row * ncols + c];
  if (item.get_local_id(2) < 32) s_sum[item.get_local_id(2)] = 0.0f;
  sycl::group_barrier(item.get_group());
  sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(s_sum[0]).fetch_add(static_cast<float>(sum));
  sycl::group_barrier(item.get_group());
  pdl_done();
  if (item.get_local_id(2) == 0) dst[row] = do_scale && scale ? s_sum[0] * scale[row % scale_n] : s_sum[0];
}

// row_sum passed to a generic launcher (GP263)
template <int block_size, bool do_scale = false>
inline void gpuport_launch_row_sum(sycl::range<3> gpuport_grid, sycl::range<3> gpuport_block, size_t gpuport_shmem, sycl::queue &gpuport_q, const float *x, float *dst, const int ncols, const float *scale, const int scale_n) {
  gpuport_q.submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float, 1> s_sum_acc(sycl::range<1>(32), cgh);
    cgh.parallel_for(sycl::nd_range<3>(gpuport_grid * gpuport_block, gpuport_block), [=](sycl::nd_item<3> item) { row_sum<block_size, do_scale>(x, dst, ncols, item, &s_sum_acc[0], scale, scale_n); });
  });
}
static void fill(float *x, int n, float v, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) x[i] = v;
}

// fill passed to a generic launcher (GP263)
inline void gpuport_launch_fill(sycl::range<3> gpuport_grid, sycl::range<3> gpuport_block, size_t gpuport_shmem, sycl::queue &gpuport_q, float *x, int n, float v) {
  gpuport_q.submit([&](sycl::handler &cgh) {
    cgh.parallel_for(sycl::nd_range<3>(gpuport_grid * gpuport_block, gpuport_block), [=](sycl::nd_item<3> item) { fill(x, n, v, item); });
  });
}
void fill_ex(float *x, int n, sycl::queue * s);
int main() {
  const int rows = 4, cols = 100;
  float *x, *d, *s;
  x = (float *)sycl::malloc_shared(rows * cols * sizeof(float), gpuport_queue());
  d = (float *)sycl::malloc_shared(rows * sizeof(float), gpuport_queue());
  s = (float *)sycl::malloc_shared(2 * sizeof(float), gpuport_queue());
  s[0] = 2.0f; s[1] = 3.0f;
  sycl::queue * stream;
  stream = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
  const launch_params fp = {sycl::range<3>(1, 1, (rows * cols + 63) / 64), sycl::range<3>(1, 1, 64), 0, stream};
  kernel_launch(false, gpuport_launch_fill, fp, x, rows * cols, 1.0f);
  const launch_params p = {sycl::range<3>(1, 1, rows), sycl::range<3>(1, 1, 64), 0, stream};
  kernel_launch(true, gpuport_launch_row_sum<64>, p, x, d, cols, nullptr, 0);
  stream->wait();
  int ok = 1;
  for (int r = 0; r < rows; r++) ok &= d[r] == 100.0f;
  kernel_launch(false, gpuport_launch_row_sum<64, true>, p, x, d, cols, s, 2);
  stream->wait();
  for (int r = 0; r < rows; r++) ok &= d[r] == 100.0f * s[r % 2];
  fill_ex(x, rows * cols, stream);
  stream->wait();
  for (int i = 0; i < rows * cols; i++) ok &= x[i] == 2.0f;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
#ifndef GPUPORT_LAUNCH_CONFIG
#define GPUPORT_LAUNCH_CONFIG
// cudaLaunchConfig_t and its attributes: a launch through one runs on an in-order queue, after the work
// before it, so the attributes change nothing and are kept as data only.
union gpuport_launch_attribute_value {
  int programmaticStreamSerializationAllowed;
  int cooperative;
  int priority;
  struct {
    unsigned int x, y, z;
  } clusterDim;
  unsigned char pad[64];
};
struct gpuport_launch_attribute {
  int id;
  gpuport_launch_attribute_value val;
};
struct gpuport_launch_config {
  sycl::range<3> gridDim{1, 1, 1};
  sycl::range<3> blockDim{1, 1, 1};
  size_t dynamicSmemBytes = 0;
  sycl::queue *stream = nullptr;
  gpuport_launch_attribute *attrs = nullptr;
  unsigned int numAttrs = 0;
};
#endif
// A kernel of this file launched directly through cudaLaunchKernelEx.
void fill_ex(float *x, int n, sycl::queue * s) {
  gpuport_launch_config cfg = {};
  cfg.gridDim = sycl::range<3>(1, 1, (n + 63) / 64);
  cfg.blockDim = sycl::range<3>(1, 1, 64);
  cfg.stream = s;
  (gpuport_launch_fill((&cfg)->gridDim, (&cfg)->blockDim, (&cfg)->dynamicSmemBytes, (&cfg)->stream ? *(&cfg)->stream : gpuport_queue(), x, n, 2.0f), 0);
}
