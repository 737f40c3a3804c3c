// The legacy cuBLAS API (cublas.h: no handle, scalars by value, level-1 results returned) in standard
// SYCL (GP254): GEMM with char ops in either case, GEMV, level-1 calls, cublasAlloc/Free and the
// Set/Get helpers. It prints every result; tests/test_sycl_libs_run.py checks them against numpy.
#include <cuda_runtime.h>
#include <cublas.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>

void cublasCheck(cublasStatus_t status, const char *fn_name) {
    if (status != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "cublas error returned %d from %s\n", status, fn_name);
        exit(EXIT_FAILURE);
    }
}

template <typename T> static void print(const char *name, const T *d, int n) {
    T h[64];
    cublasGetVector(n, sizeof(T), d, 1, h, 1);
    printf("%s", name);
    for (int i = 0; i < n; ++i) printf(" %.9g", (double)h[i]);
    printf("\n");
}

int main() {
    cublasCheck(cublasInit(), "cublasInit");
    const int m = 2, n = 3, k = 4;
    float hA[k * m], hB[k * n];  // A: k x m (used transposed), B: k x n
    for (int i = 0; i < k * m; ++i) hA[i] = sinf(0.3f * i + 0.2f);
    for (int i = 0; i < k * n; ++i) hB[i] = cosf(0.7f * i);
    float *A, *B, *C;
    cublasCheck(cublasAlloc(k * m, sizeof(float), (void **)&A), "cublasAlloc");
    cublasCheck(cublasAlloc(k * n, sizeof(float), (void **)&B), "cublasAlloc");
    cublasCheck(cublasAlloc(m * n, sizeof(float), (void **)&C), "cublasAlloc");
    cublasSetMatrix(k, m, sizeof(float), hA, k, A, k);
    cublasSetMatrix(k, n, sizeof(float), hB, k, B, k);
    // C = A^T B (alpha and beta given as int literals, as shoc's NeuralNet does)
    cublasSgemm('t', 'n', m, n, k, 1, A, k, B, k, 0, C, m);
    cublasCheck(cublasGetError(), "cublasSgemm");
    print("sgemm", C, m * n);

    double hA2[m * k], hB2[n * k], hC2[m * n];
    for (int i = 0; i < m * k; ++i) hA2[i] = 0.25 * i - 1.0;
    for (int i = 0; i < n * k; ++i) hB2[i] = 1.0 / (i + 1);
    for (int i = 0; i < m * n; ++i) hC2[i] = i;
    double *A2, *B2, *C2;
    cublasAlloc(m * k, sizeof(double), (void **)&A2);
    cublasAlloc(n * k, sizeof(double), (void **)&B2);
    cublasAlloc(m * n, sizeof(double), (void **)&C2);
    cublasSetVector(m * k, sizeof(double), hA2, 1, A2, 1);
    cublasSetVector(n * k, sizeof(double), hB2, 1, B2, 1);
    cublasSetVector(m * n, sizeof(double), hC2, 1, C2, 1);
    // C2 = 0.5 A2 B2^T + 2 C2
    cublasDgemm('N', 'T', m, n, k, 0.5, A2, m, B2, n, 2.0, C2, m);
    print("dgemm", C2, m * n);

    // y = A^T x (A: k x m) and y2 = 2 A2 x + y2 (A2: m x k)
    float hx4[k] = {1.0f, -2.0f, 0.5f, 3.0f};
    float *x4, *yv;
    cublasAlloc(k, sizeof(float), (void **)&x4);
    cublasAlloc(m, sizeof(float), (void **)&yv);
    cublasSetVector(k, sizeof(float), hx4, 1, x4, 1);
    cublasSgemv('t', k, m, 1.0f, A, k, x4, 1, 0.0f, yv, 1);
    print("sgemv", yv, m);
    double hy2[m] = {1.0, -1.0}, hxd[k] = {0.5, 1.5, -1.0, 2.0};
    double *xd, *y2;
    cublasAlloc(k, sizeof(double), (void **)&xd);
    cublasAlloc(m, sizeof(double), (void **)&y2);
    cublasSetVector(k, sizeof(double), hxd, 1, xd, 1);
    cublasSetVector(m, sizeof(double), hy2, 1, y2, 1);
    cublasDgemv('n', m, k, 2.0, A2, m, xd, 1, 1.0, y2, 1);
    print("dgemv", y2, m);

    // level 1 on x[i] = 0.5 i - 2 and y[i] = cos(i), 8 elements
    const int len = 8;
    float hx[len], hy[len];
    for (int i = 0; i < len; ++i) {
        hx[i] = 0.5f * i - 2.0f;
        hy[i] = cosf((float)i);
    }
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cublasSetKernelStream(stream);
    float *x, *y, *z;
    cublasAlloc(len, sizeof(float), (void **)&x);
    cublasAlloc(len, sizeof(float), (void **)&y);
    cublasAlloc(len, sizeof(float), (void **)&z);
    cublasSetVector(len, sizeof(float), hx, 1, x, 1);
    cublasSetVector(len, sizeof(float), hy, 1, y, 1);
    printf("isamax %d\nisamin %d\n", cublasIsamax(len, x, 1), cublasIsamin(len, x, 1));
    printf("sasum %.9g\nsnrm2 %.9g\n", cublasSasum(len, x, 1), cublasSnrm2(len, x, 1));
    cublasSaxpy(len, -1.5f, x, 1, y, 1);  // y -= 1.5 x
    cudaStreamSynchronize(stream);
    print("saxpy", y, len);
    printf("sdot %.9g\n", cublasSdot(len, x, 1, y, 1));
    cublasScopy(len, x, 1, z, 1);
    cublasSscal(len / 2, 2.0f, z, 2);  // z[0], z[2], ... doubled
    cublasSswap(len, y, 1, z, 1);
    cudaStreamSynchronize(stream);
    print("sswap_y", y, len);
    print("sswap_z", z, len);
    cublasSetKernelStream(0);

    double hd[len];
    for (int i = 0; i < len; ++i) hd[i] = 1.0 - 0.3 * i;
    double *d, *e;
    cublasAlloc(len, sizeof(double), (void **)&d);
    cublasAlloc(len, sizeof(double), (void **)&e);
    cublasSetVector(len, sizeof(double), hd, 1, d, 1);
    cublasDcopy(len, d, 1, e, 1);
    cublasDaxpy(len, 0.5, d, 1, e, 1);  // e = 1.5 d
    cublasDscal(len, -1.0, d, 1);
    cublasDswap(len, d, 1, e, 1);
    printf("ddot %.17g\ndnrm2 %.17g\ndasum %.17g\nidamax %d\nidamin %d\n", cublasDdot(len, d, 1, e, 1),
           cublasDnrm2(len, d, 1), cublasDasum(len, e, 1), cublasIdamax(len, e, 1), cublasIdamin(len, e, 1));
    double back[len];
    cublasGetMatrix(len, 1, sizeof(double), d, len, back, len);
    printf("dback");
    for (int i = 0; i < len; ++i) printf(" %.17g", back[i]);
    printf("\n");

    cublasFree(A);
    cublasFree(B);
    cublasFree(C);
    cublasFree(A2);
    cublasFree(B2);
    cublasFree(C2);
    cublasFree(x4);
    cublasFree(yv);
    cublasFree(xd);
    cublasFree(y2);
    cublasFree(x);
    cublasFree(y);
    cublasFree(z);
    cublasFree(d);
    cublasFree(e);
    cudaStreamDestroy(stream);
    cublasCheck(cublasShutdown(), "cublasShutdown");
    return 0;
}
