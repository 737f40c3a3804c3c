#include <hip/hip_runtime.h>
#include "sharedmem.cuh"
#include <cstdio>
template <class T> __global__ void reduce(const T *in, T *out, int n) {
  T *sdata = SharedMemory<T>();
  unsigned tid = threadIdx.x;
  sdata[tid] = tid < n ? in[tid] : 0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) { if (tid < s) sdata[tid] += sdata[tid + s]; __syncthreads(); }
  if (tid == 0) out[0] = sdata[0];
}
template <class T> __global__ void scan1(const T *in, T *out) {
  SharedMem<T> shared;
  T *s = shared.getPointer();
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) { T acc = 0; for (unsigned i = 0; i < blockDim.x; i++) { acc += s[i]; out[i] = acc; } }
}
int main() {
  const int n = 64; float h[n], *d, *o, r; double *dd, *od, rd;
  for (int i = 0; i < n; i++) h[i] = 1.0f;
  hipMalloc(&d, sizeof(h)); hipMalloc(&o, sizeof(h)); hipMalloc(&dd, n * sizeof(double)); hipMalloc(&od, n * sizeof(double));
  hipMemcpy(d, h, sizeof(h), hipMemcpyHostToDevice);
  reduce<float><<<1, n, n * sizeof(float)>>>(d, o, n);
  hipMemcpy(&r, o, sizeof(float), hipMemcpyDeviceToHost);
  scan1<float><<<1, n, n * sizeof(float)>>>(d, o);
  float sc[n]; hipMemcpy(sc, o, sizeof(sc), hipMemcpyDeviceToHost);
  double hd[n]; for (int i = 0; i < n; i++) hd[i] = 2.0;
  hipMemcpy(dd, hd, sizeof(hd), hipMemcpyHostToDevice);
  reduce<double><<<1, n, n * sizeof(double)>>>(dd, od, n);
  hipMemcpy(&rd, od, sizeof(double), hipMemcpyDeviceToHost);
  printf(r == 64.0f && sc[n - 1] == 64.0f && rd == 128.0 ? "PASS\n" : "FAIL %f %f %f\n", r, sc[n - 1], rd);
  return 0;
}
