// A kernel fills a device_vector, then Thrust algorithms without an execution policy read it on the host
// (lineOfSight's pattern). CUDA orders them; the SYCL port must wait for the kernel before the host reads.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/scan.h>
#include <thrust/functional.h>

__global__ void slow_fill(float *out, int n, int work) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = 0.0f;
    for (int k = 0; k < work; ++k) v += 1.0f / (1.0f + k);  // keep the kernel busy
    out[i] = (i % 7) + (v > 0.0f ? 1.0f : 0.0f);
  }
}

int main() {
  const int n = 4096;
  thrust::device_vector<float> values(n);
  thrust::device_vector<float> scanned(n);
  slow_fill<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(&values[0]), n, 20000);
  thrust::inclusive_scan(values.begin(), values.end(), scanned.begin(), thrust::maximum<float>());
  thrust::host_vector<float> h(n);
  thrust::copy(scanned.begin(), scanned.end(), h.begin());
  float first = values[0], last = values[n - 1];
  printf("%g %g %g %g\n", first, last, h[5], h[n - 1]);
  return 0;
}
