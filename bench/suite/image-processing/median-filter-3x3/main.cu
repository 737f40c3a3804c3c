// 3x3 median filter for salt-and-pepper noise on an 8-bit image. The image is read through a
// texture object over a cudaArray (point sampling, clamp addressing handles the borders);
// the median of nine comes from a fixed min/max exchange network.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cstring>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t rc = (call);                                                           \
        if (rc != cudaSuccess) {                                                           \
            fprintf(stderr, "%s failed: %s (%s:%d)\n", #call, cudaGetErrorString(rc),      \
                    __FILE__, __LINE__);                                                   \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#define SORT2(a, b)                 \
    {                               \
        unsigned int lo = min(a, b); \
        unsigned int hi = max(a, b); \
        a = lo;                     \
        b = hi;                     \
    }

// Paeth's 19-exchange network: after it, p[4] is the median of p[0..8].
__device__ __forceinline__ unsigned int median9(unsigned int p[9]) {
    SORT2(p[1], p[2]); SORT2(p[4], p[5]); SORT2(p[7], p[8]);
    SORT2(p[0], p[1]); SORT2(p[3], p[4]); SORT2(p[6], p[7]);
    SORT2(p[1], p[2]); SORT2(p[4], p[5]); SORT2(p[7], p[8]);
    SORT2(p[0], p[3]); SORT2(p[5], p[8]); SORT2(p[4], p[7]);
    SORT2(p[3], p[6]); SORT2(p[1], p[4]); SORT2(p[2], p[5]);
    SORT2(p[4], p[7]); SORT2(p[4], p[2]); SORT2(p[6], p[4]);
    SORT2(p[4], p[2]);
    return p[4];
}

__global__ void median3x3(cudaTextureObject_t tex, unsigned char* __restrict__ out, int w, int h) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    unsigned int p[9];
    int k = 0;
#pragma unroll
    for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
        for (int dx = -1; dx <= 1; ++dx)
            p[k++] = tex2D<unsigned char>(tex, x + dx + 0.5f, y + dy + 0.5f);
    out[(size_t)y * w + x] = (unsigned char)median9(p);
}

int main(int argc, char** argv) {
    const int w = argc > 1 ? atoi(argv[1]) : 2560;
    const int h = argc > 2 ? atoi(argv[2]) : 1600;
    const size_t n = (size_t)w * h;

    std::vector<unsigned char> img(n);
    uint32_t s = 0xC0FFEEu;
    auto next = [&]() { s = s * 1664525u + 1013904223u; return s >> 8; };
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            unsigned v = (unsigned)((x * 3 + y * 2) & 0xff);  // gradient ramp
            unsigned r = next() % 100;
            if (r < 5) v = 0;                                  // pepper
            else if (r < 10) v = 255;                          // salt
            img[(size_t)y * w + x] = (unsigned char)v;
        }

    cudaChannelFormatDesc cd = cudaCreateChannelDesc<unsigned char>();
    cudaArray_t arr = nullptr;
    CUDA_CHECK(cudaMallocArray(&arr, &cd, w, h));
    CUDA_CHECK(cudaMemcpy2DToArray(arr, 0, 0, img.data(), w, w, h, cudaMemcpyHostToDevice));
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof(rd));
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = arr;
    cudaTextureDesc td;
    memset(&td, 0, sizeof(td));
    td.addressMode[0] = cudaAddressModeClamp;
    td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = 0;
    cudaTextureObject_t tex;
    CUDA_CHECK(cudaCreateTextureObject(&tex, &rd, &td, nullptr));

    unsigned char* d_out;
    CUDA_CHECK(cudaMalloc(&d_out, n));
    dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
    cudaEvent_t e0, e1;
    CUDA_CHECK(cudaEventCreate(&e0));
    CUDA_CHECK(cudaEventCreate(&e1));
    CUDA_CHECK(cudaEventRecord(e0));
    median3x3<<<grid, block>>>(tex, d_out, w, h);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(e1));
    CUDA_CHECK(cudaEventSynchronize(e1));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));

    std::vector<unsigned char> out(n);
    CUDA_CHECK(cudaMemcpy(out.data(), d_out, n, cudaMemcpyDeviceToHost));

    long long bad = 0, changed = 0;
    uint64_t sum = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            unsigned char win[9];
            int k = 0;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    int xx = std::min(std::max(x + dx, 0), w - 1);
                    int yy = std::min(std::max(y + dy, 0), h - 1);
                    win[k++] = img[(size_t)yy * w + xx];
                }
            std::nth_element(win, win + 4, win + 9);
            size_t i = (size_t)y * w + x;
            if (out[i] != win[4]) ++bad;
            if (out[i] != img[i]) ++changed;
            sum += out[i];
        }

    printf("RESULT sum %llu\n", (unsigned long long)sum);
    printf("RESULT changed %lld\n", changed);
    printf("RESULT samples %d %d %d %d\n", out[0], out[w + 1], out[n / 2], out[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    if (bad) fprintf(stderr, "%lld mismatches\n", bad);
    printf("%s\n", bad ? "FAIL" : "PASS");
    CUDA_CHECK(cudaDestroyTextureObject(tex));
    CUDA_CHECK(cudaFreeArray(arr));
    CUDA_CHECK(cudaFree(d_out));
    return bad ? 1 : 0;
}
