// gpuport: hip_version=6.3
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

void run(hipsparseHandle_t h, hipsparseSpMatDescr_t A, hipsparseDnMatDescr_t B, hipsparseDnMatDescr_t C,
         hipsparseSpSMDescr_t d, const float *alpha, hipFunction_t f, CUoccupancyB2DSize cb) {
  hipEvent_t ev;
  hipEventCreate(&ev);                          // no flags: stays hipEventCreate
  hipEventCreateWithFlags(&ev, hipEventDisableTiming);  // HIP has no flags overload
  void *fn = nullptr;
  hipDriverProcAddressQueryResult status;
  hipGetProcAddress("cuMemAlloc", &fn, 603, cudaEnableDefault, &status);
  hipsparseSpSM_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE, alpha, A, B, C,
                     HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, d, nullptr);
  int grid = 0, block = 0;
  hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, f, 0, 0);
  hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, f, 0, 0);
}
