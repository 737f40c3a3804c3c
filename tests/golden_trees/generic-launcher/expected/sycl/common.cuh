#pragma once
#include <sycl/sycl.hpp>
#include <utility>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
struct launch_params {
  sycl::range<3> block_nums{1, 1, 1};
  sycl::range<3> block_dims{1, 1, 1};
  size_t shmem;
  sycl::queue * stream;
};
static inline void pdl_wait() { (void)0; }
static inline void pdl_done() { (void)0; }
#ifndef GPUPORT_LAUNCH_CONFIG
#define GPUPORT_LAUNCH_CONFIG
// cudaLaunchConfig_t and its attributes: a launch through one runs on an in-order queue, after the work
// before it, so the attributes change nothing and are kept as data only.
union gpuport_launch_attribute_value {
  int programmaticStreamSerializationAllowed;
  int cooperative;
  int priority;
  struct {
    unsigned int x, y, z;
  } clusterDim;
  unsigned char pad[64];
};
struct gpuport_launch_attribute {
  int id;
  gpuport_launch_attribute_value val;
};
struct gpuport_launch_config {
  sycl::range<3> gridDim{1, 1, 1};
  sycl::range<3> blockDim{1, 1, 1};
  size_t dynamicSmemBytes = 0;
  sycl::queue *stream = nullptr;
  gpuport_launch_attribute *attrs = nullptr;
  unsigned int numAttrs = 0;
};
#endif
struct pdl_config {
  gpuport_launch_attribute attr;
  gpuport_launch_config cfg;
  pdl_config(const launch_params &p) {
    attr.id = 6;
    attr.val.programmaticStreamSerializationAllowed = 1;
    cfg = {};
    cfg.gridDim = p.block_nums;
    cfg.blockDim = p.block_dims;
    cfg.dynamicSmemBytes = p.shmem;
    cfg.stream = p.stream;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
  }
};
// Launches with programmatic dependent launch when asked, else with <<<>>>.
template <typename Kernel, typename... Args>
static void kernel_launch(bool pdl, Kernel kernel, const launch_params &p, Args &&...args) {
  if (pdl) {
    pdl_config c(p);
    (kernel((&c.cfg)->gridDim, (&c.cfg)->blockDim, (&c.cfg)->dynamicSmemBytes, (&c.cfg)->stream ? *(&c.cfg)->stream : gpuport_queue(), std::forward<Args>(args)...), 0);
    return;
  }
  kernel(p.block_nums, p.block_dims, p.shmem, *(p.stream), std::forward<Args>(args)...);
}
