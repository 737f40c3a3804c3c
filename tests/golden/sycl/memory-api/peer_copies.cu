// Peer copies between devices, on a stream, the per-thread default stream and synchronously.
#include <cuda_runtime.h>

void mirror(float *dst, const float *src, size_t n, cudaStream_t stream) {
  cudaMemcpyPeerAsync(dst, 1, src, 0, n * sizeof(float), stream);
  cudaMemcpyPeerAsync(dst, 1, src, 0, n * sizeof(float), cudaStreamPerThread);
  cudaMemcpyPeer(dst, 1, src, 0, n * sizeof(float));
  cudaStream_t own = cudaStreamPerThread;
  cudaStreamSynchronize(own);
}
