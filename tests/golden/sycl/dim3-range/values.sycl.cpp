#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define BS 16
struct LaunchConfig {
    sycl::range<3> grid{1, 1, 1}, block{1, 1, 1};
    size_t shmem;
};

static sycl::range<3> grid_for(int n) { return sycl::range<3>(1, (n + BS - 1) / BS, (n + BS - 1) / BS); }
sycl::range<3> block_for(int n);

static LaunchConfig make_config(int n)
{
    LaunchConfig c;
    c.grid = grid_for(n);
    c.block = block_for(n);
    c.shmem = 0;
    return c;
}

void fill(float *x, const sycl::nd_item<3> &item) { x[item.get_local_id(2)] = 1.f; }

unsigned threads(int n)
{
    const sycl::range<3> blk(1, BS, BS), g = grid_for(n);
    LaunchConfig c = make_config(n);
    gpuport_queue().parallel_for(sycl::nd_range<3>(c.grid * c.block, c.block), [=](sycl::nd_item<3> item) { fill(nullptr, item); });
    gpuport_queue().parallel_for(sycl::nd_range<3>(g * blk, blk), [=](sycl::nd_item<3> item) { fill(nullptr, item); });
    return g[2] * g[1] * blk[2] * blk[1] + c.grid[2] + grid_for(n)[1] + (unsigned)sizeof(sycl::range<3>);
}

sycl::range<3> block_for(int n) { return sycl::range<3>(1, n < BS ? n : BS, BS); }
