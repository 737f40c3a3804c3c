// Quantized dot products (ggml, bitsandbytes): __dp4a over packed int8, and SIMD-within-a-word
// byte/halfword arithmetic and compares; `__trap()` is the clang builtin.
#include <cstdio>

__global__ void dots(const int *a, const int *b, int *dot, unsigned *simd, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (blockDim.x > 1024) __trap();  // cannot happen: a trap aborts the kernel
  int acc = __dp4a(a[i], b[i], 0);
  acc = __dp4a(a[i], a[i], acc);
  dot[i] = acc;
  unsigned ua = (unsigned)a[i], ub = (unsigned)b[i];
  simd[4 * i + 0] = __vsub4(ua, ub) ^ __vcmpne4(ua, ub);
  simd[4 * i + 1] = __vsubss4(ua, ub) + __vabsdiffu2(ua, ub);
  simd[4 * i + 2] = __dp2a_lo(ua, ub, __vmaxs4(ua, ub));
  simd[4 * i + 3] = __vsads4(ua, ub) + __vseteq2(ua, ua);
}

int main() {
  const int n = 8;
  int ha[n], hb[n], hd[n];
  unsigned hs[4 * n];
  unsigned seed = 12345u;
  for (int i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    ha[i] = (int)seed;
    seed = seed * 1664525u + 1013904223u;
    hb[i] = (int)seed;
  }
  int *a, *b, *d;
  unsigned *s;
  cudaMalloc(&a, sizeof(ha));
  cudaMalloc(&b, sizeof(hb));
  cudaMalloc(&d, sizeof(hd));
  cudaMalloc(&s, sizeof(hs));
  cudaMemcpy(a, ha, sizeof(ha), cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, sizeof(hb), cudaMemcpyHostToDevice);
  dots<<<1, 32>>>(a, b, d, s, n);
  cudaMemcpy(hd, d, sizeof(hd), cudaMemcpyDeviceToHost);
  cudaMemcpy(hs, s, sizeof(hs), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    printf("%u %u %d %u %u %u %u\n", (unsigned)ha[i], (unsigned)hb[i], hd[i], hs[4 * i], hs[4 * i + 1], hs[4 * i + 2],
           hs[4 * i + 3]);
  cudaFree(a);
  cudaFree(b);
  cudaFree(d);
  cudaFree(s);
  return 0;
}
