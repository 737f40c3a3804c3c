#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// Dynamic shared memory declared as rows of a fixed length (cudaTensorCoreGemm's
// `extern __shared__ half shmem[][CHUNK_K * K + SKEW_HALF];`): the kernel takes a pointer to rows, and the
// launch's dynamic accessor is passed through a cast to it; a second extern array is the same memory.
#define ROW 33

void transpose(const float *in, float *out, int n, const sycl::nd_item<3> &item, float (*tile)[ROW]) {
    int tx = item.get_local_id(2), ty = item.get_local_id(1);
    tile[ty][tx] = in[ty * n + tx];
    sycl::group_barrier(item.get_group());
    out[tx * n + ty] = tile[tx][ty];
}

void transpose_flat(const float *in, float *out, int n, const sycl::nd_item<3> &item, float *flat, float (*rows)[ROW]) {
    // the same memory twice: flat, and as rows of ROW
    int tx = item.get_local_id(2), ty = item.get_local_id(1);
    flat[ty * ROW + tx] = in[ty * n + tx];
    sycl::group_barrier(item.get_group());
    out[tx * n + ty] = rows[tx][ty];
}

void run(const float *in, float *out, int n) {
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> tile_acc(sycl::range<1>((32 * ROW * sizeof(float)) / sizeof(float)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 32, 32), sycl::range<3>(1, 32, 32)), [=](sycl::nd_item<3> item) {
        transpose(in, out, n, item, reinterpret_cast<float (*)[ROW]>(&tile_acc[0])); });
    });
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> flat_acc(sycl::range<1>((32 * ROW * sizeof(float)) / sizeof(float)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 32, 32), sycl::range<3>(1, 32, 32)), [=](sycl::nd_item<3> item) {
        transpose_flat(in, out, n, item, &flat_acc[0], reinterpret_cast<float (*)[ROW]>(&flat_acc[0])); });
    });
}
