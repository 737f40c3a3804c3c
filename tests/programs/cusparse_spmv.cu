// cuSPARSE generic API: y = A x for a CSR matrix.
#include <cstdio>
#include <cuda_runtime.h>
#include <cusparse.h>

int main() {
  const int rows = 4, cols = 4, nnz = 4;
  int h_offsets[] = {0, 1, 2, 3, 4}, h_columns[] = {0, 1, 2, 3};
  float h_values[] = {1, 2, 3, 4}, h_x[] = {1, 1, 1, 1};
  int *offsets, *columns;
  float *values, *x, *y;
  cudaMalloc(&offsets, sizeof(h_offsets));
  cudaMalloc(&columns, sizeof(h_columns));
  cudaMalloc(&values, sizeof(h_values));
  cudaMalloc(&x, sizeof(h_x));
  cudaMalloc(&y, rows * sizeof(float));
  cudaMemcpy(offsets, h_offsets, sizeof(h_offsets), cudaMemcpyHostToDevice);
  cudaMemcpy(columns, h_columns, sizeof(h_columns), cudaMemcpyHostToDevice);
  cudaMemcpy(values, h_values, sizeof(h_values), cudaMemcpyHostToDevice);
  cudaMemcpy(x, h_x, sizeof(h_x), cudaMemcpyHostToDevice);
  cusparseHandle_t handle;
  cusparseCreate(&handle);
  cusparseSpMatDescr_t mat;
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateCsr(&mat, rows, cols, nnz, offsets, columns, values, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vx, cols, x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, rows, y, CUDA_R_32F);
  float alpha = 1.0f, beta = 0.0f;
  size_t bytes = 0;
  cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vx, &beta, vy, CUDA_R_32F,
                          CUSPARSE_SPMV_ALG_DEFAULT, &bytes);
  void *buffer;
  cudaMalloc(&buffer, bytes);
  cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vx, &beta, vy, CUDA_R_32F,
               CUSPARSE_SPMV_ALG_DEFAULT, buffer);
  cusparseDestroySpMat(mat);
  cusparseDestroyDnVec(vx);
  cusparseDestroyDnVec(vy);
  cusparseDestroy(handle);
  float h_y[rows];
  cudaMemcpy(h_y, y, sizeof(h_y), cudaMemcpyDeviceToHost);
  printf("y = %f %f %f %f\n", h_y[0], h_y[1], h_y[2], h_y[3]);
  cudaFree(buffer);
  cudaFree(offsets);
  cudaFree(columns);
  cudaFree(values);
  cudaFree(x);
  cudaFree(y);
  return 0;
}
