// hipEvent timing, a non-default stream with hipMemcpyAsync, and pinned memory from hipHostMalloc with
// HIP flags (including the AMD-only coherence bit, which has no CUDA meaning) freed with hipHostFree.
#include "check.h"

__global__ void saxpy(int n, float a, const float* x, float* y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 22;
  float *hx, *hy;
  HIP_CHECK(hipHostMalloc(&hx, n * sizeof(float), hipHostMallocDefault));
  HIP_CHECK(hipHostMalloc((void**)&hy, n * sizeof(float), hipHostMallocMapped | hipHostMallocCoherent));
  for (int i = 0; i < n; ++i) {
    hx[i] = 1.0f;
    hy[i] = (float)(i % 7);
  }
  float *dx, *dy;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dy, n * sizeof(float)));

  hipStream_t stream;
  HIP_CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  hipEvent_t start, stop;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreateWithFlags(&stop, hipEventDefault));

  HIP_CHECK(hipEventRecord(start, stream));
  HIP_CHECK(hipMemcpyAsync(dx, hx, n * sizeof(float), hipMemcpyHostToDevice, stream));
  HIP_CHECK(hipMemcpyAsync(dy, hy, n * sizeof(float), hipMemcpyHostToDevice, stream));
  hipLaunchKernelGGL(saxpy, dim3(256), dim3(256), 0, stream, n, 2.0f, dx, dy);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpyAsync(hy, dy, n * sizeof(float), hipMemcpyDeviceToHost, stream));
  HIP_CHECK(hipEventRecord(stop, stream));
  HIP_CHECK(hipEventSynchronize(stop));
  float ms = -1.0f;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  HIP_CHECK(hipStreamSynchronize(stream));

  int errors = ms <= 0.0f;
  for (int i = 0; i < n; ++i) errors += hy[i] != 2.0f + (float)(i % 7);
  std::printf("elapsed %.3f ms\n", ms);

  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipStreamDestroy(stream));
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dy));
  HIP_CHECK(hipHostFree(hx));
  HIP_CHECK(hipHostFree(hy));
  return finish("events_streams", errors);
}
