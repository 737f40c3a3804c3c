#include <sycl/sycl.hpp>
// A kernel file that relies on nvcc's implicit includes.
void zero(int *p, const sycl::nd_item<3> &item) { p[item.get_local_id(2)] = 0; }
