#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// A host launcher naming its dim3 locals after the built-ins (jetson-utils' cudaCrop.cu): in host code
// `blockDim.x` is the local's member, read as sycl::range's [2]; in the kernel it is CUDA's built-in.
void crop(const float *in, float *out, int w, int h, const sycl::nd_item<3> &item) {
  const int x = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  const int y = item.get_group(1) * item.get_local_range(1) + item.get_local_id(1);
  if (x < w && y < h) out[y * w + x] = in[y * w + x];
}

template <typename T>
static int launchCrop(const T *in, T *out, int w, int h, sycl::queue * stream) {
  const sycl::range<3> blockDim(1, 8, 8);
  const sycl::range<3> gridDim(1, (h + blockDim[1] - 1) / blockDim[1], (w + blockDim[2] - 1) / blockDim[2]);
  (stream ? *stream : gpuport_queue()).parallel_for(sycl::nd_range<3>(gridDim * blockDim, blockDim), [=](sycl::nd_item<3> item) { crop(in, out, w, h, item); });
  return 0;
}

int cropFloat(const float *in, float *out, int w, int h, sycl::queue * stream) {
  return launchCrop<float>(in, out, w, h, stream);
}
