// Dynamic append buffer: select records that pass a filter and append them to an output buffer.
//
// Appends are reserved in two levels. Inside a block, selected threads take a position with a shared-
// memory atomicAdd; one thread then reserves the block's whole run in the global buffer with a single
// atomicAdd on a __device__ counter. The order of the output depends on scheduling, so the host sorts it
// before comparing with the CPU filter. Capacity overflow is detected, not written past.
#include <algorithm>
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

struct Record {
    uint32_t index;
    uint32_t value;
};

__device__ unsigned int g_append_count;
__device__ unsigned int g_overflow;

__host__ __device__ inline bool keep(uint32_t v)
{
    // About one record in eight: low three bits zero and not in the top 1/16 of the range.
    return (v & 7u) == 0u && v < 0xF0000000u;
}

template <int BLOCK>
__global__ void filter_append(const uint32_t *__restrict__ in, uint32_t n, Record *__restrict__ out, uint32_t capacity)
{
    __shared__ unsigned int s_count;
    __shared__ unsigned int s_base;
    // Tiles of BLOCK elements; every thread of the block runs the same number of iterations because the
    // body has barriers.
    for (uint32_t tile = blockIdx.x * BLOCK; tile < n; tile += gridDim.x * BLOCK) {
        if (threadIdx.x == 0)
            s_count = 0;
        __syncthreads();
        const uint32_t i = tile + threadIdx.x;
        uint32_t v = 0;
        bool selected = false;
        unsigned int local = 0;
        if (i < n) {
            v = in[i];
            selected = keep(v);
        }
        if (selected)
            local = atomicAdd(&s_count, 1u);
        __syncthreads();
        if (threadIdx.x == 0)
            s_base = s_count ? atomicAdd(&g_append_count, s_count) : 0u;
        __syncthreads();
        if (selected) {
            const unsigned int slot = s_base + local;
            if (slot < capacity)
                out[slot] = Record{i, v};
            else
                atomicExch(&g_overflow, 1u);
        }
        __syncthreads();  // s_count is reset by the next tile
    }
}

int main(int argc, char **argv)
{
    const uint32_t n = argc > 1 ? (uint32_t)atoi(argv[1]) : 1u << 23;
    const uint32_t capacity = n / 4;

    std::vector<uint32_t> in(n);
    uint32_t s = 987654321u;
    for (uint32_t i = 0; i < n; ++i) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        in[i] = s;
    }

    uint32_t *d_in = nullptr;
    Record *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_out, capacity * sizeof(Record)));
    CUDA_CHECK(cudaMemcpy(d_in, in.data(), n * sizeof(uint32_t), cudaMemcpyHostToDevice));
    const unsigned int zero = 0;
    CUDA_CHECK(cudaMemcpyToSymbol(g_append_count, &zero, sizeof(zero)));
    CUDA_CHECK(cudaMemcpyToSymbol(g_overflow, &zero, sizeof(zero)));

    constexpr int kBlock = 256;
    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    filter_append<kBlock><<<1024, kBlock>>>(d_in, n, d_out, capacity);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    unsigned int count = 0, overflow = 0;
    CUDA_CHECK(cudaMemcpyFromSymbol(&count, g_append_count, sizeof(count)));
    CUDA_CHECK(cudaMemcpyFromSymbol(&overflow, g_overflow, sizeof(overflow)));
    const uint32_t stored = std::min(count, capacity);
    std::vector<Record> out(stored);
    CUDA_CHECK(cudaMemcpy(out.data(), d_out, stored * sizeof(Record), cudaMemcpyDeviceToHost));
    std::sort(out.begin(), out.end(), [](const Record &a, const Record &b) { return a.index < b.index; });

    std::vector<Record> ref;
    for (uint32_t i = 0; i < n; ++i)
        if (keep(in[i]))
            ref.push_back(Record{i, in[i]});

    bool ok = !overflow && count == ref.size();
    uint64_t value_sum = 0, index_xor = 0;
    for (size_t k = 0; ok && k < ref.size(); ++k) {
        if (out[k].index != ref[k].index || out[k].value != ref[k].value) {
            fprintf(stderr, "record %zu: gpu (%u,%u) cpu (%u,%u)\n", k, out[k].index, out[k].value, ref[k].index,
                    ref[k].value);
            ok = false;
        }
        value_sum += out[k].value;
        index_xor ^= (uint64_t)out[k].index * 2654435761u;
    }
    if (count != ref.size())
        fprintf(stderr, "count gpu %u cpu %zu (overflow %u)\n", count, ref.size(), overflow);

    printf("RESULT count %u\n", count);
    printf("RESULT value_sum %llu\n", (unsigned long long)value_sum);
    printf("RESULT index_hash %llu\n", (unsigned long long)index_xor);
    if (stored >= 4)
        printf("RESULT first_indices %u %u %u %u\n", out[0].index, out[1].index, out[2].index, out[3].index);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
