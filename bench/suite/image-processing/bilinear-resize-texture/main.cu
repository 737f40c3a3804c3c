// Bilinear image resize through a texture object. The source image is copied into a cudaArray
// and sampled with hardware linear filtering (tex2D<float>, unnormalised coordinates, clamp).
// The texture unit interpolates with 8-bit fractional weights, so the CPU reference (exact
// bilinear in double) is compared with an absolute tolerance that covers that rounding.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(expr)                                                                      \
    do {                                                                                      \
        cudaError_t _e = (expr);                                                              \
        if (_e != cudaSuccess) {                                                              \
            fprintf(stderr, "CUDA error %d (%s) in %s at %s:%d\n", (int)_e,                   \
                    cudaGetErrorString(_e), #expr, __FILE__, __LINE__);                       \
            exit(EXIT_FAILURE);                                                               \
        }                                                                                     \
    } while (0)

__global__ void resize_bilinear(cudaTextureObject_t tex, float* __restrict__ out, int out_w, int out_h,
                                float scale_x, float scale_y) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= out_w || y >= out_h) return;
    // Map the output pixel centre back into source texel space (texel centres at i + 0.5).
    const float u = (x + 0.5f) * scale_x;
    const float v = (y + 0.5f) * scale_y;
    out[y * out_w + x] = tex2D<float>(tex, u, v);
}

static double ref_bilinear(const std::vector<float>& src, int w, int h, double u, double v) {
    double xs = u - 0.5, ys = v - 0.5;
    int x0 = (int)std::floor(xs), y0 = (int)std::floor(ys);
    double ax = xs - x0, ay = ys - y0;
    auto px = [&](int x, int y) {
        x = std::min(std::max(x, 0), w - 1);
        y = std::min(std::max(y, 0), h - 1);
        return (double)src[(size_t)y * w + x];
    };
    return (1 - ay) * ((1 - ax) * px(x0, y0) + ax * px(x0 + 1, y0)) +
           ay * ((1 - ax) * px(x0, y0 + 1) + ax * px(x0 + 1, y0 + 1));
}

int main(int argc, char** argv) {
    const int in_w = 1024, in_h = 768;
    const int out_w = argc > 1 ? atoi(argv[1]) : 1920;
    const int out_h = argc > 2 ? atoi(argv[2]) : 1440;

    // A smooth pattern plus a little noise, values in [0, 1].
    std::vector<float> src((size_t)in_w * in_h);
    uint32_t seed = 31337u;
    for (int y = 0; y < in_h; ++y)
        for (int x = 0; x < in_w; ++x) {
            seed = seed * 1664525u + 1013904223u;
            float noise = (float)(seed >> 8) / 16777216.0f;
            float smooth = 0.5f + 0.25f * sinf(x * 0.05f) * cosf(y * 0.031f);
            src[(size_t)y * in_w + x] = 0.8f * smooth + 0.2f * noise;
        }

    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    CUDA_CHECK(cudaMallocArray(&arr, &desc, in_w, in_h));
    CUDA_CHECK(cudaMemcpy2DToArray(arr, 0, 0, src.data(), in_w * sizeof(float), in_w * sizeof(float), in_h,
                                   cudaMemcpyHostToDevice));

    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td = {};
    td.addressMode[0] = cudaAddressModeClamp;
    td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = 0;
    cudaTextureObject_t tex = 0;
    CUDA_CHECK(cudaCreateTextureObject(&tex, &res, &td, nullptr));

    float* d_out;
    const size_t n_out = (size_t)out_w * out_h;
    CUDA_CHECK(cudaMalloc(&d_out, n_out * sizeof(float)));

    const float sx = (float)in_w / out_w, sy = (float)in_h / out_h;
    dim3 block(32, 8);
    dim3 grid((out_w + block.x - 1) / block.x, (out_h + block.y - 1) / block.y);
    cudaEvent_t a, b;
    CUDA_CHECK(cudaEventCreate(&a));
    CUDA_CHECK(cudaEventCreate(&b));
    CUDA_CHECK(cudaEventRecord(a));
    resize_bilinear<<<grid, block>>>(tex, d_out, out_w, out_h, sx, sy);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(b));
    CUDA_CHECK(cudaEventSynchronize(b));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));

    std::vector<float> out(n_out);
    CUDA_CHECK(cudaMemcpy(out.data(), d_out, n_out * sizeof(float), cudaMemcpyDeviceToHost));

    double max_err = 0, sum = 0;
    long long bad = 0;
    for (int y = 0; y < out_h; ++y)
        for (int x = 0; x < out_w; ++x) {
            double ref = ref_bilinear(src, in_w, in_h, (x + 0.5f) * sx, (y + 0.5f) * sy);
            double g = out[(size_t)y * out_w + x];
            double e = std::fabs(g - ref);
            max_err = std::max(max_err, e);
            if (e > 4e-3) ++bad;
            sum += g;
        }

    printf("RESULT checksum %.9g\n", sum);
    printf("RESULT samples %.6g %.6g %.6g %.6g %.6g\n", out[0], out[out_w - 1], out[n_out / 2 + 17],
           out[(size_t)(out_h - 1) * out_w], out[n_out - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error vs exact bilinear: %.3g\n", max_err);
    printf("%s\n", bad == 0 ? "PASS" : "FAIL");

    CUDA_CHECK(cudaDestroyTextureObject(tex));
    CUDA_CHECK(cudaFreeArray(arr));
    CUDA_CHECK(cudaFree(d_out));
    return bad == 0 ? 0 : 1;
}
