// Reduced precision: __half / __half2 from hip_fp16.h, __hip_bfloat16 from hip_bf16.h and the hip_bfloat16
// class from hip_bfloat16.h, on the device and on the host. (hip_bf16.h is HIP 6: HIP 5.2 lacks it.)
#include "check.h"

#include <hip/hip_bf16.h>
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>

#include <vector>

__global__ void half_ops(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half h = __float2half(in[i]);
  __half two = __float2half(2.0f);
  out[4 * i] = __half2float(__hadd(__hmul(h, two), __float2half(1.0f)));  // 2h + 1
  half2 h2 = __floats2half2_rn(in[i], -in[i]);
  out[4 * i + 1] = __low2float(__hmul2(h2, h2)) + __high2float(h2);  // x^2 - x
  __hip_bfloat16 b = __float2bfloat16(in[i]);
  out[4 * i + 2] = __bfloat162float(__hadd(b, b));
  hip_bfloat16 c(in[i]);
  c += hip_bfloat16(0.5f);
  out[4 * i + 3] = float(c * hip_bfloat16(2.0f));
}

int main() {
  const int n = 512;
  std::vector<float> in(n), out(4 * n);
  for (int i = 0; i < n; ++i) in[i] = (float)(i - 256) / 16.0f;  // exact in half and bfloat16
  float *din, *dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, 4 * n * sizeof(float)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(half_ops, dim3((n + 255) / 256), dim3(256), 0, 0, din, dout, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(out.data(), dout, 4 * n * sizeof(float), hipMemcpyDeviceToHost));
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    float x = in[i];
    errors += out[4 * i] != 2 * x + 1;
    errors += !close_enough(out[4 * i + 1], (double)x * x - x, 2e-3);
    errors += out[4 * i + 2] != 2 * x;
    // x + 0.5 may need 9 significant bits; CUDA's own round-to-nearest-even conversion is the reference.
    errors += out[4 * i + 3] != 2 * __bfloat162float(__float2bfloat16(x + 0.5f));
  }
  // Host side: round to nearest even, NaN stays NaN, truncation drops the low half.
  errors += hip_bfloat16(1.00390625f).data != 0x3f80;  // halfway between 1 and 1+2^-7: ties to even (down)
  errors += hip_bfloat16(1.01171875f).data != 0x3f82;  // halfway, odd lower neighbour: rounds up
  errors += !std::isnan(float(hip_bfloat16(std::nanf(""))));
  errors += hip_bfloat16(1.0078125f * 1.5f, hip_bfloat16::truncate).data != 0x3fc1;
  errors += float(-hip_bfloat16(3.0f)) != -3.0f;
  errors += __half2float(__float2half(0.1f)) != 0.0999755859375f;
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  return finish("half_types", errors);
}
