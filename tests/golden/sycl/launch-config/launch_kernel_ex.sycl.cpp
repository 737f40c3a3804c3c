// cudaLaunchKernelEx with programmatic dependent launch: the consumer waits for the producer with
// cudaGridDependencySynchronize; on an in-order queue it already has.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void produce(float *x, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) x[i] = 2.0f * i;
  (void)0;
}

void consume(const float *x, float *y, int n, const sycl::nd_item<3> &item) {
  (void)0;
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) y[i] = x[i] + 1.0f;
}

// consume passed to a generic launcher (GP263)
inline void gpuport_launch_consume(sycl::range<3> gpuport_grid, sycl::range<3> gpuport_block, size_t gpuport_shmem, sycl::queue &gpuport_q, const float *x, float *y, int n) {
  gpuport_q.submit([&](sycl::handler &cgh) {
    cgh.parallel_for(sycl::nd_range<3>(gpuport_grid * gpuport_block, gpuport_block), [=](sycl::nd_item<3> item) { consume(x, y, n, item); });
  });
}
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

void run(float *x, float *y, int n, sycl::queue * stream) {
  (stream ? *stream : gpuport_queue()).parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { produce(x, n, item); });
  gpuport_launch_attribute attr[1];
  attr[0].id = 6;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  gpuport_launch_config config = {};
  config.gridDim = sycl::range<3>(1, 1, (n + 127) / 128);
  config.blockDim = sycl::range<3>(1, 1, 128);
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  config.attrs = attr;
  config.numAttrs = 1;
  (gpuport_launch_consume((&config)->gridDim, (&config)->blockDim, (&config)->dynamicSmemBytes, (&config)->stream ? *(&config)->stream : gpuport_queue(), (const float *)x, y, n), 0);
}
