// hipSPARSE generic API: y = A * x for a CSR matrix (a tridiagonal -1, 2, -1 stencil).
#include "check.h"

#include <hipsparse/hipsparse.h>

#include <vector>

#define SPARSE_OK(expr) errors += (expr) != HIPSPARSE_STATUS_SUCCESS

int main() {
  const int n = 100;
  std::vector<int> row_ptr(n + 1), cols;
  std::vector<float> vals, x(n), y(n);
  for (int r = 0; r < n; ++r) {
    row_ptr[r] = (int)cols.size();
    for (int c = r - 1; c <= r + 1; ++c)
      if (c >= 0 && c < n) {
        cols.push_back(c);
        vals.push_back(c == r ? 2.0f : -1.0f);
      }
    x[r] = (float)(r * r % 17);
  }
  row_ptr[n] = (int)cols.size();
  const int nnz = (int)cols.size();
  int *d_rows, *d_cols;
  float *d_vals, *d_x, *d_y;
  HIP_CHECK(hipMalloc(&d_rows, (n + 1) * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_cols, nnz * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_vals, nnz * sizeof(float)));
  HIP_CHECK(hipMalloc(&d_x, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&d_y, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(d_rows, row_ptr.data(), (n + 1) * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_cols, cols.data(), nnz * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_vals, vals.data(), nnz * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_x, x.data(), n * sizeof(float), hipMemcpyHostToDevice));

  int errors = 0;
  hipsparseHandle_t handle;
  SPARSE_OK(hipsparseCreate(&handle));
  hipsparseSpMatDescr_t mat;
  hipsparseDnVecDescr_t vx, vy;
  SPARSE_OK(hipsparseCreateCsr(&mat, n, n, nnz, d_rows, d_cols, d_vals, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                               HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F));
  SPARSE_OK(hipsparseCreateDnVec(&vx, n, d_x, HIP_R_32F));
  SPARSE_OK(hipsparseCreateDnVec(&vy, n, d_y, HIP_R_32F));
  const float alpha = 1.0f, beta = 0.0f;
  size_t bytes = 0;
  SPARSE_OK(hipsparseSpMV_bufferSize(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vx, &beta, vy, HIP_R_32F,
                                     HIPSPARSE_SPMV_ALG_DEFAULT, &bytes));
  void* buffer = nullptr;
  HIP_CHECK(hipMalloc(&buffer, bytes > 0 ? bytes : 1));
  SPARSE_OK(hipsparseSpMV(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vx, &beta, vy, HIP_R_32F,
                          HIPSPARSE_SPMV_ALG_DEFAULT, buffer));
  HIP_CHECK(hipMemcpy(y.data(), d_y, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int r = 0; r < n; ++r) {
    float want = 2 * x[r] - (r > 0 ? x[r - 1] : 0) - (r + 1 < n ? x[r + 1] : 0);
    errors += y[r] != want;
  }
  SPARSE_OK(hipsparseDestroySpMat(mat));
  SPARSE_OK(hipsparseDestroyDnVec(vx));
  SPARSE_OK(hipsparseDestroyDnVec(vy));
  SPARSE_OK(hipsparseDestroy(handle));
  HIP_CHECK(hipFree(buffer));
  HIP_CHECK(hipFree(d_rows));
  HIP_CHECK(hipFree(d_cols));
  HIP_CHECK(hipFree(d_vals));
  HIP_CHECK(hipFree(d_x));
  HIP_CHECK(hipFree(d_y));
  return finish("hipsparse_spmv", errors);
}
