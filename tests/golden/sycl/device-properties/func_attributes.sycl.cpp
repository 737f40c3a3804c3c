// A block size bounded by the kernel's attributes (cuda-samples' FDTD3d).
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define MIN(a, b) ((a) < (b) ? (a) : (b))

template <int R> void stencil(float *out, const float *in, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i >= R && i < n - R) out[i] = in[i - R] + in[i + R];
}
#ifndef GPUPORT_FUNC_ATTRIBUTES
#define GPUPORT_FUNC_ATTRIBUTES
// cudaFuncAttributes: CUDA's field names. SYCL 2020 cannot query a kernel's registers or static local
// memory without its kernel bundle, so the limits are the device's: a block may use the largest work-group
// and all local memory; the sizes the compiler chose read 0.
struct gpuport_func_attributes {
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA, maxDynamicSharedSizeBytes,
      preferredShmemCarveout;
};
template <class F> static inline int gpuport_func_get_attributes(gpuport_func_attributes *a, F) {
  const sycl::device d = gpuport_queue().get_device();
  *a = gpuport_func_attributes{};
  a->maxThreadsPerBlock = (int)d.get_info<sycl::info::device::max_work_group_size>();
  a->maxDynamicSharedSizeBytes = (int)d.get_info<sycl::info::device::local_mem_size>();
  a->ptxVersion = a->binaryVersion = 90;
  return 0;
}
#endif

int main() {
    struct gpuport_func_attributes attrib;
    gpuport_func_attributes other;
    if (gpuport_func_get_attributes(&attrib, stencil<2>) != 0) return 1;
    gpuport_func_get_attributes(&other, stencil<4>);
    int block = MIN(1024, attrib.maxThreadsPerBlock);
    printf("%d %d %zu\n", block, other.numRegs, attrib.sharedSizeBytes);
    return 0;
}
