#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// 3-D copies stay CUDA (reported); the 2-D path below converts.
#define COPY_VOLUME(params) cudaMemcpy3D(params)
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
int upload(float **d, size_t *pitch, const float *h, int w, int rows) {
    *d = (float *)gpuport_malloc_pitch(gpuport_queue(), pitch, w * sizeof(float), rows);
    return (gpuport_memcpy2d(gpuport_queue(), *d, *pitch, h, w * sizeof(float), w * sizeof(float), rows).wait(), 0);
}
