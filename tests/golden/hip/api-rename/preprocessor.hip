#include <hip/hip_runtime.h>
#if defined(USE_PINNED)
#define HOST_ALLOC(p, n) hipHostMalloc(&(p), (n), hipHostMallocDefault)
#define HOST_FREE(p) hipHostFree(p)
#else
#define HOST_ALLOC(p, n) ((p) = malloc(n), hipSuccess) /* not cudaMallocHost */
#define HOST_FREE(p) free(p)
#endif
#define CHECK(x)                                        \
  do {                                                  \
    hipError_t e = (x);                                \
    if (e != hipSuccess) printf("%s\n", "cudaError"); \
  } while (0)

void run(void *h, size_t n, hipStream_t s) {
  CHECK(HOST_ALLOC(h, n));
  CHECK(hipStreamSynchronize(s));
  HOST_FREE(h);
}
