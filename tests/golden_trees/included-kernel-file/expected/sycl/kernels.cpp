#include <sycl/sycl.hpp>
#include "params.h"

void tile_sum(const float *in, float *out, int n, const sycl::nd_item<3> &item, float (*tile)[WIDTH])
{
    int tx = item.get_local_id(2), ty = item.get_local_id(1);
    int i = (item.get_group(2) * HEIGHT + ty) * WIDTH + tx;
    tile[ty][tx] = i < n ? in[i] : 0.0f;
    sycl::group_barrier(item.get_group());
    if (tx == 0) {
        float s = 0.0f;
        for (int k = 0; k < WIDTH; ++k)
            s += tile[ty][k];
        out[item.get_group(2) * HEIGHT + ty] = s;
    }
}
