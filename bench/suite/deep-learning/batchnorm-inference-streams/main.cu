// Inference-time batch normalisation fused with ReLU:
//   y = max(0, (x - mean[c]) * rsqrt(var[c] + eps) * gamma[c] + beta[c])
// The batch is cut into chunks, one per stream, so the host<->device copies of one chunk overlap the
// kernel of another.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t err_ = (call);                                                         \
        if (err_ != cudaSuccess) {                                                         \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,     \
                    cudaGetErrorString(err_));                                             \
            exit(EXIT_FAILURE);                                                            \
        }                                                                                  \
    } while (0)

#define MAX_CHANNELS 256
#define NUM_STREAMS 4

__constant__ float c_mean[MAX_CHANNELS];
__constant__ float c_var[MAX_CHANNELS];
__constant__ float c_gamma[MAX_CHANNELS];
__constant__ float c_beta[MAX_CHANNELS];

__device__ __forceinline__ float bn_relu(float x, int c, float eps) {
    const float y = (x - c_mean[c]) * rsqrtf(c_var[c] + eps) * c_gamma[c] + c_beta[c];
    return fmaxf(y, 0.0f);
}

// x, y: `images` consecutive NCHW images; hw must be a multiple of 4 so a float4 never straddles planes.
__global__ void batchnorm_relu_f4(const float4* __restrict__ x, float4* __restrict__ y, int images, int C, int hw,
                                  float eps) {
    const int hw4 = hw / 4;
    const size_t total4 = (size_t)images * C * hw4;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < total4; i += (size_t)blockDim.x * gridDim.x) {
        const int c = (int)((i / hw4) % C);
        const float4 v = x[i];
        float4 r;
        r.x = bn_relu(v.x, c, eps);
        r.y = bn_relu(v.y, c, eps);
        r.z = bn_relu(v.z, c, eps);
        r.w = bn_relu(v.w, c, eps);
        y[i] = r;
    }
}

int main(int argc, char** argv) {
    const int N = (argc > 1) ? atoi(argv[1]) : 16;
    const int C = (argc > 2) ? atoi(argv[2]) : 64;
    const int HW = (argc > 3) ? atoi(argv[3]) : 56;
    const int hw = HW * HW;
    const float eps = 1e-5f;
    if (C > MAX_CHANNELS || hw % 4 != 0 || N % NUM_STREAMS != 0) {
        fprintf(stderr, "unsupported shape\n");
        return EXIT_FAILURE;
    }
    const size_t count = (size_t)N * C * hw;
    const int images_per_stream = N / NUM_STREAMS;
    const size_t chunk = (size_t)images_per_stream * C * hw;

    float *h_x, *h_y;  // pinned, so cudaMemcpyAsync really is asynchronous
    CUDA_CHECK(cudaMallocHost(&h_x, count * sizeof(float)));
    CUDA_CHECK(cudaMallocHost(&h_y, count * sizeof(float)));
    std::vector<float> mean(C), var(C), gamma(C), beta(C);
    uint32_t seed = 5150u;
    auto uniform = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return (float)(seed >> 8) * (1.0f / 16777216.0f);
    };
    for (int c = 0; c < C; ++c) {
        mean[c] = 2.0f * uniform() - 1.0f;
        var[c] = 0.1f + 2.0f * uniform();
        gamma[c] = 0.5f + uniform();
        beta[c] = 0.5f * uniform() - 0.25f;
    }
    for (size_t i = 0; i < count; ++i) h_x[i] = 6.0f * uniform() - 3.0f;

    CUDA_CHECK(cudaMemcpyToSymbol(c_mean, mean.data(), C * sizeof(float)));
    CUDA_CHECK(cudaMemcpyToSymbol(c_var, var.data(), C * sizeof(float)));
    CUDA_CHECK(cudaMemcpyToSymbol(c_gamma, gamma.data(), C * sizeof(float)));
    CUDA_CHECK(cudaMemcpyToSymbol(c_beta, beta.data(), C * sizeof(float)));

    float *d_x, *d_y;
    CUDA_CHECK(cudaMalloc(&d_x, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, count * sizeof(float)));

    cudaStream_t streams[NUM_STREAMS];
    cudaEvent_t k_start[NUM_STREAMS], k_stop[NUM_STREAMS];
    for (int s = 0; s < NUM_STREAMS; ++s) {
        CUDA_CHECK(cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking));
        CUDA_CHECK(cudaEventCreate(&k_start[s]));
        CUDA_CHECK(cudaEventCreate(&k_stop[s]));
    }

    const int threads = 256;
    const int blocks = (int)((chunk / 4 + threads - 1) / threads);
    for (int s = 0; s < NUM_STREAMS; ++s) {
        const size_t off = (size_t)s * chunk;
        CUDA_CHECK(cudaMemcpyAsync(d_x + off, h_x + off, chunk * sizeof(float), cudaMemcpyHostToDevice, streams[s]));
        CUDA_CHECK(cudaEventRecord(k_start[s], streams[s]));
        batchnorm_relu_f4<<<blocks, threads, 0, streams[s]>>>(reinterpret_cast<const float4*>(d_x + off),
                                                              reinterpret_cast<float4*>(d_y + off),
                                                              images_per_stream, C, hw, eps);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventRecord(k_stop[s], streams[s]));
        CUDA_CHECK(cudaMemcpyAsync(h_y + off, d_y + off, chunk * sizeof(float), cudaMemcpyDeviceToHost, streams[s]));
    }
    float total_ms = 0.0f;
    for (int s = 0; s < NUM_STREAMS; ++s) {
        CUDA_CHECK(cudaStreamSynchronize(streams[s]));
        float ms = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, k_start[s], k_stop[s]));
        total_ms += ms;
    }

    bool ok = true;
    double sum = 0.0;
    size_t zeros = 0;
    for (size_t i = 0; i < count; ++i) {
        const int c = (int)((i / hw) % C);
        double ref = ((double)h_x[i] - mean[c]) / sqrt((double)var[c] + eps) * gamma[c] + beta[c];
        ref = ref > 0.0 ? ref : 0.0;
        if (fabs(h_y[i] - ref) > 1e-5 + 1e-5 * fabs(ref)) {
            if (ok) fprintf(stderr, "index %zu (c=%d): gpu %f cpu %f\n", i, c, h_y[i], ref);
            ok = false;
        }
        sum += h_y[i];
        zeros += (h_y[i] == 0.0f);
    }

    printf("RESULT sum %.6g\n", sum);
    printf("RESULT zeros %zu\n", zeros);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", h_y[0], h_y[hw + 5], h_y[count / 2 + 1], h_y[count - 1]);
    printf("TIME_MS %.4f\n", total_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    for (int s = 0; s < NUM_STREAMS; ++s) {
        CUDA_CHECK(cudaStreamDestroy(streams[s]));
        CUDA_CHECK(cudaEventDestroy(k_start[s]));
        CUDA_CHECK(cudaEventDestroy(k_stop[s]));
    }
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
    CUDA_CHECK(cudaFreeHost(h_x));
    CUDA_CHECK(cudaFreeHost(h_y));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
