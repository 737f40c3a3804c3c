// nvcc accepts chevrons written with blanks inside (rodinia's particlefilter, SimpleGPUHashTable);
// clang does not: they become `<<<` and `>>>`. A template's `>> >` outside a launch stays.
#include <vector>

__global__ void sum_kernel(double *partial, int n) { partial[threadIdx.x] += n; }

template <typename T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }

std::vector<std::vector<std::vector<int>> > nested;

void run(double *partial, int n, int *ip) {
  sum_kernel << < 1, 64 >> > (partial, n);
  sum_kernel <<< 1, 64 >> > (partial, n);
  fill<int> << <dim3(1), dim3(32), 0, 0 >> >(ip, 7);
  sum_kernel<<<1, 64>>>(partial, n);
}
