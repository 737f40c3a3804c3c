// Shared helpers of the HIP-on-CUDA example programs: every HIP call is checked, and each program ends by
// printing PASS or FAIL and returning 0 or 1, so a runner needs only the exit status.
#pragma once

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#define HIP_CHECK(expr)                                                                            \
  do {                                                                                             \
    hipError_t err_ = (expr);                                                                      \
    if (err_ != hipSuccess) {                                                                      \
      std::fprintf(stderr, "FAIL %s:%d: %s: %s\n", __FILE__, __LINE__, #expr, hipGetErrorString(err_)); \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

static inline bool close_enough(double got, double want, double tol) {
  return std::fabs(got - want) <= tol * (1.0 + std::fabs(want));
}

static inline int finish(const char* name, int errors) {
  if (errors == 0) {
    std::printf("PASS %s\n", name);
    return 0;
  }
  std::printf("FAIL %s: %d mismatches\n", name, errors);
  return 1;
}
