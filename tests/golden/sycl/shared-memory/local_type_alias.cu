// bitsandbytes: a template kernel sizes a shared table with a type alias it declares itself; the table
// becomes a parameter, declared before that alias exists, so it spells the type the alias stands for.
#include <cstdio>
#include <type_traits>
template <typename T>
__global__ void k(T *out) {
  using lut_t = std::conditional_t<std::is_same_v<T, float>, float, unsigned short>;
  typedef int idx_t;
  __shared__ lut_t lut[16];
  __shared__ idx_t where[4];
  if (threadIdx.x < 16) lut[threadIdx.x] = (lut_t)(threadIdx.x * 2);
  if (threadIdx.x < 4) where[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = (T)lut[threadIdx.x % 16] + where[threadIdx.x % 4];
}
int main() {
  float *d, h[32];
  cudaMalloc(&d, sizeof(h));
  k<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 32; i++) bad += h[i] != (float)((i % 16) * 2 + i % 4);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
