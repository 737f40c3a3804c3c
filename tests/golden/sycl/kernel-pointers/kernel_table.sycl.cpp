// Kernels chosen at run time through function pointers (cuda-samples' transpose, NVIDIA's
// finite-difference post): a pointer, an array of pointers, a parameter, and arrays of dim3.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define TILE 32

void copy(float *out, const float *in, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) out[i] = in[i];
}

// copy launched through a kernel pointer (GP263)
inline void gpuport_launch_copy(sycl::range<3> gpuport_grid, sycl::range<3> gpuport_block, size_t gpuport_shmem, sycl::queue &gpuport_q, float *out, const float *in, int n) {
  gpuport_q.submit([&](sycl::handler &cgh) {
    cgh.parallel_for(sycl::nd_range<3>(gpuport_grid * gpuport_block, gpuport_block), [=](sycl::nd_item<3> item) { copy(out, in, n, item); });
  });
}

void reverse_tile(float *out, const float *in, int n, const sycl::nd_item<3> &item, float *tile) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    tile[item.get_local_id(2)] = i < n ? in[i] : 0.0f;
    sycl::group_barrier(item.get_group());
    int j = item.get_group(2) * item.get_local_range(2) + (item.get_local_range(2) - 1 - item.get_local_id(2));
    if (j < n) out[j] = tile[item.get_local_id(2)];
}

// reverse_tile launched through a kernel pointer (GP263)
inline void gpuport_launch_reverse_tile(sycl::range<3> gpuport_grid, sycl::range<3> gpuport_block, size_t gpuport_shmem, sycl::queue &gpuport_q, float *out, const float *in, int n) {
  gpuport_q.submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float, 1> tile_acc(sycl::range<1>(static_cast<size_t>(TILE)), cgh);
    cgh.parallel_for(sycl::nd_range<3>(gpuport_grid * gpuport_block, gpuport_block), [=](sycl::nd_item<3> item) { reverse_tile(out, in, n, item, &tile_acc[0]); });
  });
}

void twice(float *out, const float *in, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) out[i] = 2.0f * in[i];
}

// twice launched through a kernel pointer (GP263)
inline void gpuport_launch_twice(sycl::range<3> gpuport_grid, sycl::range<3> gpuport_block, size_t gpuport_shmem, sycl::queue &gpuport_q, float *out, const float *in, int n) {
  gpuport_q.submit([&](sycl::handler &cgh) {
    cgh.parallel_for(sycl::nd_range<3>(gpuport_grid * gpuport_block, gpuport_block), [=](sycl::nd_item<3> item) { twice(out, in, n, item); });
  });
}
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

gpuport_range3 grids[2], blocks[2];

static void run(void (*k)(sycl::range<3>, sycl::range<3>, size_t, sycl::queue &, float *, const float *, int), float *out, const float *in, int n) {
    k(grids[0], blocks[0], 0, gpuport_queue(), out, in, n);
}

int main() {
    const int n = 256;
    float h[n], r[n], *d_in, *d_out;
    for (int i = 0; i < n; ++i) h[i] = (float)i;
    d_in = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    d_out = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    gpuport_queue().memcpy(d_in, h, n * sizeof(float)).wait();
    grids[0] = sycl::range<3>(1, 1, n / TILE);
    blocks[0] = sycl::range<3>(1, 1, TILE);
    void (*kernel)(sycl::range<3>, sycl::range<3>, size_t, sycl::queue &, float *, const float *, int);
    void (*table[2])(sycl::range<3>, sycl::range<3>, size_t, sycl::queue &, float *, const float *, int) = {gpuport_launch_copy, &gpuport_launch_twice};
    int bad = 0;
    for (int v = 0; v < 3; ++v) {
        kernel = v == 0 ? &gpuport_launch_copy : v == 1 ? &gpuport_launch_reverse_tile : table[1];
        kernel(grids[0], blocks[0], 0, gpuport_queue(), d_out, d_in, n);
        gpuport_queue().memcpy(r, d_out, n * sizeof(float)).wait();
        for (int i = 0; i < n; ++i) {
            float want = kernel == &gpuport_launch_copy ? h[i] : kernel == &gpuport_launch_twice ? 2.0f * h[i] : h[(i / TILE) * TILE + TILE - 1 - i % TILE];
            bad += r[i] != want;
        }
    }
    table[0](sycl::range<3>(1, 1, n / TILE), sycl::range<3>(1, 1, TILE), 0, gpuport_queue(), d_out, d_in, n);
    run(gpuport_launch_twice, d_out, d_in, n);
    gpuport_queue().memcpy(r, d_out, n * sizeof(float)).wait();
    bad += r[3] != 6.0f;
    printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
    return 0;
}
