// CUB's device-wide algorithms, each called twice (size query, then the work), on one stream.
#include <cstdio>
#include <cub/cub.cuh>

struct IsOdd {
  __host__ __device__ bool operator()(int v) const { return v & 1; }
};

template <typename F>
static void twice(F call) {
  void *tmp = nullptr;
  size_t bytes = 0;
  call(tmp, bytes);
  cudaMalloc(&tmp, bytes);
  call(tmp, bytes);
  cudaFree(tmp);
}

static void show(const char *name, const int *d, int n) {
  int h[64];
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%s", name);
  for (int i = 0; i < n; i++) printf(" %d", h[i]);
  printf("\n");
}

int main() {
  const int n = 24;
  int h[n];
  unsigned s = 7u;
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    h[i] = (int)((s >> 16) % 10u);
  }
  int *in, *out, *vals, *vout, *count, *offsets;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMalloc(&vals, n * sizeof(int));
  cudaMalloc(&vout, n * sizeof(int));
  cudaMalloc(&count, sizeof(int));
  cudaMalloc(&offsets, 4 * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  int idx[n];
  for (int i = 0; i < n; i++) idx[i] = i;
  cudaMemcpy(vals, idx, sizeof(idx), cudaMemcpyHostToDevice);
  int off[4] = {0, 5, 5, 24};
  cudaMemcpy(offsets, off, sizeof(off), cudaMemcpyHostToDevice);
  cudaStream_t st;
  cudaStreamCreate(&st);

  show("input", in, n);
  twice([&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, in, out, n, st); });
  twice([&](void *t, size_t &b) { return cub::DeviceReduce::Max(t, b, in, out + 1, n, st); });
  twice([&](void *t, size_t &b) { return cub::DeviceReduce::Min(t, b, in, out + 2, n, st); });
  show("reduce", out, 3);
  twice([&](void *t, size_t &b) { return cub::DeviceScan::InclusiveSum(t, b, in, out, n, st); });
  show("inclusive", out, n);
  twice([&](void *t, size_t &b) { return cub::DeviceScan::ExclusiveSum(t, b, in, out, n, st); });
  show("exclusive", out, n);
  twice([&](void *t, size_t &b) { return cub::DeviceRadixSort::SortPairs(t, b, in, out, vals, vout, n, 0, 32, st); });
  show("sorted_keys", out, n);
  show("sorted_vals", vout, n);
  twice([&](void *t, size_t &b) { return cub::DeviceRadixSort::SortKeysDescending(t, b, in, out, n); });
  show("descending", out, n);
  twice([&](void *t, size_t &b) { return cub::DeviceSelect::If(t, b, in, out, count, n, IsOdd(), st); });
  show("odd_count", count, 1);
  show("odd", out, n);
  twice([&](void *t, size_t &b) { return cub::DeviceSegmentedReduce::Sum(t, b, in, out, 3, offsets, offsets + 1, st); });
  show("segments", out, 3);
  twice([&](void *t, size_t &b) { return cub::DeviceHistogram::HistogramEven(t, b, in, out, 6, 0, 10, n, st); });
  show("histogram", out, 5);
  cub::DoubleBuffer<int> keys(in, out);
  twice([&](void *t, size_t &b) { return cub::DeviceRadixSort::SortKeys(t, b, keys, n, 0, 32, st); });
  show("double_buffer", keys.Current(), n);
  cudaStreamDestroy(st);
  cudaFree(in);
  cudaFree(out);
  cudaFree(vals);
  cudaFree(vout);
  cudaFree(count);
  cudaFree(offsets);
  return 0;
}
