// Preprocessor branches that are not whole constructs (qulacs, ggml): a function head written once per
// platform, and an `if (...) {` in one branch and a bare `{` in the other.
// The grammar cannot read both branches at once; the translation parses the CUDA one.
inline __device__ double shfl_down_double(
#ifdef __HIP_PLATFORM_AMD__
    double var, unsigned int lane, int width = 64) {
  return __shfl_down(var, lane, width);
#else
    double var, unsigned int lane, int width = 32) {
  return __shfl_down_sync(0xffffffff, var, lane, width);
#endif
}

__device__ double warp_sum(double v) {
  for (int offset = 16; offset > 0; offset /= 2) {
#ifdef __HIP_PLATFORM_AMD__
    v += __shfl_down(v, offset);
#else
    v += shfl_down_double(v, offset);
#endif
  }
  return v;
}

__global__ void sums(const double *x, double *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(CHECK_BOUNDS)
  if (i < n) {
#else
  {
#endif
    const double s = warp_sum(x[i]);
    if (threadIdx.x % 32 == 0) out[i / 32] = s;
  }
}
