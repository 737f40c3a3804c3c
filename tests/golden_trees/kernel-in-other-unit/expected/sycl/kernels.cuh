#pragma once
#include <sycl/sycl.hpp>

#define BLOCK 256

void block_sum(const float *in, float *out, int n, const sycl::nd_item<3> &item, float *partial);
