// min/max of a type narrower than int: CUDA promotes it to int, sycl::min deduces one type from both.
#include <cstdint>

__global__ void quant(uint8_t *out, const float *x, short s, int n) {
  int i = threadIdx.x;
  out[i] = min(15, (int8_t)(x[i] + 8.5f));
  out[i] += max(s, 3);
  unsigned char c = out[i];
  out[i] = min(c, 7) + min(s + 1, n);
}

int main() {
  quant<<<1, 32>>>(nullptr, nullptr, 0, 0);
  return 0;
}
