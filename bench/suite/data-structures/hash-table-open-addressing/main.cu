// Word-count style use of a GPU hash table: count a skewed stream of keys, then look up a query set in
// which half the keys were never inserted. Checked against std::unordered_map.
#include <unordered_map>
#include <vector>
#include "hash_table.cuh"

static uint32_t lcg(uint32_t &s)
{
    s = s * 1664525u + 1013904223u;
    return s;
}

int main(int argc, char **argv)
{
    const uint32_t n_inserts = argc > 1 ? (uint32_t)atoi(argv[1]) : 1u << 22;
    const uint32_t universe = n_inserts / 4;
    const uint32_t n_queries = 1u << 20;
    uint32_t capacity = 1;
    while (capacity < 2 * universe)
        capacity <<= 1;

    // Key j of the universe is fmix32(2j+1); fmix32 is a bijection, so fmix32(2j) is never inserted.
    std::vector<uint32_t> stream(n_inserts), queries(n_queries);
    uint32_t seed = 12345u;
    for (uint32_t i = 0; i < n_inserts; ++i) {
        const uint64_t r = lcg(seed) >> 8;                         // 24 bits
        const uint32_t j = (uint32_t)((((r * r) >> 24) * universe) >> 24);  // skewed toward small j
        stream[i] = fmix32(2 * j + 1);
    }
    for (uint32_t i = 0; i < n_queries; ++i) {
        const uint32_t j = (lcg(seed) >> 4) % universe;
        queries[i] = (i & 1) ? fmix32(2 * j + 1) : fmix32(2 * j);
    }
    for (uint32_t k : stream)
        if (k == kEmptyKey) {
            fprintf(stderr, "generated key collides with the empty marker\n");
            return 1;
        }

    uint32_t *d_stream = nullptr, *d_queries = nullptr, *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_stream, n_inserts * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_queries, n_queries * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_out, n_queries * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemcpy(d_stream, stream.data(), n_inserts * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_queries, queries.data(), n_queries * sizeof(uint32_t), cudaMemcpyHostToDevice));

    HashTable table = table_create(capacity);
    cudaEvent_t ev[3];
    for (auto &e : ev)
        CUDA_CHECK(cudaEventCreate(&e));
    CUDA_CHECK(cudaEventRecord(ev[0]));
    table_insert(table, d_stream, n_inserts);
    CUDA_CHECK(cudaEventRecord(ev[1]));
    table_lookup(table, d_queries, d_out, n_queries);
    CUDA_CHECK(cudaEventRecord(ev[2]));
    CUDA_CHECK(cudaEventSynchronize(ev[2]));
    float ms_insert = 0.f, ms_lookup = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms_insert, ev[0], ev[1]));
    CUDA_CHECK(cudaEventElapsedTime(&ms_lookup, ev[1], ev[2]));
    fprintf(stderr, "insert %.3f ms, lookup %.3f ms\n", ms_insert, ms_lookup);

    std::vector<uint32_t> out(n_queries);
    CUDA_CHECK(cudaMemcpy(out.data(), d_out, n_queries * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    const uint32_t used = table_size();

    std::unordered_map<uint32_t, uint32_t> ref;
    ref.reserve(universe * 2);
    for (uint32_t k : stream)
        ++ref[k];
    size_t bad = 0;
    uint64_t found = 0, count_sum = 0, weighted = 0;
    for (uint32_t i = 0; i < n_queries; ++i) {
        auto it = ref.find(queries[i]);
        const uint32_t expect = it == ref.end() ? 0u : it->second;
        if (out[i] != expect && bad++ < 5)
            fprintf(stderr, "query %u key %08x: gpu %u cpu %u\n", i, queries[i], out[i], expect);
        found += out[i] != 0;
        count_sum += out[i];
        weighted += (uint64_t)out[i] * (i % 1000);
    }
    const bool ok = bad == 0 && used == ref.size();
    if (used != ref.size())
        fprintf(stderr, "distinct keys: gpu %u cpu %zu\n", used, ref.size());

    printf("RESULT distinct_keys %u\n", used);
    printf("RESULT queries_found %llu\n", (unsigned long long)found);
    printf("RESULT count_sum %llu %llu\n", (unsigned long long)count_sum, (unsigned long long)weighted);
    printf("RESULT samples %u %u %u %u %u\n", out[1], out[3], out[n_queries / 2 + 1], out[n_queries - 1],
           out[n_queries - 2]);
    printf("TIME_MS %.4f\n", ms_insert + ms_lookup);
    printf("%s\n", ok ? "PASS" : "FAIL");

    table_destroy(table);
    CUDA_CHECK(cudaFree(d_stream));
    CUDA_CHECK(cudaFree(d_queries));
    CUDA_CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
