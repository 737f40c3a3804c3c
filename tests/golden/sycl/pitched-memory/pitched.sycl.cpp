#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define CUDA_CHECK(call) do { int e = (call); if (e != 0) { fprintf(stderr, "%s\n", "SYCL error (SYCL reports errors as exceptions)"); } } while (0)
#ifndef GPUPORT_MALLOC_PITCH
#define GPUPORT_MALLOC_PITCH
// cudaMallocPitch: device USM whose rows are padded to a multiple of 512 bytes (CUDA's usual pitch
// alignment), so code that indexes rows through the returned pitch sees the same layout.
static inline void *gpuport_malloc_pitch(sycl::queue &q, size_t *pitch, size_t width, size_t height) {
  *pitch = (width + 511) / 512 * 512;
  return sycl::malloc_device(*pitch * height, q);
}
#endif
#ifndef GPUPORT_MEMCPY2D
#define GPUPORT_MEMCPY2D
// cudaMemcpy2D: `height` rows of `width` bytes between pitched buffers (USM or plain host memory), one
// memcpy per row, or one in all when both sides are contiguous. The queue is in-order, so the last
// row's event completes the whole copy.
static inline sycl::event gpuport_memcpy2d(sycl::queue &q, void *dst, size_t dpitch, const void *src,
                                           size_t spitch, size_t width, size_t height) {
  if (dpitch == width && spitch == width) return q.memcpy(dst, src, width * height);
  sycl::event last;
  for (size_t row = 0; row < height; ++row)
    last = q.memcpy(static_cast<char *>(dst) + row * dpitch, static_cast<const char *>(src) + row * spitch, width);
  return last;
}
#endif
#ifndef GPUPORT_MEMSET2D
#define GPUPORT_MEMSET2D
// cudaMemset2D: sets `width` bytes of each of `height` rows `pitch` bytes apart (in-order queue: the last
// row's event completes the whole fill).
static inline sycl::event gpuport_memset2d(sycl::queue &q, void *ptr, size_t pitch, int value, size_t width,
                                           size_t height) {
  if (pitch == width) return q.memset(ptr, value, width * height);
  sycl::event last;
  for (size_t row = 0; row < height; ++row)
    last = q.memset(static_cast<char *>(ptr) + row * pitch, value, width);
  return last;
}
#endif

// Copies a w x h image in and out of pitched device memory.
void roundtrip(const float *img, float *out, int w, int h, sycl::queue * s) {
    float *d;
    size_t pitch;
    CUDA_CHECK((d = (float *)gpuport_malloc_pitch(gpuport_queue(), &pitch, w * sizeof(float), h), 0));
    gpuport_memset2d(gpuport_queue(), d, pitch, 0, w * sizeof(float), h).wait();
    CUDA_CHECK((gpuport_memcpy2d(gpuport_queue(), d, pitch, img, w * sizeof(float), w * sizeof(float), h).wait(), 0));
    gpuport_memcpy2d((s ? *s : gpuport_queue()), out, w * sizeof(float), d, pitch, w * sizeof(float), h);
    gpuport_memset2d(gpuport_queue(), d, pitch, 0xff, w * sizeof(float), h);
    gpuport_memcpy2d(gpuport_queue(), out, w * sizeof(float), d, pitch, w * sizeof(float), h);
    CUDA_CHECK(((s ? *s : gpuport_queue()).wait(), 0));
    sycl::free(d, gpuport_queue());
}

void raw(void **p, size_t *pitch) {
    *p = (void *)gpuport_malloc_pitch(gpuport_queue(), pitch, 64, 4);
}
