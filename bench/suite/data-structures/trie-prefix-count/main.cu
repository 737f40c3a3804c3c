// Parallel trie construction and prefix counting for DNA k-mers.
//
// Keys are 14-mers cut from a random "genome" at random positions, so many repeat. The trie is built
// level by level: (1) every key claims the child it needs with atomicCAS, (2) one thread per child slot
// of the current level allocates a node from a pool counter, (3) every key steps down and increments the
// node's count with atomicAdd. Prefix queries then walk the finished trie. The host checks node counts
// per level and every query against sorted keys.
#include <algorithm>
#include <vector>
#include "trie.cuh"

__global__ void claim_kernel(Trie t, const uint32_t *__restrict__ keys, const int *__restrict__ cur, int n, int level)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        trie_claim(t, cur[i], trie_symbol(keys[i], level, t.key_len));
}

__global__ void allocate_kernel(Trie t, unsigned int first_slot, unsigned int end_slot)
{
    for (unsigned int s = first_slot + blockIdx.x * blockDim.x + threadIdx.x; s < end_slot;
         s += gridDim.x * blockDim.x)
        trie_allocate(t, s);
}

__global__ void descend_kernel(Trie t, const uint32_t *__restrict__ keys, int *__restrict__ cur, int n, int level)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const int node = t.child[cur[i] * kAlphabet + trie_symbol(keys[i], level, t.key_len)];
        cur[i] = node;
        if (node >= 0)
            atomicAdd(&t.count[node], 1u);
    }
}

__global__ void query_kernel(Trie t, const uint32_t *__restrict__ prefixes, const int *__restrict__ lens,
                             unsigned int *__restrict__ out, int q)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < q; i += gridDim.x * blockDim.x)
        out[i] = trie_prefix_count(t, prefixes[i], lens[i]);
}

static uint32_t lcg(uint32_t &s)
{
    s = s * 1664525u + 1013904223u;
    return s;
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 21;
    const int key_len = 14;
    const int genome_len = 1 << 18;
    const int n_queries = 1 << 18;

    uint32_t seed = 7u;
    std::vector<uint8_t> genome(genome_len);
    for (auto &g : genome)
        g = (lcg(seed) >> 24) & 3u;
    std::vector<uint32_t> keys(n);
    for (int i = 0; i < n; ++i) {
        const int p = (int)((lcg(seed) >> 4) % (uint32_t)(genome_len - key_len));
        uint32_t k = 0;
        for (int j = 0; j < key_len; ++j)
            k = (k << 2) | genome[p + j];
        keys[i] = k;
    }
    std::vector<uint32_t> prefixes(n_queries);
    std::vector<int> lens(n_queries);
    for (int i = 0; i < n_queries; ++i) {
        const int len = 1 + (int)((lcg(seed) >> 8) % key_len);
        const uint32_t full = (i & 1) ? keys[(lcg(seed) >> 4) % (uint32_t)n] : (lcg(seed) & ((1u << 28) - 1u));
        lens[i] = len;
        prefixes[i] = full >> (2 * (key_len - len));
    }

    // Distinct prefixes of length l are at most min(4^l, genome positions): a safe pool size.
    unsigned int capacity = 1;
    for (int l = 1; l <= key_len; ++l)
        capacity += (unsigned int)std::min<uint64_t>(1ull << (2 * l), (uint64_t)genome_len);

    Trie t;
    t.capacity = capacity;
    t.key_len = key_len;
    uint32_t *d_keys = nullptr, *d_prefixes = nullptr;
    int *d_cur = nullptr, *d_lens = nullptr;
    unsigned int *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&t.child, (size_t)capacity * kAlphabet * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&t.count, (size_t)capacity * sizeof(unsigned int)));
    CUDA_CHECK(cudaMalloc(&d_keys, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_cur, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_prefixes, n_queries * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_lens, n_queries * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_out, n_queries * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(t.child, 0xff, (size_t)capacity * kAlphabet * sizeof(int)));  // kEmpty
    CUDA_CHECK(cudaMemset(t.count, 0, (size_t)capacity * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_cur, 0, n * sizeof(int)));                                  // all at the root
    CUDA_CHECK(cudaMemcpy(t.count, &n, sizeof(unsigned int), cudaMemcpyHostToDevice));  // root count = n
    CUDA_CHECK(cudaMemcpy(d_keys, keys.data(), n * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_prefixes, prefixes.data(), n_queries * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_lens, lens.data(), n_queries * sizeof(int), cudaMemcpyHostToDevice));
    const unsigned int one = 1, zero = 0;
    CUDA_CHECK(cudaMemcpyToSymbol(g_next_node, &one, sizeof(one)));
    CUDA_CHECK(cudaMemcpyToSymbol(g_pool_overflow, &zero, sizeof(zero)));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    float ms_total = 0.f, ms = 0.f;
    std::vector<unsigned int> level_nodes(key_len + 1, 0);
    level_nodes[0] = 1;
    unsigned int level_begin = 0, level_end = 1;
    for (int level = 0; level < key_len; ++level) {
        CUDA_CHECK(cudaEventRecord(t0));
        claim_kernel<<<512, 256>>>(t, d_keys, d_cur, n, level);
        CUDA_CHECK(cudaGetLastError());
        allocate_kernel<<<256, 256>>>(t, level_begin * kAlphabet, level_end * kAlphabet);
        CUDA_CHECK(cudaGetLastError());
        descend_kernel<<<512, 256>>>(t, d_keys, d_cur, n, level);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventRecord(t1));
        CUDA_CHECK(cudaEventSynchronize(t1));
        CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
        ms_total += ms;
        unsigned int next = 0;
        CUDA_CHECK(cudaMemcpyFromSymbol(&next, g_next_node, sizeof(next)));
        level_begin = level_end;
        level_end = std::min(next, capacity);
        level_nodes[level + 1] = level_end - level_begin;
    }
    CUDA_CHECK(cudaEventRecord(t0));
    query_kernel<<<256, 256>>>(t, d_prefixes, d_lens, d_out, n_queries);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
    ms_total += ms;

    unsigned int overflow = 0;
    CUDA_CHECK(cudaMemcpyFromSymbol(&overflow, g_pool_overflow, sizeof(overflow)));
    std::vector<unsigned int> out(n_queries);
    CUDA_CHECK(cudaMemcpy(out.data(), d_out, n_queries * sizeof(unsigned int), cudaMemcpyDeviceToHost));

    // CPU reference from the sorted keys.
    std::vector<uint32_t> sorted(keys);
    std::sort(sorted.begin(), sorted.end());
    bool ok = overflow == 0;
    uint64_t total_nodes = 1;
    for (int l = 1; l <= key_len; ++l) {
        unsigned int distinct = 0;
        uint32_t prev = 0xffffffffu;
        for (uint32_t k : sorted) {
            const uint32_t p = k >> (2 * (key_len - l));
            distinct += p != prev;
            prev = p;
        }
        if (distinct != level_nodes[l]) {
            fprintf(stderr, "level %d: gpu %u nodes, cpu %u\n", l, level_nodes[l], distinct);
            ok = false;
        }
        total_nodes += level_nodes[l];
    }
    uint64_t count_sum = 0, found = 0;
    size_t bad = 0;
    for (int i = 0; i < n_queries; ++i) {
        const int shift = 2 * (key_len - lens[i]);
        const uint32_t lo = prefixes[i] << shift;
        const uint32_t hi = lo + (1u << shift);  // prefixes are < 2^28, so no overflow
        const auto a = std::lower_bound(sorted.begin(), sorted.end(), lo);
        const auto b = std::lower_bound(sorted.begin(), sorted.end(), hi);
        const unsigned int expect = (unsigned int)(b - a);
        if (out[i] != expect && bad++ < 5)
            fprintf(stderr, "query %d (len %d): gpu %u cpu %u\n", i, lens[i], out[i], expect);
        count_sum += out[i];
        found += out[i] != 0;
    }
    ok = ok && bad == 0;

    printf("RESULT total_nodes %llu\n", (unsigned long long)total_nodes);
    printf("RESULT level_nodes %u %u %u %u %u %u\n", level_nodes[1], level_nodes[4], level_nodes[8],
           level_nodes[10], level_nodes[12], level_nodes[14]);
    printf("RESULT query_count_sum %llu\n", (unsigned long long)count_sum);
    printf("RESULT queries_found %llu\n", (unsigned long long)found);
    printf("RESULT samples %u %u %u %u\n", out[0], out[1], out[n_queries / 2 + 1], out[n_queries - 1]);
    printf("TIME_MS %.4f\n", ms_total);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(t.child));
    CUDA_CHECK(cudaFree(t.count));
    CUDA_CHECK(cudaFree(d_keys));
    CUDA_CHECK(cudaFree(d_cur));
    CUDA_CHECK(cudaFree(d_prefixes));
    CUDA_CHECK(cudaFree(d_lens));
    CUDA_CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
