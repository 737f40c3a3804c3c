// cuFFT in standard SYCL (GP270): 1-D complex transforms (a power-of-two and another length, batched,
// forward then inverse), a 2-D real-to-complex transform and back, and an advanced-layout plan. It prints
// every result; tests/test_sycl_libs_run.py checks them against numpy's FFT.
#include <cufft.h>
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>

#define CHECK_FFT(call)                                                   \
    do {                                                                  \
        cufftResult status = (call);                                      \
        if (status != CUFFT_SUCCESS) {                                    \
            fprintf(stderr, "cuFFT error %d at line %d\n", status, __LINE__); \
            return 1;                                                     \
        }                                                                 \
    } while (0)

static void print_complex(const char *name, const cufftDoubleComplex *d, int n) {
    cufftDoubleComplex h[64];
    cudaMemcpy(h, d, n * sizeof(cufftDoubleComplex), cudaMemcpyDeviceToHost);
    printf("%s", name);
    for (int i = 0; i < n; ++i) printf(" %.9g %.9g", h[i].x, h[i].y);
    printf("\n");
}

int main() {
    // 1-D, batch 2, lengths 8 and 6: forward, then inverse (unnormalised: n times the input)
    for (int n = 8; n >= 6; n -= 2) {
        cufftDoubleComplex h[16];
        for (int i = 0; i < 2 * n; ++i) {
            h[i].x = sin(0.37 * i + 0.1);
            h[i].y = cos(1.3 * i);
        }
        cufftDoubleComplex *d;
        cudaMalloc(&d, 2 * n * sizeof(cufftDoubleComplex));
        cudaMemcpy(d, h, 2 * n * sizeof(cufftDoubleComplex), cudaMemcpyHostToDevice);
        cufftHandle plan;
        CHECK_FFT(cufftPlan1d(&plan, n, CUFFT_Z2Z, 2));
        CHECK_FFT(cufftExecZ2Z(plan, d, d, CUFFT_FORWARD));
        print_complex(n == 8 ? "fwd8" : "fwd6", d, 2 * n);
        CHECK_FFT(cufftExecZ2Z(plan, d, d, CUFFT_INVERSE));
        print_complex(n == 8 ? "inv8" : "inv6", d, 2 * n);
        cufftDestroy(plan);
        cudaFree(d);
    }
    // 2-D 4 x 6 real -> complex (4 x 4 half spectrum) and back
    double hr[24];
    for (int i = 0; i < 24; ++i) hr[i] = sin(0.37 * i + 0.1);
    cufftDoubleReal *r;
    cufftDoubleComplex *z;
    cudaMalloc(&r, sizeof(hr));
    cudaMalloc(&z, 16 * sizeof(cufftDoubleComplex));
    cudaMemcpy(r, hr, sizeof(hr), cudaMemcpyHostToDevice);
    cufftHandle forward, backward;
    CHECK_FFT(cufftPlan2d(&forward, 4, 6, CUFFT_D2Z));
    CHECK_FFT(cufftPlan2d(&backward, 4, 6, CUFFT_Z2D));
    CHECK_FFT(cufftExecD2Z(forward, r, z));
    print_complex("r2c", z, 16);
    CHECK_FFT(cufftExecZ2D(backward, z, r));
    cudaMemcpy(hr, r, sizeof(hr), cudaMemcpyDeviceToHost);
    printf("c2r");
    for (int i = 0; i < 24; ++i) printf(" %.9g", hr[i]);
    printf("\n");
    // advanced layout: 3 transforms of 8, input every 2nd element, 17 apart; packed output
    int n[1] = {8}, inembed[1] = {8}, onembed[1] = {8};
    cufftDoubleComplex hm[51];
    for (int i = 0; i < 51; ++i) {
        hm[i].x = sin(0.37 * i + 0.1);
        hm[i].y = cos(1.3 * i);
    }
    cufftDoubleComplex *in, *out;
    cudaMalloc(&in, sizeof(hm));
    cudaMalloc(&out, 24 * sizeof(cufftDoubleComplex));
    cudaMemcpy(in, hm, sizeof(hm), cudaMemcpyHostToDevice);
    cufftHandle many;
    size_t work = 1;
    CHECK_FFT(cufftCreate(&many));
    CHECK_FFT(cufftMakePlanMany(many, 1, n, inembed, 2, 17, onembed, 1, 8, CUFFT_Z2Z, 3, &work));
    CHECK_FFT(cufftExecZ2Z(many, in, out, CUFFT_FORWARD));
    print_complex("many", out, 24);
    printf("work %zu\n", work);
    cufftDestroy(forward);
    cufftDestroy(backward);
    cufftDestroy(many);
    return 0;
}
