// Level-1 BLAS: y <- a*x + y, then dot(x, y), ||y||_2, y <- y / ||y||_2 and the index of the
// largest |y_i|. One dot runs in device pointer mode, leaving its result in device memory.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cublas_v2.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

#define CUBLAS_CHECK(call)                                                                \
    do {                                                                                  \
        cublasStatus_t st_ = (call);                                                      \
        if (st_ != CUBLAS_STATUS_SUCCESS) {                                               \
            fprintf(stderr, "cuBLAS error %d (%s) at %s:%d\n", (int)st_, #call, __FILE__, \
                    __LINE__);                                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

static bool close_to(double got, double ref, double scale, double rtol) {
    return fabs(got - ref) <= rtol * scale;
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 22;
    const float a = 0.5f;

    std::vector<float> x(n), y(n);
    uint32_t s = 4711u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        x[i] = (float)(s >> 8) / 16777216.0f;         // [0, 1)
        s = s * 1664525u + 1013904223u;
        y[i] = (float)(s >> 8) / 8388608.0f - 1.0f;   // [-1, 1)
    }
    y[n / 3] = 7.5f;  // a unique largest element for isamax

    float *d_x, *d_y, *d_dot;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_dot, sizeof(float)));
    cublasHandle_t h;
    CUBLAS_CHECK(cublasCreate(&h));
    CUBLAS_CHECK(cublasSetVector(n, sizeof(float), x.data(), 1, d_x, 1));
    CUBLAS_CHECK(cublasSetVector(n, sizeof(float), y.data(), 1, d_y, 1));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    float dot_host = 0.f, nrm = 0.f, dot_dev = 0.f;
    int imax = 0;

    CUDA_CHECK(cudaEventRecord(start));
    CUBLAS_CHECK(cublasSaxpy(h, n, &a, d_x, 1, d_y, 1));
    CUBLAS_CHECK(cublasSdot(h, n, d_x, 1, d_y, 1, &dot_host));  // host pointer mode: blocks
    CUBLAS_CHECK(cublasSnrm2(h, n, d_y, 1, &nrm));
    float inv = 1.0f / nrm;
    CUBLAS_CHECK(cublasSscal(h, n, &inv, d_y, 1));
    CUBLAS_CHECK(cublasIsamax(h, n, d_y, 1, &imax));  // 1-based
    CUBLAS_CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
    CUBLAS_CHECK(cublasSdot(h, n, d_y, 1, d_y, 1, d_dot));  // should be 1 after normalising
    CUBLAS_CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaMemcpy(&dot_dev, d_dot, sizeof(float), cudaMemcpyDeviceToHost));
    std::vector<float> y_out(n);
    CUBLAS_CHECK(cublasGetVector(n, sizeof(float), d_y, 1, y_out.data(), 1));

    // Double-precision reference of the same chain.
    std::vector<double> yr(n);
    double dot_ref = 0.0, dot_mag = 0.0, nrm2_ref = 0.0;
    for (int i = 0; i < n; ++i) {
        yr[i] = (double)a * x[i] + y[i];
        dot_ref += (double)x[i] * yr[i];
        dot_mag += fabs((double)x[i] * yr[i]);
        nrm2_ref += yr[i] * yr[i];
    }
    nrm2_ref = sqrt(nrm2_ref);
    int imax_ref = 0;
    for (int i = 1; i < n; ++i)
        if (fabs(yr[i]) > fabs(yr[imax_ref])) imax_ref = i;
    long bad = 0;
    for (int i = 0; i < n; ++i)
        // Scale by the operands of the axpy, not its result, which can cancel to ~0.
        if (fabs(y_out[i] - yr[i] / nrm2_ref) > 1e-5 * (fabs(a * x[i]) + fabs(y[i])) / nrm2_ref + 1e-9)
            ++bad;
    bool ok = bad == 0 && close_to(dot_host, dot_ref, dot_mag, 1e-5) &&
              close_to(nrm, nrm2_ref, nrm2_ref, 1e-5) && imax == imax_ref + 1 &&
              close_to(dot_dev, 1.0, 1.0, 1e-4);

    printf("RESULT dot_xy %.6g\n", dot_host);
    printf("RESULT nrm2_y %.6g\n", nrm);
    printf("RESULT isamax %d\n", imax);
    printf("RESULT dot_normalised %.6g\n", dot_dev);
    printf("RESULT samples %.6g %.6g %.6g\n", y_out[0], y_out[n / 3], y_out[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "dot %.6f (ref %.6f) nrm %.6f (ref %.6f) imax %d (ref %d) bad %ld\n", dot_host,
            dot_ref, nrm, nrm2_ref, imax, imax_ref + 1, bad);

    CUBLAS_CHECK(cublasDestroy(h));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
    CUDA_CHECK(cudaFree(d_dot));
    puts(ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
