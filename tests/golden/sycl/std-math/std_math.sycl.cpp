#include <cmath>
#include <sycl/sycl.hpp>
void k(float *x, const sycl::nd_item<3> &item) { x[item.get_local_id(2)] = sycl::exp(x[item.get_local_id(2)]) + sycl::sqrt(2.0f); }
double host_ref(double v) { return std::exp(-v) + std::sqrt(v) + fabs(v); }
