#include <sycl/sycl.hpp>



struct Range { int half; };

void split(const float *in, float *out, Range r, int n, const sycl::nd_item<3> &item) {
    int half = n / 2;  // a variable called half is the program's own
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < half) out[i] = in[i] + (float)r.half;
    sycl::half x = sycl::half(in[i]);
    out[i] += static_cast<float>(x);
}
