// Thrust algorithms with the device policy on raw device pointers (XSBench, RSBench): reduce and count
// on the device, sort_by_key and partition through host copies; the result is checked by the program.
#include <cstdio>
#include <thrust/reduce.h>
#include <thrust/count.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>
#include <thrust/partition.h>
struct is_even { __host__ __device__ bool operator()(int x) const { return x % 2 == 0; } };
__global__ void fill(int *k, double *v, unsigned long *w, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) { k[i] = (i * 7) % 5; v[i] = i; w[i] = i; } }
int main() {
  const int n = 1000;
  int *k; double *v; unsigned long *w;
  cudaMalloc(&k, n * sizeof(int)); cudaMalloc(&v, n * sizeof(double)); cudaMalloc(&w, n * sizeof(unsigned long));
  fill<<<(n + 255) / 256, 256>>>(k, v, w, n);
  unsigned long s = thrust::reduce(thrust::device, w, w + n, 0);
  int c = thrust::count(thrust::device, k, k + n, 3);
  thrust::sort_by_key(thrust::device, k, k + n, v);
  int h[n]; cudaMemcpy(h, k, sizeof(h), cudaMemcpyDeviceToHost);
  bool sorted = true; for (int i = 1; i < n; i++) sorted = sorted && h[i - 1] <= h[i];
  int *mid = thrust::partition(thrust::device, k, k + n, is_even());
  printf("%s %lu %d %d\n", s == 499500ul && c == 200 && sorted && mid - k == 600 ? "PASS" : "FAIL", s, c, (int)(mid - k));
  return 0;
}
