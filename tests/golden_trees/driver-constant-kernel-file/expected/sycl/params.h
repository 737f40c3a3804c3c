#include <sycl/sycl.hpp>
#pragma once
struct params { int n; float scale; };
void fill_kernel(float *d, float v, const sycl::nd_item<3> &item);
