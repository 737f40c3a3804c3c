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
  cudaMalloc(&d, sizeof(h)); cudaMalloc(&o, sizeof(h)); cudaMalloc(&dd, n * sizeof(double)); cudaMalloc(&od, n * sizeof(double));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  reduce<float><<<1, n, n * sizeof(float)>>>(d, o, n);
  cudaMemcpy(&r, o, sizeof(float), cudaMemcpyDeviceToHost);
  scan1<float><<<1, n, n * sizeof(float)>>>(d, o);
  float sc[n]; cudaMemcpy(sc, o, sizeof(sc), cudaMemcpyDeviceToHost);
  double hd[n]; for (int i = 0; i < n; i++) hd[i] = 2.0;
  cudaMemcpy(dd, hd, sizeof(hd), cudaMemcpyHostToDevice);
  reduce<double><<<1, n, n * sizeof(double)>>>(dd, od, n);
  cudaMemcpy(&rd, od, sizeof(double), cudaMemcpyDeviceToHost);
  printf(r == 64.0f && sc[n - 1] == 64.0f && rd == 128.0 ? "PASS\n" : "FAIL %f %f %f\n", r, sc[n - 1], rd);
  return 0;
}
