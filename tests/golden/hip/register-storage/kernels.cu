// rodinia-era kernels: `register` storage (ill-formed in C++17; nvcc warns, clang refuses).
#include <cstdio>

__device__ float dot3(register const float *a, register const float *b) {
  register float acc = 0.0f;
  for (register int i = 0; i < 3; i++) acc += a[i] * b[i];
  return acc;
}

__global__ void timing(unsigned long long *out) {
  register unsigned long long start_time, sample_time;
  start_time = clock64();
  sample_time = clock64() - start_time;
  out[threadIdx.x] = sample_time;
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
