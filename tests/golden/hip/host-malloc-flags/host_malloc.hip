#include <hip/hip_runtime.h>
#define PINNED(p, n) hipHostMalloc(&(p), (n), hipHostMallocDefault)

void run(size_t n) {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  hipHostMalloc((void **)&a, n * sizeof(float), hipHostMallocDefault);
  hipHostMalloc(&b, n * sizeof(float), hipHostMallocDefault);
  PINNED(c, n * sizeof(float));
  hipHostMalloc(&c, n, hipHostMallocMapped);  // already has flags
  hipHostFree(a);
}
