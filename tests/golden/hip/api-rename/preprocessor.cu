#include <cuda_runtime.h>
#if defined(USE_PINNED)
#define HOST_ALLOC(p, n) cudaMallocHost(&(p), (n))
#define HOST_FREE(p) cudaFreeHost(p)
#else
#define HOST_ALLOC(p, n) ((p) = malloc(n), cudaSuccess) /* not cudaMallocHost */
#define HOST_FREE(p) free(p)
#endif
#define CHECK(x)                                        \
  do {                                                  \
    cudaError_t e = (x);                                \
    if (e != cudaSuccess) printf("%s\n", "cudaError"); \
  } while (0)

void run(void *h, size_t n, cudaStream_t s) {
  CHECK(HOST_ALLOC(h, n));
  CHECK(cudaStreamSynchronize(s));
  HOST_FREE(h);
}
