#include "sha256.cuh"

// One message per thread; sha256() is defined in sha256.cu (device code across TUs).
__global__ void __launch_bounds__(128) sha256_kernel(const uint8_t *__restrict__ slots, const uint32_t *__restrict__ lens,
                                                     int n, uint32_t *__restrict__ digests)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    uint32_t d[8];
    sha256(slots + (size_t)i * kSlotBytes, lens[i], d);
    // Word-major layout so that neighbouring threads write neighbouring words.
#pragma unroll
    for (int k = 0; k < 8; ++k)
        digests[(size_t)k * n + i] = d[k];
}

void launch_sha256(const uint8_t *d_slots, const uint32_t *d_lens, int n, uint32_t *d_digests, cudaStream_t stream)
{
    sha256_kernel<<<(n + 127) / 128, 128, 0, stream>>>(d_slots, d_lens, n, d_digests);
    CUDA_CHECK(cudaGetLastError());
}
