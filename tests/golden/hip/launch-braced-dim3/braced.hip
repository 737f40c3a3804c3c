// A braced grid or block size in a launch (nvcc takes it as a dim3 initializer; clang does not parse it).
#include <hip/hip_runtime.h>
template <int BX, int BY> __global__ void tile(float *a) { a[threadIdx.y * BX + threadIdx.x] = 1.0f; }

void run(float *a, hipStream_t s) {
  dim3 grid(2, 2);
  tile<32, 4><<<grid, dim3(32, 4, 1), 0, s>>>(a);
  tile<32, 4><<<dim3(2, 2), dim3(32, 4)>>>(a);
}
