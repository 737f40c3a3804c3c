// rodinia-era kernels: `register` storage (ill-formed in C++17; nvcc warns, clang refuses).
#include <sycl/sycl.hpp>
#include <cstdio>

float dot3(const float *a, const float *b) {
  float acc = 0.0f;
  for (int i = 0; i < 3; i++) acc += a[i] * b[i];
  return acc;
}

void timing(unsigned long long *out, const sycl::nd_item<3> &item) {
  unsigned long long start_time, sample_time;
  start_time = clock64();
  sample_time = clock64() - start_time;
  out[item.get_local_id(2)] = sample_time;
}

// A GNU explicit register variable names a machine register: it keeps the keyword.
static inline unsigned long stack_pointer() {
  register unsigned long sp asm("rsp");
  return sp;
}

int main() {
  // "register" in a string and in this comment stays.
  std::printf("register\n");
  return 0;
}
