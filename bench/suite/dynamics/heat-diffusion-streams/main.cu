// Explicit heat diffusion on several independent plates, one CUDA stream per plate. Each stream
// copies its plate from pinned host memory, runs its time steps, and copies the result back
// asynchronously, so copies of one plate overlap with compute on another. Events time each
// stream and the whole batch.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <utility>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t rc = (call);                                                           \
        if (rc != cudaSuccess) {                                                           \
            fprintf(stderr, "CUDA error \"%s\" at %s:%d\n", cudaGetErrorString(rc), __FILE__, __LINE__); \
            exit(EXIT_FAILURE);                                                            \
        }                                                                                  \
    } while (0)

#define NSTREAMS 4

// One explicit step with insulated (zero-flux) edges: out-of-range neighbours mirror the centre.
__global__ void diffuse(const float* __restrict__ u, float* __restrict__ un, int nx, int ny, float r) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    const int k = j * nx + i;
    const float c = u[k];
    const float w = i > 0 ? u[k - 1] : c;
    const float e = i < nx - 1 ? u[k + 1] : c;
    const float s = j > 0 ? u[k - nx] : c;
    const float n = j < ny - 1 ? u[k + nx] : c;
    un[k] = c + r * (w + e + s + n - 4.f * c);
}

int main(int argc, char** argv) {
    const int nx = argc > 1 ? atoi(argv[1]) : 512;
    const int ny = argc > 2 ? atoi(argv[2]) : 512;
    const int steps = argc > 3 ? atoi(argv[3]) : 100;
    const size_t cells = (size_t)nx * ny, bytes = cells * sizeof(float);
    const float rates[NSTREAMS] = {0.05f, 0.10f, 0.15f, 0.24f};  // diffusion numbers (stable <= 0.25)

    float* h_plates;  // pinned, NSTREAMS plates back to back
    CUDA_CHECK(cudaMallocHost(&h_plates, NSTREAMS * bytes));
    for (int p = 0; p < NSTREAMS; ++p)
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i) {
                // A hot disc whose position depends on the plate, on a cold background.
                float cx = nx * (0.3f + 0.1f * p), cy = ny * 0.5f, rad = 0.1f * nx;
                float d2 = (i - cx) * (i - cx) + (j - cy) * (j - cy);
                h_plates[p * cells + (size_t)j * nx + i] = d2 < rad * rad ? 100.f : 10.f;
            }
    std::vector<float> initial(h_plates, h_plates + NSTREAMS * cells);

    cudaStream_t streams[NSTREAMS];
    cudaEvent_t s_start[NSTREAMS], s_stop[NSTREAMS];
    float *d_a[NSTREAMS], *d_b[NSTREAMS];
    for (int p = 0; p < NSTREAMS; ++p) {
        CUDA_CHECK(cudaStreamCreate(&streams[p]));
        CUDA_CHECK(cudaEventCreate(&s_start[p]));
        CUDA_CHECK(cudaEventCreate(&s_stop[p]));
        CUDA_CHECK(cudaMalloc(&d_a[p], bytes));
        CUDA_CHECK(cudaMalloc(&d_b[p], bytes));
    }
    cudaEvent_t all_start, all_stop;
    CUDA_CHECK(cudaEventCreate(&all_start));
    CUDA_CHECK(cudaEventCreate(&all_stop));

    dim3 block(32, 8), grid((nx + 31) / 32, (ny + 7) / 8);
    CUDA_CHECK(cudaEventRecord(all_start, 0));
    for (int p = 0; p < NSTREAMS; ++p) {
        CUDA_CHECK(cudaStreamWaitEvent(streams[p], all_start, 0));
        CUDA_CHECK(cudaEventRecord(s_start[p], streams[p]));
        CUDA_CHECK(cudaMemcpyAsync(d_a[p], h_plates + p * cells, bytes, cudaMemcpyHostToDevice, streams[p]));
        for (int t = 0; t < steps; ++t) {
            diffuse<<<grid, block, 0, streams[p]>>>(d_a[p], d_b[p], nx, ny, rates[p]);
            std::swap(d_a[p], d_b[p]);
        }
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaMemcpyAsync(h_plates + p * cells, d_a[p], bytes, cudaMemcpyDeviceToHost, streams[p]));
        CUDA_CHECK(cudaEventRecord(s_stop[p], streams[p]));
    }
    for (int p = 0; p < NSTREAMS; ++p) CUDA_CHECK(cudaStreamWaitEvent(0, s_stop[p], 0));
    CUDA_CHECK(cudaEventRecord(all_stop, 0));
    CUDA_CHECK(cudaEventSynchronize(all_stop));
    float total_ms;
    CUDA_CHECK(cudaEventElapsedTime(&total_ms, all_start, all_stop));
    for (int p = 0; p < NSTREAMS; ++p) {
        float ms;
        CUDA_CHECK(cudaEventElapsedTime(&ms, s_start[p], s_stop[p]));
        fprintf(stderr, "stream %d: %.3f ms\n", p, ms);
    }

    // CPU reference in double, plate by plate; heat is conserved with zero-flux edges.
    bool ok = true;
    std::vector<double> u(cells), un(cells);
    for (int p = 0; p < NSTREAMS; ++p) {
        for (size_t k = 0; k < cells; ++k) u[k] = initial[p * cells + k];
        for (int t = 0; t < steps; ++t) {
            for (int j = 0; j < ny; ++j)
                for (int i = 0; i < nx; ++i) {
                    size_t k = (size_t)j * nx + i;
                    double c = u[k];
                    double w = i > 0 ? u[k - 1] : c, e = i < nx - 1 ? u[k + 1] : c;
                    double s = j > 0 ? u[k - nx] : c, n = j < ny - 1 ? u[k + nx] : c;
                    un[k] = c + rates[p] * (w + e + s + n - 4 * c);
                }
            u.swap(un);
        }
        double max_err = 0, heat = 0, peak = 0;
        const float* g = h_plates + p * cells;
        for (size_t k = 0; k < cells; ++k) {
            max_err = std::max(max_err, std::fabs(g[k] - u[k]));
            heat += g[k];
            peak = std::max(peak, (double)g[k]);
        }
        if (max_err > 1e-3) ok = false;
        printf("RESULT plate%d %.9g %.6g %.6g\n", p, heat / cells, peak, g[(size_t)(ny / 2) * nx + (int)(nx * (0.4f + 0.1f * p))]);  // just outside the disc edge
        fprintf(stderr, "plate %d max abs error %.3g\n", p, max_err);
    }
    printf("TIME_MS %.4f\n", total_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");
    for (int p = 0; p < NSTREAMS; ++p) {
        cudaFree(d_a[p]);
        cudaFree(d_b[p]);
        cudaStreamDestroy(streams[p]);
        cudaEventDestroy(s_start[p]);
        cudaEventDestroy(s_stop[p]);
    }
    cudaFreeHost(h_plates);
    return ok ? 0 : 1;
}
