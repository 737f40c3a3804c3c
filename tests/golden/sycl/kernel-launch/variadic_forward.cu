// A generic launcher forwarding a parameter pack: the kernel lambda copies the pack itself.
#include <utility>

template <typename Kernel, typename... Args>
static void launch(Kernel kernel, dim3 grid, dim3 block, cudaStream_t stream, Args &&...args) {
  kernel<<<grid, block, 0, stream>>>(std::forward<Args>(args)...);
}

__global__ void fill(int *x, int n) {
  if (threadIdx.x < n) x[threadIdx.x] = n;
}

void run(int *x, int n, cudaStream_t stream) {
  launch(fill, dim3(1), dim3(32), stream, x, n);
}
