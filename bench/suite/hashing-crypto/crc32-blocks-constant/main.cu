// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) of every 1 KiB block of a 16 MiB buffer.
//
// The 256-entry lookup table is built on the host and copied into __constant__ memory. One thread per
// block of data walks its bytes through the table; whole 32-bit words are loaded and consumed byte by
// byte (little-endian). The standard check value CRC32("123456789") = 0xCBF43926 is verified on the GPU too.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
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

__constant__ uint32_t c_crc_table[256];

__device__ __forceinline__ uint32_t crc_byte(uint32_t crc, uint32_t byte)
{
    return c_crc_table[(crc ^ byte) & 0xffu] ^ (crc >> 8);
}

// One thread per block of `block_bytes` bytes; the final block may be shorter.
__global__ void crc32_blocks(const uint8_t *__restrict__ data, size_t n, int block_bytes, uint32_t *__restrict__ crcs,
                             int n_blocks)
{
    for (int b = blockIdx.x * blockDim.x + threadIdx.x; b < n_blocks; b += gridDim.x * blockDim.x) {
        const size_t begin = (size_t)b * block_bytes;
        const size_t end = begin + block_bytes < n ? begin + block_bytes : n;
        uint32_t crc = 0xffffffffu;
        size_t i = begin;
        // Word loads when the block is 4-byte aligned (block_bytes is a multiple of 4 for the main run).
        if ((begin & 3) == 0) {
            const uint32_t *words = reinterpret_cast<const uint32_t *>(data + begin);
            const size_t n_words = (end - begin) / 4;
            for (size_t w = 0; w < n_words; ++w) {
                const uint32_t v = words[w];
                crc = crc_byte(crc, v & 0xffu);
                crc = crc_byte(crc, (v >> 8) & 0xffu);
                crc = crc_byte(crc, (v >> 16) & 0xffu);
                crc = crc_byte(crc, v >> 24);
            }
            i = begin + n_words * 4;
        }
        for (; i < end; ++i)
            crc = crc_byte(crc, data[i]);
        crcs[b] = ~crc;
    }
}

static void make_table(uint32_t *table)
{
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
}

static uint32_t crc32_host(const uint32_t *table, const uint8_t *p, size_t len)
{
    uint32_t crc = 0xffffffffu;
    for (size_t i = 0; i < len; ++i)
        crc = table[(crc ^ p[i]) & 0xffu] ^ (crc >> 8);
    return ~crc;
}

int main(int argc, char **argv)
{
    const size_t n = argc > 1 ? strtoull(argv[1], nullptr, 10) : (size_t)16 << 20;
    const int block_bytes = 1024;
    const int n_blocks = (int)((n + block_bytes - 1) / block_bytes);

    uint32_t table[256];
    make_table(table);
    CUDA_CHECK(cudaMemcpyToSymbol(c_crc_table, table, sizeof(table)));

    std::vector<uint8_t> data(n);
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < n; ++i) {
        s ^= s << 7;
        s ^= s >> 9;
        data[i] = (uint8_t)(s >> 24);
    }

    uint8_t *d_data, *d_check;
    uint32_t *d_crcs, *d_check_crc;
    const char *check = "123456789";
    CUDA_CHECK(cudaMalloc(&d_data, n));
    CUDA_CHECK(cudaMalloc(&d_crcs, n_blocks * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_check, 9));
    CUDA_CHECK(cudaMalloc(&d_check_crc, sizeof(uint32_t)));
    CUDA_CHECK(cudaMemcpy(d_data, data.data(), n, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_check, check, 9, cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    crc32_blocks<<<(n_blocks + 127) / 128, 128>>>(d_data, n, block_bytes, d_crcs, n_blocks);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
    crc32_blocks<<<1, 32>>>(d_check, 9, 9, d_check_crc, 1);
    CUDA_CHECK(cudaGetLastError());

    std::vector<uint32_t> crcs(n_blocks);
    uint32_t check_crc = 0;
    CUDA_CHECK(cudaMemcpy(crcs.data(), d_crcs, n_blocks * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&check_crc, d_check_crc, sizeof(uint32_t), cudaMemcpyDeviceToHost));

    size_t bad = 0;
    uint32_t x = 0;
    for (int b = 0; b < n_blocks; ++b) {
        const size_t begin = (size_t)b * block_bytes;
        const size_t len = begin + block_bytes < n ? block_bytes : n - begin;
        const uint32_t ref = crc32_host(table, data.data() + begin, len);
        if (ref != crcs[b] && bad++ < 5)
            fprintf(stderr, "block %d: gpu %08x cpu %08x\n", b, crcs[b], ref);
        x ^= crcs[b] * (uint32_t)(2 * b + 1);
    }
    const bool ok = bad == 0 && check_crc == 0xCBF43926u && crc32_host(table, (const uint8_t *)check, 9) == 0xCBF43926u;
    if (check_crc != 0xCBF43926u)
        fprintf(stderr, "check value %08x, expected cbf43926\n", check_crc);

    printf("RESULT check_crc %08x\n", check_crc);
    printf("RESULT blocks %d\n", n_blocks);
    printf("RESULT crc_mix %08x\n", x);
    printf("RESULT crcs %08x %08x %08x %08x\n", crcs[0], crcs[1], crcs[n_blocks / 2], crcs[n_blocks - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_data));
    CUDA_CHECK(cudaFree(d_crcs));
    CUDA_CHECK(cudaFree(d_check));
    CUDA_CHECK(cudaFree(d_check_crc));
    return ok ? 0 : 1;
}
