// Open-addressing (linear probing) hash table of 32-bit keys -> 32-bit counts on the GPU.
// Kernels and the device-side table code live in hash_table.cu; main.cu only sees these host entry points.
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

constexpr uint32_t kEmptyKey = 0xffffffffu;

struct HashTable {
    uint32_t *keys;      // kEmptyKey marks a free slot
    uint32_t *counts;
    uint32_t capacity;   // power of two
};

// murmur3 finalizer: a bijection on 32-bit integers, used both to make keys and to hash them.
__host__ __device__ inline uint32_t fmix32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

HashTable table_create(uint32_t capacity);
void table_destroy(HashTable &t);
// Counts every key of d_keys into the table (device pointers).
void table_insert(HashTable &t, const uint32_t *d_keys, uint32_t n);
// d_out[i] = count of d_queries[i], 0 when absent.
void table_lookup(const HashTable &t, const uint32_t *d_queries, uint32_t *d_out, uint32_t n);
// Number of slots claimed so far (= distinct keys inserted).
uint32_t table_size();
