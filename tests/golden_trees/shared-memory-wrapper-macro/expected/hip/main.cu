#include <hip/hip_runtime.h>
#include <cstdio>
#include "cudasharedmem.h"
template <typename Real> __device__ Real reduce_sum(Real in) {
  SharedMemory<Real> sdata;
  unsigned tid = threadIdx.x;
  sdata[tid] = in;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  return *sdata;
}
template <typename Real> __global__ void sum(Real *const out, const Real *in) {
  Real total = reduce_sum<Real>(in[threadIdx.x]);
  if (threadIdx.x == 0) out[0] = total;
}
template <typename Real> bool check(Real expect) {
  const int n = 64;
  Real h[n], r = 0, *d_in = 0, *d_out = 0;
  for (int i = 0; i < n; i++) h[i] = 1;
  hipMalloc((void **)&d_in, sizeof(h));
  hipMalloc((void **)&d_out, sizeof(Real));
  hipMemcpy(d_in, h, sizeof(h), hipMemcpyHostToDevice);
  sum<<<1, n, n * sizeof(Real)>>>(d_out, d_in);
  hipMemcpy(&r, d_out, sizeof(Real), hipMemcpyDeviceToHost);
  hipFree(d_in);
  hipFree(d_out);
  return r == expect;
}
int main() {
  bool ok = check<float>(64.0f) && check<double>(64.0) && check<int>(64);
  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
