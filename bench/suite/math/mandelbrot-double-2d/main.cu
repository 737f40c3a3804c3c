// Mandelbrot set escape-time image in double precision on a 2-D grid of 2-D blocks.
//
// The iteration is written with explicit fma() calls, both on the GPU and in the CPU reference. Left to
// itself the compiler may or may not contract x*x - y*y + cx into fused multiply-adds, and that changes the
// escape iteration of pixels on the boundary of the set. Spelling out every fused operation makes the
// result the same on any IEEE-754 machine, so the iteration counts compare exactly.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>

#define CHECK_CUDA(expr)                                                                   \
    do {                                                                                   \
        cudaError_t status_ = (expr);                                                      \
        if (status_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr,           \
                    cudaGetErrorString(status_));                                          \
            std::exit(1);                                                                  \
        }                                                                                  \
    } while (0)

struct View {
    double x0, y0;   // lower-left corner
    double dx, dy;   // pixel pitch
    int width, height;
    int max_iter;
};

__host__ __device__ inline int escape_time(double cx, double cy, int max_iter)
{
    double x = 0.0, y = 0.0;
    int it = 0;
    while (it < max_iter) {
        double y2 = y * y;
        if (fma(x, x, y2) > 4.0)
            break;
        double xt = fma(x, x, fma(-y, y, cx));
        y = fma(2.0 * x, y, cy);
        x = xt;
        ++it;
    }
    return it;
}

// The pixel centre is an fma too, for the same reason as the iteration.
__host__ __device__ inline double pixel_coord(int p, double origin, double pitch)
{
    return fma((double)p, pitch, origin);
}

__global__ void mandelbrot_kernel(View v, int *iters)
{
    const int px = blockIdx.x * blockDim.x + threadIdx.x;
    const int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= v.width || py >= v.height)
        return;
    const double cx = pixel_coord(px, v.x0, v.dx);
    const double cy = pixel_coord(py, v.y0, v.dy);
    iters[py * v.width + px] = escape_time(cx, cy, v.max_iter);
}

// One thread per row sums that row's iteration counts; the host prints some of these sums.
__global__ void row_sums_kernel(const int *iters, int width, int height, long long *sums)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= height)
        return;
    long long s = 0;
    for (int x = 0; x < width; ++x)
        s += iters[row * width + x];
    sums[row] = s;
}

int main(int argc, char **argv)
{
    View v;
    v.width = argc > 1 ? atoi(argv[1]) : 1024;
    v.height = argc > 2 ? atoi(argv[2]) : 768;
    v.max_iter = argc > 3 ? atoi(argv[3]) : 256;
    v.x0 = -2.25;
    v.y0 = -1.25;
    v.dx = 3.25 / v.width;
    v.dy = 2.5 / v.height;
    const size_t npix = (size_t)v.width * v.height;

    int *d_iters = nullptr;
    long long *d_sums = nullptr;
    CHECK_CUDA(cudaMalloc(&d_iters, npix * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_sums, v.height * sizeof(long long)));

    dim3 block(16, 16);
    dim3 grid((v.width + block.x - 1) / block.x, (v.height + block.y - 1) / block.y);

    cudaEvent_t t0, t1;
    CHECK_CUDA(cudaEventCreate(&t0));
    CHECK_CUDA(cudaEventCreate(&t1));
    CHECK_CUDA(cudaEventRecord(t0));
    mandelbrot_kernel<<<grid, block>>>(v, d_iters);
    CHECK_CUDA(cudaGetLastError());
    row_sums_kernel<<<(v.height + 127) / 128, 128>>>(d_iters, v.width, v.height, d_sums);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaEventRecord(t1));
    CHECK_CUDA(cudaEventSynchronize(t1));
    float ms = 0.f;
    CHECK_CUDA(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<int> h_iters(npix);
    std::vector<long long> h_sums(v.height);
    CHECK_CUDA(cudaMemcpy(h_iters.data(), d_iters, npix * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(h_sums.data(), d_sums, v.height * sizeof(long long), cudaMemcpyDeviceToHost));

    size_t mismatches = 0;
    long long total = 0, in_set = 0;
    for (int py = 0; py < v.height; ++py) {
        long long row = 0;
        for (int px = 0; px < v.width; ++px) {
            const int ref = escape_time(pixel_coord(px, v.x0, v.dx), pixel_coord(py, v.y0, v.dy), v.max_iter);
            const int got = h_iters[(size_t)py * v.width + px];
            if (ref != got && mismatches++ < 5)
                fprintf(stderr, "pixel (%d,%d): gpu %d cpu %d\n", px, py, got, ref);
            row += got;
            in_set += got == v.max_iter;
        }
        if (row != h_sums[py] && mismatches++ < 5)
            fprintf(stderr, "row %d sum: gpu %lld host %lld\n", py, h_sums[py], row);
        total += row;
    }
    const bool ok = mismatches == 0;

    printf("RESULT total_iterations %lld\n", total);
    printf("RESULT in_set %lld\n", in_set);
    printf("RESULT row_sums");
    for (int k = 0; k < 8; ++k)
        printf(" %lld", h_sums[(size_t)k * (v.height - 1) / 7]);
    printf("\n");
    printf("RESULT pixels %d %d %d\n", h_iters[0], h_iters[npix / 2 + v.width / 3],
           h_iters[(size_t)(v.height / 3) * v.width + v.width / 2]);
    printf("TIME_MS %.4f\n", ms);
    printf(ok ? "PASS\n" : "FAIL\n");

    CHECK_CUDA(cudaFree(d_iters));
    CHECK_CUDA(cudaFree(d_sums));
    CHECK_CUDA(cudaEventDestroy(t0));
    CHECK_CUDA(cudaEventDestroy(t1));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
