// The out-argument written `(void **)(&p)` (cuda-samples' dct8x8), for pitched and plain allocations.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_MALLOC_PITCH
#define GPUPORT_MALLOC_PITCH
// cudaMallocPitch: device USM whose rows are padded to a multiple of 512 bytes (CUDA's usual pitch
// alignment), so code that indexes rows through the returned pitch sees the same layout.
static inline void *gpuport_malloc_pitch(sycl::queue &q, size_t *pitch, size_t width, size_t height) {
  *pitch = (width + 511) / 512 * 512;
  return sycl::malloc_device(*pitch * height, q);
}
#endif

int main() {
    float *dst;
    short *src;
    size_t stride, stride2;
    dst = (float *)gpuport_malloc_pitch(gpuport_queue(), &stride, 64 * sizeof(float), 16);
    if ((src = (short *)gpuport_malloc_pitch(gpuport_queue(), &stride2, 64 * sizeof(short), 16), 0) != 0) return 1;
    float *plain;
    plain = (float *)sycl::malloc_device(256, gpuport_queue());
    printf("%zu %zu\n", stride / sizeof(float), stride2 / sizeof(short));
    sycl::free(dst, gpuport_queue());
    sycl::free(src, gpuport_queue());
    sycl::free(plain, gpuport_queue());
    return 0;
}
