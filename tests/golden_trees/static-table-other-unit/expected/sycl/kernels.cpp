#include <sycl/sycl.hpp>
#include "kernels.cuh"

static const float nf_lut[4] = {-1.0f, -0.25f, 0.25f, 1.0f};
const int shifts[2] = {0, 2};

void dequantize(const unsigned char *q, float *out, int n, float scale, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) out[i] = nf_lut[(q[i / 2] >> shifts[i % 2]) & 3] * scale;
}
