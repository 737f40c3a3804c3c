// sizeof and range-for of static shared arrays, which the translation passes as pointers.
#include <cstdio>
#include <cstring>

__global__ void sizes(int *out) {
  __shared__ float tile[64];
  __shared__ int hist[4][16];
  if (threadIdx.x == 0) memset(hist, 0, sizeof(hist));
  for (int i = threadIdx.x; i < sizeof(tile) / sizeof(tile[0]); i += blockDim.x) tile[i] = 1.0f;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (float v : tile) s += v;
    int h = 0;
    for (auto &row : hist)
      for (int v : row) h += v;
    out[0] = (int)s;
    out[1] = h;
    out[2] = (int)sizeof(hist);
  }
}

int main() {
  int *out;
  cudaMallocManaged(&out, 3 * sizeof(int));
  sizes<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  printf("%d %d %d\n", out[0], out[1], out[2]);
  printf("%s\n", out[0] == 64 && out[1] == 0 && out[2] == 256 ? "PASS" : "FAIL");
  cudaFree(out);
  return 0;
}
