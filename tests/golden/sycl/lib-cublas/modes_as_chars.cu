// The CUDA library samples' cublas_utils.h prints matrices by fill mode; side and diagonal modes are passed
// around the same way. In SYCL they are the BLAS letters, as the operations are.
#include <cstdio>
#include <cublas_v2.h>

void print_mode(cublasFillMode_t uplo, cublasSideMode_t side, cublasDiagType_t diag) {
  printf("%c %c %c\n", uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : uplo == CUBLAS_FILL_MODE_UPPER ? 'U' : 'F',
         side == CUBLAS_SIDE_LEFT ? 'L' : 'R', diag == CUBLAS_DIAG_UNIT ? 'U' : 'N');
}

int main() {
  print_mode(CUBLAS_FILL_MODE_UPPER, CUBLAS_SIDE_RIGHT, CUBLAS_DIAG_NON_UNIT);
  return 0;
}
