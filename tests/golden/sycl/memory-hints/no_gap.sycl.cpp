#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_MEM_LOCATION
#define GPUPORT_MEM_LOCATION
// cudaMemLocation, cudaMemLocationType (CUDA's values) and the special device ids, for unified-memory hints.
enum gpuport_mem_location_type {
  gpuport_mem_location_invalid = 0,
  gpuport_mem_location_device = 1,
  gpuport_mem_location_host = 2,
  gpuport_mem_location_host_numa = 3,
  gpuport_mem_location_host_numa_current = 4
};
struct gpuport_mem_location {
  gpuport_mem_location_type type;
  int id;
};
constexpr int gpuport_cpu_device_id = -1;
constexpr int gpuport_invalid_device_id = -2;
#endif
#ifndef GPUPORT_PREFETCH
#define GPUPORT_PREFETCH
// cudaMemPrefetchAsync: SYCL 2020 prefetches shared USM towards the queue's device only; a host target is
// a no-op (pages move back on first host access, after the queue is waited on).
static inline sycl::event gpuport_prefetch(sycl::queue &q, const void *p, size_t n, gpuport_mem_location loc) {
  return loc.type == gpuport_mem_location_device ? q.prefetch(const_cast<void *>(p), n) : sycl::event();
}
static inline sycl::event gpuport_prefetch(sycl::queue &q, const void *p, size_t n, int device) {
  return device >= 0 ? q.prefetch(const_cast<void *>(p), n) : sycl::event();
}
#endif
int main() {
    float *x;
    x = (float *)sycl::malloc_shared(64 * sizeof(float), gpuport_queue());
    gpuport_prefetch(gpuport_queue(), x, 64 * sizeof(float), 0);
    gpuport_prefetch(gpuport_queue(), x, 64 * sizeof(float), gpuport_cpu_device_id);
    gpuport_queue().wait();
    sycl::free(x, gpuport_queue());
    return 0;
}
