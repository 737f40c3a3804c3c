#include "trie.cuh"

__device__ unsigned int g_next_node;
__device__ unsigned int g_pool_overflow;

__device__ unsigned int trie_symbol(uint32_t key, int level, int key_len)
{
    return (key >> (2 * (key_len - 1 - level))) & 3u;
}

// Many keys may want the same missing child; the CAS lets exactly one mark it, and no node is allocated
// here, so racing threads never waste pool entries.
__device__ void trie_claim(Trie t, int node, unsigned int sym)
{
    int *slot = &t.child[node * kAlphabet + sym];
    if (*slot == kEmpty)
        atomicCAS(slot, kEmpty, kClaimed);
}

// One thread per child slot, so a claimed slot gets exactly one node.
__device__ void trie_allocate(Trie t, unsigned int slot)
{
    if (t.child[slot] != kClaimed)
        return;
    const unsigned int id = atomicAdd(&g_next_node, 1u);
    if (id >= t.capacity) {
        atomicExch(&g_pool_overflow, 1u);
        t.child[slot] = kEmpty;
        return;
    }
    t.child[slot] = (int)id;
}

// Number of keys that start with the len-symbol prefix (prefix holds 2*len bits, first symbol highest).
__device__ unsigned int trie_prefix_count(Trie t, uint32_t prefix, int len)
{
    int node = 0;
    for (int level = 0; level < len; ++level) {
        const unsigned int sym = trie_symbol(prefix, level, len);
        node = t.child[node * kAlphabet + sym];
        if (node < 0)
            return 0;
    }
    return t.count[node];
}
