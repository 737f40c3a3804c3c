// A 4-ary trie (DNA alphabet) over fixed-length keys, built on the GPU one level at a time.
// Device functions are defined in trie_device.cu and called from kernels in main.cu, so the program is
// built with relocatable device code (-rdc=true).
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

constexpr int kAlphabet = 4;
constexpr int kEmpty = -1;     // no child
constexpr int kClaimed = -2;   // a key needs this child; allocated in the next phase

struct Trie {
    int *child;              // [capacity * kAlphabet]
    unsigned int *count;     // [capacity] keys passing through the node
    unsigned int capacity;
    int key_len;             // symbols per key (<= 16; two bits each, first symbol in the high bits)
};

// Next free node index; node 0 is the root.
extern __device__ unsigned int g_next_node;
extern __device__ unsigned int g_pool_overflow;

__device__ unsigned int trie_symbol(uint32_t key, int level, int key_len);
__device__ void trie_claim(Trie t, int node, unsigned int sym);
__device__ void trie_allocate(Trie t, unsigned int slot);
__device__ unsigned int trie_prefix_count(Trie t, uint32_t prefix, int len);
