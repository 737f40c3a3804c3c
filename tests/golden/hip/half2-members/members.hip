#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

__global__ void spread(const __half2 *in, half2 a, float *out) {
  half2 tmp = __float2half2_rn(0.0f);
  float lo = (float)reinterpret_cast<half&>(tmp.x);                            // CUDA: a __half; HIP: an unsigned short
  reinterpret_cast<half&>(tmp.y) = reinterpret_cast<half&>(a.x);
  out[0] = __half2float(reinterpret_cast<const __half&>(in[0].x)) + __half2float(reinterpret_cast<const __half&>(in->y));
  float hi = (float)reinterpret_cast<half &>(tmp.y);  // already cast
  float3 v;
  v.x = lo + hi;                                      // not a half2
  out[1] = v.x;
}
