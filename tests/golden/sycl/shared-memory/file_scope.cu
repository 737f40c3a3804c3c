// __shared__ variables at file scope (CUDA allows them; the CUDA samples' dct8x8 has them) and shared
// pointers (parboil's cutcp): each kernel that uses one takes a local accessor for it.
#include <cstdio>
#define N 64
__shared__ float tileA[N];
__shared__ float *rowAddr;
__global__ void k(float *out) {
  __shared__ int *p;
  if (threadIdx.x == 0) { rowAddr = out; p = nullptr; }
  tileA[threadIdx.x] = threadIdx.x;
  __syncthreads();
  rowAddr[threadIdx.x] = tileA[N - 1 - threadIdx.x] + (p == nullptr);
}
int main() { float *d, h[N]; cudaMalloc(&d, sizeof(h)); k<<<1, N>>>(d); cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  int bad = 0; for (int i = 0; i < N; i++) bad += h[i] != N - i; printf(bad ? "FAIL\n" : "PASS\n"); return bad; }
