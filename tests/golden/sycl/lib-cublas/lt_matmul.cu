// cuBLASLt as llm.c calls it: descriptors, layouts, a preference, the heuristic, and matmuls with the
// bias and GELU-bias epilogues; one batched with strides, one with row-major layouts, one scaled per row. Every result row
// is printed for the run test to check against numpy.
#include <cstdio>
#include <cublasLt.h>
#include <cuda_runtime.h>

#define CHECK(x) do { cublasStatus_t s = (x); if (s != CUBLAS_STATUS_SUCCESS) { printf("status %d at %d\n", (int)s, __LINE__); return 1; } } while (0)

static void fill(float *h, int n, int seed) {
    for (int i = 0; i < n; i++) h[i] = (float)((i * 7 + seed * 3) % 11) / 8.0f - 0.6f;
}

static void print(const char *name, const float *d, int n) {
    float h[256];
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("%s", name);
    for (int i = 0; i < n; i++) printf(" %.6f", h[i]);
    printf("\n");
}

int main() {
    const int M = 5, N = 3, K = 4, BATCH = 2;  // D (M x N) = op(A) (M x K) op(B) (K x N)
    float hA[BATCH * K * M], hB[BATCH * K * N], hbias[M];
    fill(hA, BATCH * K * M, 1);
    fill(hB, BATCH * K * N, 2);
    fill(hbias, M, 3);
    float *A, *B, *bias, *D;
    cudaMalloc(&A, sizeof(hA));
    cudaMalloc(&B, sizeof(hB));
    cudaMalloc(&bias, sizeof(hbias));
    cudaMalloc(&D, BATCH * M * N * sizeof(float));
    cudaMemcpy(A, hA, sizeof(hA), cudaMemcpyHostToDevice);
    cudaMemcpy(B, hB, sizeof(hB), cudaMemcpyHostToDevice);
    cudaMemcpy(bias, hbias, sizeof(hbias), cudaMemcpyHostToDevice);

    cublasLtHandle_t lt;
    CHECK(cublasLtCreate(&lt));
    cublasLtMatmulDesc_t desc;
    cublasLtMatrixLayout_t aLayout, bLayout, dLayout;
    cublasLtMatmulPreference_t pref;
    cublasLtMatmulHeuristicResult_t heuristic;
    int returned = 0;
    size_t workspace = 1 << 20;
    cublasOperation_t opT = CUBLAS_OP_T, opN = CUBLAS_OP_N;
    cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_BIAS;
    CHECK(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT)));
    CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &opN, sizeof(opN)));
    CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue)));
    CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias)));
    // A stored K x M (transposed by the descriptor), B K x N, D M x N; column-major
    CHECK(cublasLtMatrixLayoutCreate(&aLayout, CUDA_R_32F, K, M, K));
    CHECK(cublasLtMatrixLayoutCreate(&bLayout, CUDA_R_32F, K, N, K));
    CHECK(cublasLtMatrixLayoutCreate(&dLayout, CUDA_R_32F, M, N, M));
    CHECK(cublasLtMatmulPreferenceCreate(&pref));
    CHECK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace,
                                               sizeof(workspace)));
    CHECK(cublasLtMatmulAlgoGetHeuristic(lt, desc, aLayout, bLayout, dLayout, dLayout, pref, 1, &heuristic,
                                         &returned));
    if (returned != 1) return 1;
    const float alpha = 1.0f, beta = 0.0f;
    CHECK(cublasLtMatmul(lt, desc, &alpha, A, aLayout, B, bLayout, &beta, D, dLayout, D, dLayout, &heuristic.algo,
                         NULL, 0, 0));
    print("bias", D, M * N);

    // GELU after the bias, alpha 0.5
    epilogue = CUBLASLT_EPILOGUE_GELU_BIAS;
    CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue)));
    const float half_alpha = 0.5f;
    CHECK(cublasLtMatmul(lt, desc, &half_alpha, A, aLayout, B, bLayout, &beta, D, dLayout, D, dLayout,
                         &heuristic.algo, NULL, 0, 0));
    print("gelu_bias", D, M * N);

    // Batched, no epilogue: two products stride K*M, K*N and M*N elements apart
    epilogue = CUBLASLT_EPILOGUE_DEFAULT;
    CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue)));
    int batch = BATCH;
    long long strideA = K * M, strideB = K * N, strideD = M * N;
    CHECK(cublasLtMatrixLayoutSetAttribute(aLayout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch)));
    CHECK(cublasLtMatrixLayoutSetAttribute(bLayout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch)));
    CHECK(cublasLtMatrixLayoutSetAttribute(dLayout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch)));
    CHECK(cublasLtMatrixLayoutSetAttribute(aLayout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideA,
                                           sizeof(strideA)));
    CHECK(cublasLtMatrixLayoutSetAttribute(bLayout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideB,
                                           sizeof(strideB)));
    CHECK(cublasLtMatrixLayoutSetAttribute(dLayout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideD,
                                           sizeof(strideD)));
    CHECK(cublasLtMatmul(lt, desc, &alpha, A, aLayout, B, bLayout, &beta, D, dLayout, D, dLayout, &heuristic.algo,
                         NULL, 0, 0));
    print("batched", D, BATCH * M * N);

    // Row-major layouts, no transposes: D (M x N) = A' (M x K) B' (K x N), with A' and B' read row by row
    cublasLtMatrixLayout_t rA, rB, rD;
    cublasLtOrder_t row = CUBLASLT_ORDER_ROW;
    CHECK(cublasLtMatrixLayoutCreate(&rA, CUDA_R_32F, M, K, K));
    CHECK(cublasLtMatrixLayoutCreate(&rB, CUDA_R_32F, K, N, N));
    CHECK(cublasLtMatrixLayoutCreate(&rD, CUDA_R_32F, M, N, N));
    CHECK(cublasLtMatrixLayoutSetAttribute(rA, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row)));
    CHECK(cublasLtMatrixLayoutSetAttribute(rB, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row)));
    CHECK(cublasLtMatrixLayoutSetAttribute(rD, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row)));
    CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &opN, sizeof(opN)));
    CHECK(cublasLtMatmul(lt, desc, &alpha, A, rA, B, rB, &beta, D, rD, D, rD, &heuristic.algo, NULL, 0, 0));
    print("rowmajor", D, M * N);

    // alpha a device vector, one scale per row of D, beta zero and not given (bitsandbytes' int8 path)
    cublasLtPointerMode_t vec = CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO;
    CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &vec, sizeof(vec)));
    CHECK(cublasLtMatmul(lt, desc, bias, A, rA, B, rB, NULL, D, rD, D, rD, &heuristic.algo, NULL, 0, 0));
    print("row_scaled", D, M * N);

    cublasLtMatrixLayoutDestroy(rA);
    cublasLtMatrixLayoutDestroy(rB);
    cublasLtMatrixLayoutDestroy(rD);
    cublasLtMatmulPreferenceDestroy(pref);
    cublasLtMatrixLayoutDestroy(aLayout);
    cublasLtMatrixLayoutDestroy(bLayout);
    cublasLtMatrixLayoutDestroy(dLayout);
    cublasLtMatmulDescDestroy(desc);
    cublasLtDestroy(lt);
    cudaFree(A);
    cudaFree(B);
    cudaFree(bias);
    cudaFree(D);
    return 0;
}
