// 2-D linear advection u_t + a(x,y) u_x + b(x,y) u_y = 0 in a solid-body rotation field
// (a = -(y - 0.5), b = x - 0.5) with the first-order upwind scheme on a periodic unit square.
// A Gaussian blob is carried around the centre; the scheme is monotone, so the solution stays in [0, 1].
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <utility>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                                        \
    do {                                                                                     \
        cudaError_t rc_ = (x);                                                               \
        if (rc_ != cudaSuccess) {                                                            \
            fprintf(stderr, "CUDA error: %s at %s line %d\n", cudaGetErrorString(rc_),       \
                    __FILE__, __LINE__);                                                     \
            exit(EXIT_FAILURE);                                                              \
        }                                                                                    \
    } while (0)

constexpr int BX = 32;
constexpr int BY = 8;

__global__ void __launch_bounds__(BX * BY)
upwind_step(const float* __restrict__ u, float* __restrict__ un, int n, float h, float dt_over_h) {
    const int i = blockIdx.x * BX + threadIdx.x;
    const int j = blockIdx.y * BY + threadIdx.y;
    if (i >= n || j >= n) return;
    const float x = (i + 0.5f) * h, y = (j + 0.5f) * h;
    const float a = -(y - 0.5f), b = x - 0.5f;
    const int im = (i == 0) ? n - 1 : i - 1, ip = (i == n - 1) ? 0 : i + 1;
    const int jm = (j == 0) ? n - 1 : j - 1, jp = (j == n - 1) ? 0 : j + 1;
    const float c = u[j * n + i];
    // Backward difference where the wind blows in +x/+y, forward difference otherwise.
    const float dx = (a > 0.f) ? c - u[j * n + im] : u[j * n + ip] - c;
    const float dy = (b > 0.f) ? c - u[jm * n + i] : u[jp * n + i] - c;
    un[j * n + i] = fmaf(-dt_over_h, fmaf(a, dx, b * dy), c);
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 512;
    const int steps = argc > 2 ? atoi(argv[2]) : 300;
    const float h = 1.0f / n;
    const float dt = 0.45f * h / 0.7072f;  // CFL 0.45 against the maximum corner speed
    const float dt_over_h = dt / h;
    const size_t cells = (size_t)n * n;

    std::vector<float> u0(cells);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            double x = (i + 0.5) / n, y = (j + 0.5) / n;
            double r2 = (x - 0.7) * (x - 0.7) + (y - 0.5) * (y - 0.5);
            u0[(size_t)j * n + i] = (float)std::exp(-r2 / (2 * 0.05 * 0.05));
        }

    float *d_u, *d_un;
    CUDA_CHECK(cudaMalloc(&d_u, cells * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_un, cells * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_u, u0.data(), cells * sizeof(float), cudaMemcpyHostToDevice));

    dim3 block(BX, BY), grid((n + BX - 1) / BX, (n + BY - 1) / BY);
    cudaEvent_t e0, e1;
    CUDA_CHECK(cudaEventCreate(&e0));
    CUDA_CHECK(cudaEventCreate(&e1));
    CUDA_CHECK(cudaEventRecord(e0));
    for (int s = 0; s < steps; ++s) {
        upwind_step<<<grid, block>>>(d_u, d_un, n, h, dt_over_h);
        std::swap(d_u, d_un);
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(e1));
    CUDA_CHECK(cudaEventSynchronize(e1));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    std::vector<float> res(cells);
    CUDA_CHECK(cudaMemcpy(res.data(), d_u, cells * sizeof(float), cudaMemcpyDeviceToHost));

    // CPU reference in double, same wind directions (computed from the same float coordinates).
    std::vector<double> u(u0.begin(), u0.end()), un(cells);
    for (int s = 0; s < steps; ++s) {
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                float xf = (i + 0.5f) * h, yf = (j + 0.5f) * h;
                double a = -(yf - 0.5f), b = xf - 0.5f;
                int im = (i + n - 1) % n, ip = (i + 1) % n, jm = (j + n - 1) % n, jp = (j + 1) % n;
                double c = u[(size_t)j * n + i];
                double dx = (a > 0) ? c - u[(size_t)j * n + im] : u[(size_t)j * n + ip] - c;
                double dy = (b > 0) ? c - u[(size_t)jm * n + i] : u[(size_t)jp * n + i] - c;
                un[(size_t)j * n + i] = c - (double)dt_over_h * (a * dx + b * dy);
            }
        u.swap(un);
    }
    double max_err = 0, mass = 0, peak = 0;
    for (size_t k = 0; k < cells; ++k) {
        max_err = std::max(max_err, std::fabs(res[k] - u[k]));
        mass += res[k];
        peak = std::max(peak, (double)res[k]);
    }
    const bool ok = max_err < 1e-4;
    printf("RESULT mass %.9g\n", mass * h * h);
    printf("RESULT peak %.6g\n", peak);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", res[(size_t)(n / 2) * n + (int)(0.7 * n)],
           res[(size_t)(int)(0.6 * n) * n + (int)(0.65 * n)], res[(size_t)(n / 2) * n + n / 2], res[cells / 5]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g\n", max_err);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_u);
    cudaFree(d_un);
    return ok ? 0 : 1;
}
