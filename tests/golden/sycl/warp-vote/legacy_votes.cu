// The mask-less warp votes of older code (removed for sm_70+): the whole warp votes.
__global__ void votes(const int *x, int *out) {
  int v = x[threadIdx.x];
  int any = __any(v > 10);
  int all = __all(v >= 0);
  unsigned mask = __ballot(v & 1);
  int odd = __popc(__ballot(v & 1));
  if (threadIdx.x == 0) out[blockIdx.x] = any + 2 * all + 4 * odd + (mask & 1);
}

int main() {
  votes<<<1, 32>>>(nullptr, nullptr);
  return 0;
}
