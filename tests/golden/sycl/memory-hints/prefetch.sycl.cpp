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

// Moves managed pages towards `device` (cudaCpuDeviceId: the host) before they are used there.
static void prefetch(const void *ptr, size_t bytes, int device, sycl::queue * stream) {
    gpuport_mem_location loc = {};
    if (device == gpuport_cpu_device_id) {
        loc.type = gpuport_mem_location_host;
        loc.id = 0;
    } else {
        loc.type = gpuport_mem_location_device;
        loc.id = device;
    }
    CUDA_CHECK((gpuport_prefetch((stream ? *stream : gpuport_queue()), ptr, bytes, loc), 0));
    CUDA_CHECK(0);
}

int main() {
    const size_t n = 1 << 20;
    float *x;
    CUDA_CHECK((x = (float *)sycl::malloc_shared(n * sizeof(float), gpuport_queue()), 0));
    gpuport_prefetch(gpuport_queue(), x, n * sizeof(float), 0);
    gpuport_prefetch(gpuport_queue(), x, n * sizeof(float), {gpuport_mem_location_device, 0});
    sycl::queue * s;
    s = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
    prefetch(x, n * sizeof(float), gpuport_cpu_device_id, s);
    CUDA_CHECK((gpuport_prefetch(gpuport_queue(), x, n * sizeof(float), gpuport_cpu_device_id), 0));
    if (n > 4) ;
    CUDA_CHECK((gpuport_queue().wait(), 0));
    sycl::free(x, gpuport_queue());
    return 0;
}
