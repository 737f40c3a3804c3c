// CUDA parameters with defaults that HIP 5.2 declares without one (tigre's cudaMalloc3DArray(&a, &desc, extent), cudasift's cudaMemcpyToSymbolAsync(sym, src, n)): written out.
#include <hip/hip_runtime.h>
__constant__ float c[4];
void f(hipArray_t *a, hipChannelFormatDesc *d, hipExtent e, hipStream_t s, hipEvent_t ev, float *h) {
  hipMalloc3DArray(a, d, e, 0);
  hipMalloc3DArray(a, d, e, 0);
  hipStreamWaitEvent(s, ev, 0);
  hipMemcpyToSymbolAsync(HIP_SYMBOL(c), h, 16, 0, hipMemcpyHostToDevice);
  hipMemcpyToSymbolAsync(HIP_SYMBOL(c), h, 16, 4, hipMemcpyHostToDevice);
  hipMemcpyFromSymbolAsync(h, HIP_SYMBOL(c), 16, 0, hipMemcpyDeviceToHost, s);
}
