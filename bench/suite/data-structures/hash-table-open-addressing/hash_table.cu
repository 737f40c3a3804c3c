#include "hash_table.cuh"

// Incremented by the thread whose atomicCAS claims an empty slot.
__device__ unsigned int g_slots_used;

__device__ __forceinline__ uint32_t home_slot(uint32_t key, uint32_t mask)
{
    // Re-mix with a different constant so the slot is not simply a function of how keys were generated.
    return fmix32(key ^ 0x9e3779b9u) & mask;
}

__device__ void insert_key(HashTable t, uint32_t key)
{
    const uint32_t mask = t.capacity - 1;
    uint32_t slot = home_slot(key, mask);
    for (uint32_t probes = 0; probes < t.capacity; ++probes) {
        const uint32_t prev = atomicCAS(&t.keys[slot], kEmptyKey, key);
        if (prev == kEmptyKey) {
            atomicAdd(&g_slots_used, 1u);
            atomicAdd(&t.counts[slot], 1u);
            return;
        }
        if (prev == key) {
            atomicAdd(&t.counts[slot], 1u);
            return;
        }
        slot = (slot + 1) & mask;
    }
}

__device__ uint32_t lookup_key(const HashTable t, uint32_t key)
{
    const uint32_t mask = t.capacity - 1;
    uint32_t slot = home_slot(key, mask);
    for (uint32_t probes = 0; probes < t.capacity; ++probes) {
        const uint32_t k = t.keys[slot];
        if (k == key)
            return t.counts[slot];
        if (k == kEmptyKey)
            return 0;
        slot = (slot + 1) & mask;
    }
    return 0;
}

__global__ void insert_kernel(HashTable t, const uint32_t *__restrict__ keys, uint32_t n)
{
    for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        insert_key(t, keys[i]);
}

__global__ void lookup_kernel(HashTable t, const uint32_t *__restrict__ queries, uint32_t *__restrict__ out,
                              uint32_t n)
{
    for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = lookup_key(t, queries[i]);
}

HashTable table_create(uint32_t capacity)
{
    HashTable t;
    t.capacity = capacity;
    CUDA_CHECK(cudaMalloc(&t.keys, capacity * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&t.counts, capacity * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemset(t.keys, 0xff, capacity * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemset(t.counts, 0, capacity * sizeof(uint32_t)));
    const unsigned int zero = 0;
    CUDA_CHECK(cudaMemcpyToSymbol(g_slots_used, &zero, sizeof(zero)));
    return t;
}

void table_destroy(HashTable &t)
{
    CUDA_CHECK(cudaFree(t.keys));
    CUDA_CHECK(cudaFree(t.counts));
    t.keys = t.counts = nullptr;
}

void table_insert(HashTable &t, const uint32_t *d_keys, uint32_t n)
{
    insert_kernel<<<1024, 256>>>(t, d_keys, n);
    CUDA_CHECK(cudaGetLastError());
}

void table_lookup(const HashTable &t, const uint32_t *d_queries, uint32_t *d_out, uint32_t n)
{
    lookup_kernel<<<1024, 256>>>(t, d_queries, d_out, n);
    CUDA_CHECK(cudaGetLastError());
}

uint32_t table_size()
{
    unsigned int used = 0;
    CUDA_CHECK(cudaMemcpyFromSymbol(&used, g_slots_used, sizeof(used)));
    return used;
}
