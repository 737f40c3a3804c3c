#include <cuda_fp16.h>

__global__ void spread(const __half2 *in, half2 a, float *out) {
  half2 tmp = __float2half2_rn(0.0f);
  float lo = (float)tmp.x;                            // CUDA: a __half; HIP: an unsigned short
  tmp.y = a.x;
  out[0] = __half2float(in[0].x) + __half2float(in->y);
  float hi = (float)reinterpret_cast<half &>(tmp.y);  // already cast
  float3 v;
  v.x = lo + hi;                                      // not a half2
  out[1] = v.x;
}
