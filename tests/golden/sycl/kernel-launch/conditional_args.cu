// An argument and a parameter that exist in one configuration only (convolutionFFT2D's texture path):
// the directives sit inside the parentheses, and what the port appends (the nd_item, a device function's
// item) must come after them, so it is there in both configurations.
#ifndef USE_SCALE
#define USE_SCALE 1
#endif

__device__ float apply(float v
#if (USE_SCALE)
                       , float s
#endif
) {
  float r = v * (1.0f + threadIdx.x * 0.0f);
#if (USE_SCALE)
  r *= s;
#endif
  return r;
}

__global__ void fill(float *out, int n
#if (USE_SCALE)
                     , float scale
#endif
) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = apply(1.0f
#if (USE_SCALE)
                            , scale
#endif
  );
}

void run(float *d_out, int n, float scale) {
  fill<<<(n + 127) / 128, 128>>>(d_out, n
#if (USE_SCALE)
                                 , scale
#endif
  );
}
