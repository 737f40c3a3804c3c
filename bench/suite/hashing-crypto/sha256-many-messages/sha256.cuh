// SHA-256 (FIPS 180-4) usable from host and device code. The implementation lives in sha256.cu; the
// kernel in kernels.cu calls it across translation units, so the program builds with -rdc=true.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

constexpr int kSlotBytes = 128;  // each message sits in its own 128-byte slot

// Digest of len bytes at msg, as eight big-endian words.
__host__ __device__ void sha256(const uint8_t *msg, uint32_t len, uint32_t digest[8]);

// Hash n messages stored in kSlotBytes slots with their lengths; digests are 8 words per message.
void launch_sha256(const uint8_t *d_slots, const uint32_t *d_lens, int n, uint32_t *d_digests, cudaStream_t stream);
