// gpuport: hip_version=6.3
#include <cuda.h>
#include <cuda_runtime.h>
#include <cusparse.h>

void run(cusparseHandle_t h, cusparseSpMatDescr_t A, cusparseDnMatDescr_t B, cusparseDnMatDescr_t C,
         cusparseSpSMDescr_t d, const float *alpha, CUfunction f, CUoccupancyB2DSize cb) {
  cudaEvent_t ev;
  cudaEventCreate(&ev);                          // no flags: stays hipEventCreate
  cudaEventCreate(&ev, cudaEventDisableTiming);  // HIP has no flags overload
  void *fn = nullptr;
  cudaDriverEntryPointQueryResult status;
  cudaGetDriverEntryPoint("cuMemAlloc", &fn, cudaEnableDefault, &status);
  cusparseSpSM_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, A, B, C,
                     CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, d);
  int grid = 0, block = 0;
  cuOccupancyMaxPotentialBlockSize(&grid, &block, f, NULL, 0, 0);
  cuOccupancyMaxPotentialBlockSize(&grid, &block, f, cb, 0, 0);
}
