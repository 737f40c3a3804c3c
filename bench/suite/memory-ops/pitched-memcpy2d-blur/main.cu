// Pitched 2-D memory: rows are padded to the device's preferred alignment, so every kernel
// indexes rows through the byte pitch, and every copy between tight host arrays and the device
// goes through cudaMemcpy2D.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t e_ = (call);                                                          \
        if (e_ != cudaSuccess) {                                                          \
            fprintf(stderr, "CUDA error at %s:%d (%s): %s\n", __FILE__, __LINE__, #call,  \
                    cudaGetErrorString(e_));                                              \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

__device__ __forceinline__ const float* row_ptr(const float* base, size_t pitch, int y) {
    return reinterpret_cast<const float*>(reinterpret_cast<const char*>(base) + y * pitch);
}

__device__ __forceinline__ float* row_ptr(float* base, size_t pitch, int y) {
    return reinterpret_cast<float*>(reinterpret_cast<char*>(base) + y * pitch);
}

// 3x3 box blur with clamp-to-edge borders.
__global__ void box_blur3(float* out, size_t out_pitch, const float* in, size_t in_pitch,
                          int width, int height) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    float acc = 0.0f;
    for (int dy = -1; dy <= 1; ++dy) {
        int yy = min(max(y + dy, 0), height - 1);
        const float* r = row_ptr(in, in_pitch, yy);
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = min(max(x + dx, 0), width - 1);
            acc += r[xx];
        }
    }
    row_ptr(out, out_pitch, y)[x] = acc * (1.0f / 9.0f);
}

int main(int argc, char** argv) {
    int width = argc > 1 ? atoi(argv[1]) : 1999;
    int height = argc > 2 ? atoi(argv[2]) : 1201;
    // Region of interest copied device-to-device after the blur.
    const int roi_x = width / 4, roi_y = height / 3;
    const int roi_w = width / 2, roi_h = height / 2;

    std::vector<float> h_img((size_t)width * height);
    uint32_t s = 777u;
    for (auto& v : h_img) {
        s = s * 1664525u + 1013904223u;
        v = (float)(s >> 16) / 65536.0f;
    }

    float *d_in, *d_out, *d_roi;
    size_t pitch_in, pitch_out, pitch_roi;
    CUDA_CHECK(cudaMallocPitch(&d_in, &pitch_in, width * sizeof(float), height));
    CUDA_CHECK(cudaMallocPitch(&d_out, &pitch_out, width * sizeof(float), height));
    CUDA_CHECK(cudaMallocPitch(&d_roi, &pitch_roi, roi_w * sizeof(float), roi_h));
    fprintf(stderr, "row bytes %zu, pitch %zu\n", width * sizeof(float), pitch_in);

    CUDA_CHECK(cudaMemcpy2D(d_in, pitch_in, h_img.data(), width * sizeof(float),
                            width * sizeof(float), height, cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    dim3 block(32, 8);
    dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
    CUDA_CHECK(cudaEventRecord(start));
    box_blur3<<<grid, block>>>(d_out, pitch_out, d_in, pitch_in, width, height);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    // Device-to-device copy of the ROI: source address offset by rows (pitch) and columns.
    const char* roi_src = reinterpret_cast<const char*>(d_out) + roi_y * pitch_out + roi_x * sizeof(float);
    CUDA_CHECK(cudaMemcpy2D(d_roi, pitch_roi, roi_src, pitch_out, roi_w * sizeof(float), roi_h,
                            cudaMemcpyDeviceToDevice));

    std::vector<float> h_out((size_t)width * height), h_roi((size_t)roi_w * roi_h);
    CUDA_CHECK(cudaMemcpy2D(h_out.data(), width * sizeof(float), d_out, pitch_out,
                            width * sizeof(float), height, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy2D(h_roi.data(), roi_w * sizeof(float), d_roi, pitch_roi,
                            roi_w * sizeof(float), roi_h, cudaMemcpyDeviceToHost));

    // CPU reference in double.
    size_t bad = 0;
    double checksum = 0.0;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            double acc = 0.0;
            for (int dy = -1; dy <= 1; ++dy) {
                int yy = std::min(std::max(y + dy, 0), height - 1);
                for (int dx = -1; dx <= 1; ++dx) {
                    int xx = std::min(std::max(x + dx, 0), width - 1);
                    acc += h_img[(size_t)yy * width + xx];
                }
            }
            double ref = acc / 9.0;
            float got = h_out[(size_t)y * width + x];
            if (fabs(got - ref) > 1e-5 * fabs(ref) + 1e-6) ++bad;
            checksum += got;
        }
    }
    double roi_sum = 0.0;
    for (int y = 0; y < roi_h; ++y)
        for (int x = 0; x < roi_w; ++x) {
            float v = h_roi[(size_t)y * roi_w + x];
            if (v != h_out[(size_t)(y + roi_y) * width + (x + roi_x)]) ++bad;
            roi_sum += v;
        }

    printf("RESULT checksum %.9g\n", checksum);
    printf("RESULT roi_sum %.9g\n", roi_sum);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", h_out[0], h_out[width - 1],
           h_out[(size_t)(height / 2) * width + width / 2], h_out[(size_t)width * height - 1]);
    printf("RESULT roi_corner %.6g %.6g\n", h_roi[0], h_roi[(size_t)roi_w * roi_h - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "mismatches: %zu\n", bad);

    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    CUDA_CHECK(cudaFree(d_roi));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
