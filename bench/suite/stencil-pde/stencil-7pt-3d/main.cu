// 7-point 3-D stencil (anisotropic diffusion step) on a 3-D grid of thread blocks.
// The stencil coefficients sit in constant memory; boundary cells are held fixed.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <utility>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(ans) gpu_assert((ans), __FILE__, __LINE__)
inline void gpu_assert(cudaError_t code, const char* file, int line) {
    if (code != cudaSuccess) {
        fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
        exit(code);
    }
}

struct StencilCoeffs {
    float center;
    float x, y, z;
};
__constant__ StencilCoeffs c_coef;

__global__ void stencil7(const float* __restrict__ in, float* __restrict__ out, int nx, int ny, int nz) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    const int k = blockIdx.z * blockDim.z + threadIdx.z;
    if (i >= nx || j >= ny || k >= nz) return;
    const size_t sy = nx, sz = (size_t)nx * ny;
    const size_t idx = k * sz + j * sy + i;
    if (i == 0 || j == 0 || k == 0 || i == nx - 1 || j == ny - 1 || k == nz - 1) {
        out[idx] = in[idx];
        return;
    }
    out[idx] = c_coef.center * in[idx] + c_coef.x * (in[idx - 1] + in[idx + 1]) +
               c_coef.y * (in[idx - sy] + in[idx + sy]) + c_coef.z * (in[idx - sz] + in[idx + sz]);
}

int main(int argc, char** argv) {
    const int nx = argc > 1 ? atoi(argv[1]) : 192;
    const int ny = argc > 2 ? atoi(argv[2]) : 160;
    const int nz = argc > 3 ? atoi(argv[3]) : 128;
    const int iters = argc > 4 ? atoi(argv[4]) : 12;
    const size_t n = (size_t)nx * ny * nz;

    StencilCoeffs coef;
    coef.x = 0.10f;
    coef.y = 0.08f;
    coef.z = 0.05f;
    coef.center = 1.0f - 2.0f * (coef.x + coef.y + coef.z);
    CUDA_CHECK(cudaMemcpyToSymbol(c_coef, &coef, sizeof(coef)));

    std::vector<float> h(n);
    uint32_t s = 5u;
    for (size_t q = 0; q < n; ++q) {
        s = s * 1664525u + 1013904223u;
        h[q] = (float)(s >> 9) / 8388608.0f;
    }

    float *d_u, *d_v;
    CUDA_CHECK(cudaMalloc(&d_u, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_v, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_u, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    dim3 block(32, 4, 4);
    dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y, (nz + block.z - 1) / block.z);
    cudaEvent_t a, b;
    CUDA_CHECK(cudaEventCreate(&a));
    CUDA_CHECK(cudaEventCreate(&b));
    CUDA_CHECK(cudaEventRecord(a));
    for (int it = 0; it < iters; ++it) {
        stencil7<<<grid, block>>>(d_u, d_v, nx, ny, nz);
        std::swap(d_u, d_v);
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(b));
    CUDA_CHECK(cudaEventSynchronize(b));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
    std::vector<float> res(n);
    CUDA_CHECK(cudaMemcpy(res.data(), d_u, n * sizeof(float), cudaMemcpyDeviceToHost));

    // CPU reference in double.
    std::vector<double> u(h.begin(), h.end()), v(n);
    const size_t sy = nx, sz = (size_t)nx * ny;
    for (int it = 0; it < iters; ++it) {
        for (int k = 0; k < nz; ++k)
            for (int j = 0; j < ny; ++j)
                for (int i = 0; i < nx; ++i) {
                    size_t q = k * sz + j * sy + i;
                    if (i == 0 || j == 0 || k == 0 || i == nx - 1 || j == ny - 1 || k == nz - 1) {
                        v[q] = u[q];
                        continue;
                    }
                    v[q] = (double)coef.center * u[q] + (double)coef.x * (u[q - 1] + u[q + 1]) +
                           (double)coef.y * (u[q - sy] + u[q + sy]) + (double)coef.z * (u[q - sz] + u[q + sz]);
                }
        u.swap(v);
    }
    double max_err = 0, sum = 0;
    for (size_t q = 0; q < n; ++q) {
        max_err = std::max(max_err, std::fabs(res[q] - u[q]));
        sum += res[q];
    }
    const bool ok = max_err < 1e-5;
    printf("RESULT sum %.9g\n", sum);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", res[sz + sy + 1], res[(nz / 2) * sz + (ny / 2) * sy + nx / 2],
           res[n / 3], res[n - sz - sy - 2]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g\n", max_err);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_u);
    cudaFree(d_v);
    return ok ? 0 : 1;
}
