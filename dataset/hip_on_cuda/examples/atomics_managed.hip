// Atomics (histogram with atomicAdd, atomicMax, atomicCAS loop), hipMemset, managed memory with the HIP
// forms of hipMemAdvise / hipMemPrefetchAsync (a device ordinal, not a location), __constant__ memory set
// with hipMemcpyToSymbol(HIP_SYMBOL(x)), and the device properties CUDA 13 dropped (clockRate, ...).
#include "check.h"

#include <cstring>
#include <vector>

__constant__ int c_bins;
__device__ float d_scale;

__global__ void histogram(const int* data, int n, unsigned int* hist, int* max_seen, float* cas_sum) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int v = data[i];
    atomicAdd(&hist[v % c_bins], 1u);
    atomicMax(max_seen, v);
    // A float add built from atomicCAS, as ported code often has.
    float add = d_scale;
    unsigned int* addr = reinterpret_cast<unsigned int*>(cas_sum);
    unsigned int old = *addr, assumed;
    do {
      assumed = old;
      old = atomicCAS(addr, assumed, __float_as_uint(__uint_as_float(assumed) + add));
    } while (assumed != old);
  }
}

int main() {
  int device = 0;
  HIP_CHECK(hipSetDevice(device));
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, device));
  int sms = 0, clock_khz = 0, smem_per_sm = 0;
  HIP_CHECK(hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, device));
  HIP_CHECK(hipDeviceGetAttribute(&clock_khz, hipDeviceAttributeClockRate, device));
  HIP_CHECK(hipDeviceGetAttribute(&smem_per_sm, hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, device));
  std::printf("%s (%s): %d SMs, clock %d kHz, memory clock %d kHz, bus %d bits, warp %d\n", prop.name,
              prop.gcnArchName, prop.multiProcessorCount, prop.clockRate, prop.memoryClockRate,
              prop.memoryBusWidth, prop.warpSize);
  int errors = sms != prop.multiProcessorCount || clock_khz != prop.clockRate || prop.clockRate <= 0;
  errors += prop.maxSharedMemoryPerMultiProcessor != (size_t)smem_per_sm;
  if (errors) std::printf("device properties disagree with device attributes\n");

  const int n = 1 << 20, bins = 16;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(c_bins), &bins, sizeof(int)));
  const float scale = 0.5f;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(d_scale), &scale, sizeof(float), 0, hipMemcpyHostToDevice));

  int* data;
  HIP_CHECK(hipMallocManaged(&data, n * sizeof(int)));
  for (int i = 0; i < n; ++i) data[i] = (int)((i * 7919u) % 1000u);  // unsigned: no overflow
  HIP_CHECK(hipMemAdvise(data, n * sizeof(int), hipMemAdviseSetReadMostly, device));
  HIP_CHECK(hipMemPrefetchAsync(data, n * sizeof(int), device, 0));

  unsigned int* hist;
  int* max_seen;
  float* cas_sum;
  HIP_CHECK(hipMalloc(&hist, bins * sizeof(unsigned int)));
  HIP_CHECK(hipMalloc(&max_seen, sizeof(int)));
  HIP_CHECK(hipMalloc(&cas_sum, sizeof(float)));
  HIP_CHECK(hipMemset(hist, 0, bins * sizeof(unsigned int)));
  HIP_CHECK(hipMemset(max_seen, 0, sizeof(int)));
  HIP_CHECK(hipMemset(cas_sum, 0, sizeof(float)));
  hipLaunchKernelGGL(histogram, dim3(2 * sms), dim3(256), 0, 0, data, n, hist, max_seen, cas_sum);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemPrefetchAsync(data, n * sizeof(int), hipCpuDeviceId, 0));
  HIP_CHECK(hipDeviceSynchronize());

  std::vector<unsigned int> got(bins), want(bins, 0);
  int got_max = 0, want_max = 0;
  float got_sum = 0;
  HIP_CHECK(hipMemcpy(got.data(), hist, bins * sizeof(unsigned int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&got_max, max_seen, sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&got_sum, cas_sum, sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    want[data[i] % bins]++;
    if (data[i] > want_max) want_max = data[i];
  }
  for (int b = 0; b < bins; ++b) errors += got[b] != want[b];
  errors += got_max != want_max;
  errors += got_sum != 0.5f * n;  // exact: every partial sum is a multiple of 0.5 below 2^24
  if (errors)
    std::printf("bin 0: %u want %u; max %d want %d; sum %g want %g\n", got[0], want[0], got_max, want_max,
                got_sum, 0.5 * n);

  HIP_CHECK(hipFree(data));
  HIP_CHECK(hipFree(hist));
  HIP_CHECK(hipFree(max_seen));
  HIP_CHECK(hipFree(cas_sum));
  return finish("atomics_managed", errors);
}
