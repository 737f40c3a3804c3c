// The legacy cuBLAS API: no handle, scalars by value. hipBLAS has only the handle API.
#include <hip/hip_runtime.h>
#include "cublas.h"

void scale(float *d_x, int n, float alpha) {
  cublasInit();
  cublasSscal(n, alpha, d_x, 1);
  cublasShutdown();
}
