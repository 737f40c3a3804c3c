// Measures device-to-device copy throughput four ways and checks each destination against
// the source. Bandwidth figures go to stderr (they depend on the machine); the RESULT lines
// carry only the copied data's checksum, which is exact.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

template <typename T>
__global__ void copy_kernel(T* __restrict__ dst, const T* __restrict__ src, size_t n) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        dst[i] = src[i];
}

// Wrapper that uses 16-byte accesses for the bulk and scalar accesses for the tail.
static void copy_vectorized(float* dst, const float* src, size_t n, int blocks, int threads,
                            cudaStream_t stream) {
    size_t n4 = n / 4;
    copy_kernel<float4><<<blocks, threads, 0, stream>>>(reinterpret_cast<float4*>(dst),
                                                        reinterpret_cast<const float4*>(src), n4);
    size_t tail = n - n4 * 4;
    if (tail) copy_kernel<float><<<1, 32, 0, stream>>>(dst + n4 * 4, src + n4 * 4, tail);
}

static uint64_t checksum_u32(const std::vector<uint32_t>& v) {
    uint64_t h = 0;
    for (size_t i = 0; i < v.size(); ++i) h = h * 31u + v[i];
    return h;
}

int main(int argc, char** argv) {
    size_t n = argc > 1 ? strtoull(argv[1], nullptr, 10) : (size_t)1 << 25;
    n += 3;  // an odd length exercises the scalar tail of the vectorized path
    const size_t bytes = n * sizeof(float);
    const int reps = 5;

    std::vector<float> h_src(n);
    uint32_t s = 2024u;
    for (auto& v : h_src) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        v = (float)(s & 0xffffff) * 0.001f - 8000.0f;
    }

    float *d_src, *d_dst[4];
    CUDA_CHECK(cudaMalloc(&d_src, bytes));
    for (int k = 0; k < 4; ++k) {
        CUDA_CHECK(cudaMalloc(&d_dst[k], bytes));
        CUDA_CHECK(cudaMemset(d_dst[k], 0, bytes));
    }
    CUDA_CHECK(cudaMemcpy(d_src, h_src.data(), bytes, cudaMemcpyHostToDevice));

    int dev = 0, sms = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    const int threads = 256, blocks = sms * 8;

    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    cudaEvent_t ev[6];
    for (auto& e : ev) CUDA_CHECK(cudaEventCreate(&e));

    // Warm-up of every path.
    CUDA_CHECK(cudaMemcpy(d_dst[0], d_src, bytes, cudaMemcpyDeviceToDevice));
    copy_kernel<float><<<blocks, threads, 0, stream>>>(d_dst[2], d_src, n);
    copy_vectorized(d_dst[3], d_src, n, blocks, threads, stream);
    CUDA_CHECK(cudaDeviceSynchronize());
    for (int k = 0; k < 4; ++k) CUDA_CHECK(cudaMemset(d_dst[k], 0, bytes));

    CUDA_CHECK(cudaEventRecord(ev[0], 0));
    for (int r = 0; r < reps; ++r) CUDA_CHECK(cudaMemcpy(d_dst[0], d_src, bytes, cudaMemcpyDeviceToDevice));
    CUDA_CHECK(cudaEventRecord(ev[1], 0));
    CUDA_CHECK(cudaEventSynchronize(ev[1]));

    CUDA_CHECK(cudaEventRecord(ev[2], stream));
    for (int r = 0; r < reps; ++r)
        CUDA_CHECK(cudaMemcpyAsync(d_dst[1], d_src, bytes, cudaMemcpyDeviceToDevice, stream));
    CUDA_CHECK(cudaEventRecord(ev[3], stream));
    for (int r = 0; r < reps; ++r) copy_kernel<float><<<blocks, threads, 0, stream>>>(d_dst[2], d_src, n);
    CUDA_CHECK(cudaEventRecord(ev[4], stream));
    for (int r = 0; r < reps; ++r) copy_vectorized(d_dst[3], d_src, n, blocks, threads, stream);
    CUDA_CHECK(cudaEventRecord(ev[5], stream));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventSynchronize(ev[5]));

    float ms_memcpy = 0, ms_async = 0, ms_scalar = 0, ms_vec = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms_memcpy, ev[0], ev[1]));
    CUDA_CHECK(cudaEventElapsedTime(&ms_async, ev[2], ev[3]));
    CUDA_CHECK(cudaEventElapsedTime(&ms_scalar, ev[3], ev[4]));
    CUDA_CHECK(cudaEventElapsedTime(&ms_vec, ev[4], ev[5]));
    const char* names[4] = {"cudaMemcpy", "cudaMemcpyAsync", "scalar kernel", "float4 kernel"};
    float times[4] = {ms_memcpy, ms_async, ms_scalar, ms_vec};
    for (int k = 0; k < 4; ++k) {
        double gbs = 2.0 * bytes * reps / (times[k] * 1e-3) / 1e9;  // read + write
        fprintf(stderr, "%-16s %8.3f ms  %8.1f GB/s\n", names[k], times[k] / reps, gbs);
    }

    std::vector<uint32_t> h_dst(n);
    size_t bad = 0;
    uint64_t sums[4];
    for (int k = 0; k < 4; ++k) {
        CUDA_CHECK(cudaMemcpy(h_dst.data(), d_dst[k], bytes, cudaMemcpyDeviceToHost));
        const uint32_t* ref = reinterpret_cast<const uint32_t*>(h_src.data());
        for (size_t i = 0; i < n; ++i)
            if (h_dst[i] != ref[i]) ++bad;
        sums[k] = checksum_u32(h_dst);
    }

    printf("RESULT checksums %llu %llu %llu %llu\n", (unsigned long long)sums[0],
           (unsigned long long)sums[1], (unsigned long long)sums[2], (unsigned long long)sums[3]);
    printf("RESULT samples %.9g %.9g %.9g\n", h_src[0], h_src[n / 2], h_src[n - 1]);
    printf("TIME_MS %.4f\n", ms_scalar + ms_vec);
    fprintf(stderr, "mismatches: %zu\n", bad);

    for (auto& e : ev) CUDA_CHECK(cudaEventDestroy(e));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(d_src));
    for (int k = 0; k < 4; ++k) CUDA_CHECK(cudaFree(d_dst[k]));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
