// GPUJPEG-style C declarations: CUDA types named with their tag keyword, an enumerator qualified by
// its enum type (a torch-extension helper's `cudaError_t::cudaSuccess`).
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

struct gpuport_graphics_resource;
struct gl_texture {
    struct gpuport_graphics_resource* pbo_resource;
};
int copy_partially_pinned(void* dst, const void* src, size_t count, int kind,
                          struct cudaPitchedPtr pitched);

inline void check(int code) {
    if (code != 0) {
        return;
    }
}
inline bool ok(int code) { return code == 0; }
