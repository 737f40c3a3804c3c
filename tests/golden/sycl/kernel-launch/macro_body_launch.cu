// jetson-utils' cudaWarp-affine.cu: a macro launches a kernel the file defines, only its template argument
// is the macro's; the launch is rewritten in the body (continued lines). A macro whose kernel is its own
// parameter stays reported.
#include <cuda_runtime.h>

template <typename T> __global__ void warp(T *in, T *out, int n, float3 m) {
  __shared__ T tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x % 64] = in[i];
  __syncthreads();
  if (i < n) out[i] = tile[threadIdx.x % 64];
}

#define LAUNCH_WARP(type) \
  warp<type><<<grid, block, 0, stream>>>((type *)input, (type *)output, n, mats[0])

#define LAUNCH_ANY(kernel, ...) kernel<<<grid, block>>>(__VA_ARGS__)

void run(void *input, void *output, int n, bool wide, cudaStream_t stream) {
  dim3 block(64), grid((n + 63) / 64);
  float3 mats[1] = {make_float3(1, 0, 0)};
  if (wide)
    LAUNCH_WARP(float4);
  else
    LAUNCH_WARP(float);
}
