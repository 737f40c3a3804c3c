// cudaLaunchKernelEx with programmatic dependent launch: the consumer waits for the producer with
// cudaGridDependencySynchronize; on an in-order queue it already has.
#include <cuda_runtime.h>

__global__ void produce(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 2.0f * i;
  cudaTriggerProgrammaticLaunchCompletion();
}

__global__ void consume(const float *x, float *y, int n) {
  cudaGridDependencySynchronize();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] + 1.0f;
}

void run(float *x, float *y, int n, cudaStream_t stream) {
  produce<<<(n + 127) / 128, 128, 0, stream>>>(x, n);
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3((n + 127) / 128);
  config.blockDim = dim3(128);
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  config.attrs = attr;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, consume, (const float *)x, y, n);
}
