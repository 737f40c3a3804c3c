// Counter-mode stream "cipher" built from xorshift128+ (a teaching cipher, not a secure one).
//
// 16-byte block i of the message is XORed with a keystream block derived from (key, nonce, i): splitmix64
// seeds a xorshift128+ state, two warm-up steps, then two outputs give 16 bytes. Blocks are independent,
// so each thread handles whole uint4 blocks with 128-bit loads and stores in a grid-stride loop; the
// ragged tail (message length not a multiple of 16) is done byte by byte by one thread. Decrypting the
// ciphertext must give the plaintext back, and the ciphertext must match the CPU.
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

struct CipherKey {
    uint64_t k0, k1, nonce;
};
__constant__ CipherKey c_key;

__host__ __device__ inline uint64_t splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

__host__ __device__ inline uint64_t xorshift128p(uint64_t &s0, uint64_t &s1)
{
    uint64_t a = s0;
    const uint64_t b = s1;
    s0 = b;
    a ^= a << 23;
    s1 = a ^ b ^ (a >> 17) ^ (b >> 26);
    return s1 + b;
}

// 16 keystream bytes for block `counter`, as two little-endian 64-bit words.
__host__ __device__ inline void keystream_block(const CipherKey &key, uint64_t counter, uint64_t &w0, uint64_t &w1)
{
    uint64_t s0 = splitmix64(key.k0 ^ (counter * 0xD1B54A32D192ED03ull));
    uint64_t s1 = splitmix64(key.k1 ^ key.nonce ^ counter);
    if ((s0 | s1) == 0)
        s1 = 1;  // xorshift state must not be all zero
    xorshift128p(s0, s1);
    xorshift128p(s0, s1);
    w0 = xorshift128p(s0, s1);
    w1 = xorshift128p(s0, s1);
}

__global__ void xor_crypt(const uint4 *__restrict__ in, uint4 *__restrict__ out, size_t n_blocks,
                          const uint8_t *__restrict__ in_tail, uint8_t *__restrict__ out_tail, int tail_bytes)
{
    const CipherKey key = c_key;
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n_blocks; i += stride) {
        uint64_t w0, w1;
        keystream_block(key, i, w0, w1);
        uint4 v = in[i];
        v.x ^= (uint32_t)w0;
        v.y ^= (uint32_t)(w0 >> 32);
        v.z ^= (uint32_t)w1;
        v.w ^= (uint32_t)(w1 >> 32);
        out[i] = v;
    }
    if (tail_bytes > 0 && blockIdx.x == 0 && threadIdx.x == 0) {
        uint64_t w[2];
        keystream_block(key, n_blocks, w[0], w[1]);
        for (int b = 0; b < tail_bytes; ++b)
            out_tail[b] = in_tail[b] ^ (uint8_t)(w[b / 8] >> (8 * (b % 8)));
    }
}

int main(int argc, char **argv)
{
    const size_t n = argc > 1 ? strtoull(argv[1], nullptr, 10) : ((size_t)32 << 20) + 7;
    const size_t n_blocks = n / 16;
    const int tail = (int)(n % 16);
    const CipherKey key{0x0123456789ABCDEFull, 0xFEDCBA9876543210ull, 0x00000000DEADBEEFull};
    CUDA_CHECK(cudaMemcpyToSymbol(c_key, &key, sizeof(key)));

    std::vector<uint8_t> plain(n);
    uint32_t s = 1u;
    for (size_t i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        plain[i] = (uint8_t)(s >> 24);
    }

    // cudaMalloc returns 256-byte aligned memory, so the uint4 view of each buffer is aligned.
    uint8_t *d_plain, *d_cipher, *d_back;
    CUDA_CHECK(cudaMalloc(&d_plain, n));
    CUDA_CHECK(cudaMalloc(&d_cipher, n));
    CUDA_CHECK(cudaMalloc(&d_back, n));
    CUDA_CHECK(cudaMemcpy(d_plain, plain.data(), n, cudaMemcpyHostToDevice));

    const size_t tail_off = n_blocks * 16;
    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    xor_crypt<<<1024, 256>>>(reinterpret_cast<const uint4 *>(d_plain), reinterpret_cast<uint4 *>(d_cipher), n_blocks,
                             d_plain + tail_off, d_cipher + tail_off, tail);
    CUDA_CHECK(cudaGetLastError());
    xor_crypt<<<1024, 256>>>(reinterpret_cast<const uint4 *>(d_cipher), reinterpret_cast<uint4 *>(d_back), n_blocks,
                             d_cipher + tail_off, d_back + tail_off, tail);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<uint8_t> cipher(n), back(n);
    CUDA_CHECK(cudaMemcpy(cipher.data(), d_cipher, n, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(back.data(), d_back, n, cudaMemcpyDeviceToHost));

    size_t bad = 0;
    uint64_t fold = 0;
    for (size_t blk = 0; blk * 16 < n; ++blk) {
        uint64_t w[2];
        keystream_block(key, blk, w[0], w[1]);
        for (size_t b = 0; b < 16 && blk * 16 + b < n; ++b) {
            const size_t i = blk * 16 + b;
            const uint8_t ref = plain[i] ^ (uint8_t)(w[b / 8] >> (8 * (b % 8)));
            if (cipher[i] != ref && bad++ < 5)
                fprintf(stderr, "byte %zu: gpu %02x cpu %02x\n", i, cipher[i], ref);
        }
    }
    for (size_t i = 0; i < n; ++i)
        fold = (fold ^ cipher[i]) * 0x100000001b3ull;
    const bool roundtrip = memcmp(back.data(), plain.data(), n) == 0;
    const bool ok = bad == 0 && roundtrip;
    if (!roundtrip)
        fprintf(stderr, "decryption did not restore the plaintext\n");

    printf("RESULT cipher_fnv %016llx\n", (unsigned long long)fold);
    printf("RESULT cipher_bytes %02x %02x %02x %02x %02x\n", cipher[0], cipher[15], cipher[n / 2], cipher[n - 8],
           cipher[n - 1]);
    printf("RESULT roundtrip %d\n", roundtrip ? 1 : 0);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_plain));
    CUDA_CHECK(cudaFree(d_cipher));
    CUDA_CHECK(cudaFree(d_back));
    return ok ? 0 : 1;
}
