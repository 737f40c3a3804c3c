// qsim's block reductions: a template device function in a namespace owns shared memory typed by its
// first template parameter and sized by a defaulted one; the kernel calls it `detail::block_sum<T>(...)`
// with the other parameters deduced. The launch declares the memory with the kernel's T and the default.
#include <cstdio>

namespace detail {
template <typename T, typename Op, unsigned warp_size = 32>
__device__ T block_sum(const T *in, Op op) {
  __shared__ T partial[warp_size];
  unsigned lane = threadIdx.x % warp_size, warp = threadIdx.x / warp_size;
  if (threadIdx.x < warp_size) partial[threadIdx.x] = T(0);
  __syncthreads();
  T v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (unsigned i = 0; i < warp_size; ++i) {
    if (lane == i) partial[warp] = op(partial[warp], v);
    __syncthreads();
  }
  T total = T(0);
  for (unsigned w = 0; w < blockDim.x / warp_size; ++w) total = op(total, partial[w]);
  return total;
}
}  // namespace detail

struct Plus {
  template <typename T>
  __device__ T operator()(T a, T b) const { return a + b; }
};

template <typename T>
__global__ void sums(const T *in, T *out) {
  T s = detail::block_sum<T>(in, Plus());
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}

int main() {
  const int blocks = 2, threads = 64;
  float h[blocks * threads];
  for (int i = 0; i < blocks * threads; ++i) h[i] = (float)(i % 7);
  float *d_in, *d_out;
  cudaMalloc(&d_in, sizeof(h));
  cudaMalloc(&d_out, blocks * sizeof(float));
  cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
  sums<float><<<blocks, threads>>>(d_in, d_out);
  float r[blocks];
  cudaMemcpy(r, d_out, sizeof(r), cudaMemcpyDeviceToHost);
  printf("%g %g\n", r[0], r[1]);
  return 0;
}
