#include <sycl/sycl.hpp>
#pragma once
void dequantize(const unsigned char *q, float *out, int n, float scale, const sycl::nd_item<3> &item);
