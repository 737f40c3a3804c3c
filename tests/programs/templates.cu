// Templates: a templated kernel with a functor, launched for several types.
#include <cstdio>
#include <cuda_runtime.h>

template <typename T>
struct Scale {
  T factor;
  __device__ T operator()(T x) const { return x * factor; }
};

template <typename T, typename Op, int UNROLL>
__global__ void transform(T *data, int n, Op op) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * UNROLL;
#pragma unroll
  for (int u = 0; u < UNROLL; ++u)
    if (base + u < n) data[base + u] = op(data[base + u]);
}

template <typename T>
void run(int n) {
  T *d;
  cudaMalloc(&d, n * sizeof(T));
  Scale<T> op{T(2)};
  transform<T, Scale<T>, 4><<<(n / 4 + 127) / 128, 128>>>(d, n, op);
  cudaDeviceSynchronize();
  cudaFree(d);
}

int main() {
  run<float>(1000);
  run<double>(1000);
  run<int>(1000);
  return 0;
}
