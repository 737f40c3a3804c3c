#include <sycl/sycl.hpp>
#pragma once
void apply_gate(float *state, int n, const sycl::nd_item<3> &item, float *matrix_const);
void run_gate(float *state, int n, const float *matrix);
