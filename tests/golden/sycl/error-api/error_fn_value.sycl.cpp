// ggml's checking macros pass the error-string function itself, which the generic macro then calls.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstdlib>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

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

#define CUDA_CHECK(err) CHECK_GEN(err, 0, ([](auto) -> const char * { return "SYCL error (SYCL reports errors as exceptions)"; }))
#define CUDA_CHECK_NAME(err) CHECK_GEN(err, 0, ([](auto) -> const char * { return "SYCL error"; }))

int main() {
  float *d;
  CUDA_CHECK((d = (float *)sycl::malloc_device(64 * sizeof(float), gpuport_queue()), 0));
  CUDA_CHECK_NAME((gpuport_queue().memset(d, 0, 64 * sizeof(float)).wait(), 0));
  CUDA_CHECK((sycl::free(d, gpuport_queue()), 0));
  printf("PASS\n");
  return 0;
}
