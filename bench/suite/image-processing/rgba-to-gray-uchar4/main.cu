// RGBA -> grayscale -> RGBA round trip on an 8-bit image.
// Kernel 1 reads one uchar4 pixel per iteration (grid-stride loop) and writes one gray byte.
// Kernel 2 reads four gray bytes at once as a uchar4 and expands them back to four RGBA pixels.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                      \
    do {                                                                                      \
        cudaError_t err_ = (call);                                                            \
        if (err_ != cudaSuccess) {                                                            \
            fprintf(stderr, "CUDA error '%s' at %s:%d\n", cudaGetErrorString(err_), __FILE__, \
                    __LINE__);                                                                \
            exit(EXIT_FAILURE);                                                               \
        }                                                                                     \
    } while (0)

// ITU-R BT.601 luma in 8.8 fixed point: 0.299, 0.587, 0.114 -> 77, 150, 29 (sum 256).
__host__ __device__ inline unsigned char luma(unsigned char r, unsigned char g, unsigned char b) {
    return (unsigned char)((77u * r + 150u * g + 29u * b + 128u) >> 8);
}

__global__ void rgba_to_gray(const uchar4* __restrict__ rgba, unsigned char* __restrict__ gray, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        uchar4 p = rgba[i];
        gray[i] = luma(p.x, p.y, p.z);
    }
}

// Each thread handles four consecutive gray pixels through one 32-bit load.
// Alpha is taken from the original image so the round trip keeps transparency.
__global__ void gray_to_rgba_vec4(const uchar4* __restrict__ gray4, const uchar4* __restrict__ src,
                                  uchar4* __restrict__ out, int n4) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x) {
        uchar4 g = gray4[i];
        int base = 4 * i;
        out[base + 0] = make_uchar4(g.x, g.x, g.x, src[base + 0].w);
        out[base + 1] = make_uchar4(g.y, g.y, g.y, src[base + 1].w);
        out[base + 2] = make_uchar4(g.z, g.z, g.z, src[base + 2].w);
        out[base + 3] = make_uchar4(g.w, g.w, g.w, src[base + 3].w);
    }
}

static uint32_t g_seed = 2024u;
static inline uint32_t lcg() {
    g_seed = g_seed * 1664525u + 1013904223u;
    return g_seed;
}

int main(int argc, char** argv) {
    int width = 3840, height = 2160;
    if (argc > 2) {
        width = atoi(argv[1]);
        height = atoi(argv[2]);
    }
    const int n = width * height;
    if (n % 4 != 0) {
        fprintf(stderr, "pixel count must be a multiple of 4\n");
        return EXIT_FAILURE;
    }

    std::vector<uchar4> h_rgba(n);
    for (int i = 0; i < n; ++i) {
        uint32_t r = lcg();
        h_rgba[i] = make_uchar4(r >> 24, (r >> 16) & 0xff, (r >> 8) & 0xff, (lcg() >> 24) | 0x80);
    }

    uchar4 *d_rgba, *d_out;
    unsigned char* d_gray;
    CUDA_CHECK(cudaMalloc(&d_rgba, n * sizeof(uchar4)));
    CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(uchar4)));
    CUDA_CHECK(cudaMalloc(&d_gray, n));
    CUDA_CHECK(cudaMemcpy(d_rgba, h_rgba.data(), n * sizeof(uchar4), cudaMemcpyHostToDevice));

    int device = 0, sms = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    const int threads = 256;
    const int blocks = sms * 8;

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    rgba_to_gray<<<blocks, threads>>>(d_rgba, d_gray, n);
    CUDA_CHECK(cudaGetLastError());
    gray_to_rgba_vec4<<<blocks, threads>>>(reinterpret_cast<const uchar4*>(d_gray), d_rgba, d_out, n / 4);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<unsigned char> h_gray(n);
    std::vector<uchar4> h_out(n);
    CUDA_CHECK(cudaMemcpy(h_gray.data(), d_gray, n, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, n * sizeof(uchar4), cudaMemcpyDeviceToHost));

    long long mismatches = 0;
    uint64_t sum = 0, hash = 1469598103934665603ull;
    for (int i = 0; i < n; ++i) {
        unsigned char ref = luma(h_rgba[i].x, h_rgba[i].y, h_rgba[i].z);
        const uchar4 o = h_out[i];
        if (h_gray[i] != ref || o.x != ref || o.y != ref || o.z != ref || o.w != h_rgba[i].w) ++mismatches;
        sum += h_gray[i];
        hash = (hash ^ h_gray[i]) * 1099511628211ull;
    }

    printf("RESULT gray_sum %llu\n", (unsigned long long)sum);
    printf("RESULT gray_hash %llu\n", (unsigned long long)hash);
    printf("RESULT samples %d %d %d %d %d\n", h_gray[0], h_gray[n / 3], h_gray[n / 2], h_gray[n - 7],
           h_gray[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    if (mismatches) fprintf(stderr, "%lld mismatching pixels\n", mismatches);
    printf("%s\n", mismatches == 0 ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_rgba));
    CUDA_CHECK(cudaFree(d_out));
    CUDA_CHECK(cudaFree(d_gray));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    return mismatches == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
