// CUDA parameters with defaults that HIP 5.2 declares without one (tigre's cudaMalloc3DArray(&a, &desc, extent), cudasift's cudaMemcpyToSymbolAsync(sym, src, n)): written out.
#include <cuda_runtime.h>
__constant__ float c[4];
void f(cudaArray_t *a, cudaChannelFormatDesc *d, cudaExtent e, cudaStream_t s, cudaEvent_t ev, float *h) {
  cudaMalloc3DArray(a, d, e);
  cudaMalloc3DArray(a, d, e, 0);
  cudaStreamWaitEvent(s, ev);
  cudaMemcpyToSymbolAsync(c, h, 16);
  cudaMemcpyToSymbolAsync(c, h, 16, 4);
  cudaMemcpyFromSymbolAsync(h, c, 16, 0, cudaMemcpyDeviceToHost, s);
}
