// Sieve of Eratosthenes on a bitset (bit set = composite).
//
// The host finds the base primes up to sqrt(N) with a tiny sieve. On the GPU, blockIdx.y picks a base
// prime and the threads along x stride over its multiples, setting bits with atomicOr (many primes touch
// the same 32-bit word). A second kernel turns each word into a prime count with __popc and a prime sum by
// walking the clear bits with __ffs, reduces per block with warp shuffles, and accumulates with atomics.
#include <cmath>
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

__global__ void mark_composites(uint32_t *bits, const uint32_t *primes, uint32_t limit)
{
    const uint64_t p = primes[blockIdx.y];
    const uint64_t stride = (uint64_t)gridDim.x * blockDim.x * p;
    for (uint64_t m = p * p + (uint64_t)(blockIdx.x * blockDim.x + threadIdx.x) * p; m <= limit; m += stride)
        atomicOr(&bits[m >> 5], 1u << (m & 31));
}

__device__ __forceinline__ unsigned long long warp_sum_u64(unsigned long long v)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void count_primes(const uint32_t *bits, uint32_t nwords, uint32_t limit, unsigned long long *count,
                             unsigned long long *sum, unsigned int *largest)
{
    __shared__ unsigned long long s_cnt[32], s_sum[32];
    unsigned long long cnt = 0, total = 0;
    unsigned int best = 0;
    for (uint32_t w = blockIdx.x * blockDim.x + threadIdx.x; w < nwords; w += gridDim.x * blockDim.x) {
        uint32_t primes_here = ~bits[w];
        const uint32_t base = w * 32u;
        if (w == 0)
            primes_here &= ~3u;  // 0 and 1 are not prime
        if (base + 31u > limit) {
            const uint32_t valid = limit - base + 1u;  // 1..31 numbers of this word are <= limit
            primes_here &= (1u << valid) - 1u;
        }
        cnt += __popc(primes_here);
        if (primes_here)
            best = max(best, base + 31u - __clz(primes_here));
        while (primes_here) {
            const int bit = __ffs(primes_here) - 1;
            total += base + bit;
            primes_here &= primes_here - 1u;
        }
    }
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    cnt = warp_sum_u64(cnt);
    total = warp_sum_u64(total);
    if (lane == 0) {
        s_cnt[warp] = cnt;
        s_sum[warp] = total;
    }
    atomicMax(largest, best);
    __syncthreads();
    if (warp == 0) {
        const int nwarps = blockDim.x >> 5;
        cnt = lane < nwarps ? s_cnt[lane] : 0;
        total = lane < nwarps ? s_sum[lane] : 0;
        cnt = warp_sum_u64(cnt);
        total = warp_sum_u64(total);
        if (lane == 0) {
            atomicAdd(count, cnt);
            atomicAdd(sum, total);
        }
    }
}

int main(int argc, char **argv)
{
    const uint32_t limit = argc > 1 ? (uint32_t)strtoul(argv[1], nullptr, 10) : 10000000u;
    const uint32_t nwords = limit / 32 + 1;

    // Base primes up to sqrt(limit) on the host.
    const uint32_t root = (uint32_t)std::sqrt((double)limit) + 1;
    std::vector<char> small(root + 1, 1);
    std::vector<uint32_t> base_primes;
    for (uint32_t i = 2; i <= root; ++i) {
        if (!small[i])
            continue;
        if ((uint64_t)i * i <= limit)
            base_primes.push_back(i);
        for (uint32_t j = i * i; j <= root; j += i)
            small[j] = 0;
    }

    uint32_t *d_bits = nullptr, *d_primes = nullptr;
    unsigned long long *d_acc = nullptr;
    unsigned int *d_largest = nullptr;
    CUDA_CHECK(cudaMalloc(&d_bits, nwords * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_primes, base_primes.size() * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_acc, 2 * sizeof(unsigned long long)));
    CUDA_CHECK(cudaMalloc(&d_largest, sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_bits, 0, nwords * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemset(d_acc, 0, 2 * sizeof(unsigned long long)));
    CUDA_CHECK(cudaMemset(d_largest, 0, sizeof(unsigned int)));
    CUDA_CHECK(cudaMemcpy(d_primes, base_primes.data(), base_primes.size() * sizeof(uint32_t),
                          cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    dim3 mark_grid(32, (unsigned)base_primes.size());
    mark_composites<<<mark_grid, 256>>>(d_bits, d_primes, limit);
    CUDA_CHECK(cudaGetLastError());
    count_primes<<<256, 256>>>(d_bits, nwords, limit, d_acc, d_acc + 1, d_largest);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    unsigned long long acc[2];
    unsigned int largest = 0;
    std::vector<uint32_t> bits(nwords);
    CUDA_CHECK(cudaMemcpy(acc, d_acc, sizeof(acc), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&largest, d_largest, sizeof(largest), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(bits.data(), d_bits, nwords * sizeof(uint32_t), cudaMemcpyDeviceToHost));

    // CPU reference: plain byte sieve.
    std::vector<char> is_prime(limit + 1, 1);
    is_prime[0] = 0;
    if (limit >= 1)
        is_prime[1] = 0;
    for (uint64_t i = 2; i * i <= limit; ++i)
        if (is_prime[i])
            for (uint64_t j = i * i; j <= limit; j += i)
                is_prime[j] = 0;
    unsigned long long ref_count = 0, ref_sum = 0;
    unsigned int ref_largest = 0;
    size_t bad_bits = 0;
    for (uint32_t i = 0; i <= limit; ++i) {
        const bool composite_bit = (bits[i >> 5] >> (i & 31)) & 1u;
        if (is_prime[i]) {
            ++ref_count;
            ref_sum += i;
            ref_largest = i;
            bad_bits += composite_bit;
        } else if (i >= 2) {
            bad_bits += !composite_bit;
        }
    }
    const bool ok = acc[0] == ref_count && acc[1] == ref_sum && largest == ref_largest && bad_bits == 0;
    if (!ok)
        fprintf(stderr, "gpu count %llu sum %llu largest %u | cpu %llu %llu %u | bad bits %zu\n", acc[0],
                acc[1], largest, ref_count, ref_sum, ref_largest, bad_bits);

    printf("RESULT prime_count %llu\n", acc[0]);
    printf("RESULT prime_sum %llu\n", acc[1]);
    printf("RESULT largest_prime %u\n", largest);
    printf("RESULT words %08x %08x %08x\n", bits[0], bits[nwords / 2], bits[nwords - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_bits));
    CUDA_CHECK(cudaFree(d_primes));
    CUDA_CHECK(cudaFree(d_acc));
    CUDA_CHECK(cudaFree(d_largest));
    return ok ? 0 : 1;
}
