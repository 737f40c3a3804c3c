// ggml's checking macros pass the error-string function itself, which the generic macro then calls.
#include <cstdio>
#include <cstdlib>

[[noreturn]] static void report(const char *stmt, const char *msg) {
  fprintf(stderr, "%s: %s\n", stmt, msg);
  exit(1);
}

#define CHECK_GEN(err, success, error_fn)     \
  do {                                        \
    auto err_ = (err);                        \
    if (err_ != (success)) {                  \
      report(#err, error_fn(err_));           \
    }                                         \
  } while (0)

#define CUDA_CHECK(err) CHECK_GEN(err, cudaSuccess, cudaGetErrorString)
#define CUDA_CHECK_NAME(err) CHECK_GEN(err, cudaSuccess, cudaGetErrorName)

int main() {
  float *d;
  CUDA_CHECK(cudaMalloc(&d, 64 * sizeof(float)));
  CUDA_CHECK_NAME(cudaMemset(d, 0, 64 * sizeof(float)));
  CUDA_CHECK(cudaFree(d));
  printf("PASS\n");
  return 0;
}
