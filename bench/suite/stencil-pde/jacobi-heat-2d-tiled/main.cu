// Explicit 2-D heat equation, Jacobi-style update with ping-pong buffers:
//   u'(i,j) = u + r * (u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1) - 4u)
// Each block stages its tile plus a one-cell halo in shared memory. Block sizes are template
// parameters. Dirichlet boundaries: top edge held at 1, other edges at 0.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <utility>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                      \
    do {                                                                                      \
        cudaError_t e_ = (call);                                                              \
        if (e_ != cudaSuccess) {                                                              \
            fprintf(stderr, "CUDA %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
            exit(1);                                                                          \
        }                                                                                     \
    } while (0)

template <int BX, int BY>
__global__ void heat_step(const float* __restrict__ u, float* __restrict__ un, int nx, int ny, float r) {
    __shared__ float tile[BY + 2][BX + 2];
    const int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
    const int i = blockIdx.x * BX + threadIdx.x;  // column
    const int j = blockIdx.y * BY + threadIdx.y;  // row
    const int ic = min(i, nx - 1), jc = min(j, ny - 1);

    tile[ty][tx] = u[jc * nx + ic];
    if (threadIdx.x == 0) tile[ty][0] = u[jc * nx + max(ic - 1, 0)];
    if (threadIdx.x == BX - 1) tile[ty][BX + 1] = u[jc * nx + min(ic + 1, nx - 1)];
    if (threadIdx.y == 0) tile[0][tx] = u[max(jc - 1, 0) * nx + ic];
    if (threadIdx.y == BY - 1) tile[BY + 1][tx] = u[min(jc + 1, ny - 1) * nx + ic];
    __syncthreads();

    if (i >= nx || j >= ny) return;
    if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1) {
        un[j * nx + i] = tile[ty][tx];  // boundary values stay fixed
        return;
    }
    const float c = tile[ty][tx];
    const float lap = tile[ty][tx - 1] + tile[ty][tx + 1] + tile[ty - 1][tx] + tile[ty + 1][tx] - 4.0f * c;
    un[j * nx + i] = c + r * lap;
}

static void cpu_step(const std::vector<double>& u, std::vector<double>& un, int nx, int ny, double r) {
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            size_t k = (size_t)j * nx + i;
            if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1) {
                un[k] = u[k];
                continue;
            }
            un[k] = u[k] + r * (u[k - 1] + u[k + 1] + u[k - nx] + u[k + nx] - 4.0 * u[k]);
        }
}

int main(int argc, char** argv) {
    const int nx = argc > 1 ? atoi(argv[1]) : 512;
    const int ny = argc > 2 ? atoi(argv[2]) : 512;
    const int steps = argc > 3 ? atoi(argv[3]) : 400;
    const float r = 0.2f;  // alpha*dt/dx^2, stable for r <= 0.25
    const size_t n = (size_t)nx * ny;

    std::vector<float> h(n, 0.0f);
    uint32_t seed = 17u;
    for (int j = 1; j < ny - 1; ++j)
        for (int i = 1; i < nx - 1; ++i) {
            seed = seed * 1664525u + 1013904223u;
            h[(size_t)j * nx + i] = 0.25f * (float)(seed >> 8) / 16777216.0f;
        }
    for (int i = 0; i < nx; ++i) h[i] = 1.0f;  // hot top edge (row 0)

    float *d_a, *d_b;
    CUDA_CHECK(cudaMalloc(&d_a, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_b, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_a, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    constexpr int BX = 32, BY = 8;
    dim3 block(BX, BY), grid((nx + BX - 1) / BX, (ny + BY - 1) / BY);
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    for (int s = 0; s < steps; ++s) {
        heat_step<BX, BY><<<grid, block>>>(d_a, d_b, nx, ny, r);
        std::swap(d_a, d_b);
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<float> res(n);
    CUDA_CHECK(cudaMemcpy(res.data(), d_a, n * sizeof(float), cudaMemcpyDeviceToHost));

    std::vector<double> u(h.begin(), h.end()), un(n);
    for (int s = 0; s < steps; ++s) {
        cpu_step(u, un, nx, ny, (double)r);
        u.swap(un);
    }
    double max_err = 0, total = 0;
    for (size_t k = 0; k < n; ++k) {
        max_err = std::max(max_err, std::fabs(res[k] - u[k]));
        total += res[k];
    }
    const bool ok = max_err < 1e-4;

    printf("RESULT total_heat %.9g\n", total);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", res[(size_t)1 * nx + nx / 2], res[(size_t)4 * nx + nx / 2],
           res[(size_t)(ny / 2) * nx + nx / 2], res[(size_t)(ny - 2) * nx + 3]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g after %d steps\n", max_err, steps);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_a);
    cudaFree(d_b);
    return ok ? 0 : 1;
}
