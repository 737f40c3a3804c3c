#include <sycl/sycl.hpp>

void grid_step(float *x, const sycl::nd_item<3> &item) {
    grid_group grid = this_grid();
    sycl::group<3> block = item.get_group();
    thread_block_tile<16> half = tiled_partition<16>(block);
    x[block.get_local_linear_id()] += 1.0f;
    grid.sync();
}
