// CUB's segmented sorts reached through `using namespace cub;` (ggml's argsort): rows sorted on their own.
#include <cstdio>
#include <cub/cub.cuh>
using namespace cub;

__global__ void init(int *idx, int *offsets, int ncols, int nrows) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < ncols * nrows) idx[i] = i % ncols;
  if (i <= nrows) offsets[i] = i * ncols;
}

int main() {
  const int ncols = 7, nrows = 3, n = ncols * nrows;
  float *keys;
  int *idx, *out, *offsets;
  cudaMallocManaged(&keys, n * sizeof(float));
  cudaMallocManaged(&idx, n * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(int));
  cudaMallocManaged(&offsets, (nrows + 1) * sizeof(int));
  for (int i = 0; i < n; i++) keys[i] = (float)((i * 37) % 11) - 5.0f;
  init<<<1, 32>>>(idx, offsets, ncols, nrows);
  cudaStream_t stream = 0;
  size_t bytes = 0;
  DeviceSegmentedSort::SortPairsDescending(nullptr, bytes, keys, keys, idx, out, n, nrows, offsets, offsets + 1, stream);
  void *tmp;
  cudaMalloc(&tmp, bytes);
  DeviceSegmentedSort::SortPairsDescending(tmp, bytes, keys, keys, idx, out, n, nrows, offsets, offsets + 1, stream);
  cudaDeviceSynchronize();
  for (int r = 0; r < nrows; r++) {
    for (int c = 0; c < ncols; c++) printf("%d:%g ", out[r * ncols + c], keys[r * ncols + c]);
    printf("\n");
  }
  bytes = 0;
  DeviceSegmentedRadixSort::SortPairs(nullptr, bytes, keys, keys, out, idx, n, nrows, offsets, offsets + 1, 0, sizeof(float) * 8, stream);
  DeviceSegmentedRadixSort::SortPairs(tmp, bytes, keys, keys, out, idx, n, nrows, offsets, offsets + 1, 0, sizeof(float) * 8, stream);
  cudaDeviceSynchronize();
  for (int r = 0; r < nrows; r++) {
    for (int c = 0; c < ncols; c++) printf("%d:%g ", idx[r * ncols + c], keys[r * ncols + c]);
    printf("\n");
  }
  return 0;
}
