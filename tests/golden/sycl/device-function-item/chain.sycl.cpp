#include <sycl/sycl.hpp>
int lane(const sycl::nd_item<3> &item) { return item.get_local_id(2) % 4; }
int twice_lane(int k, const sycl::nd_item<3> &item) { return k * lane(item); }
float square(float v) { return v * v; }
void k(int *o, float *f, const sycl::nd_item<3> &item) {
    o[item.get_group(2)] = twice_lane(2, item);
    f[0] = square(f[1]);
}
