// Greedy graph colouring with the Jones-Plassmann rule.
//
// Every vertex gets a pseudo-random priority (a hash of its id, ties broken by id). In each round, an
// uncoloured vertex whose priority beats all of its uncoloured neighbours takes the smallest colour not
// used by its coloured neighbours. Those winners form an independent set, so no two neighbours pick in
// the same round and the colouring does not depend on thread order. Forbidden colours are a 64-bit mask
// (max degree here is far below 64), with a fallback scan above that.
#include <algorithm>
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

__host__ __device__ inline uint32_t priority_of(uint32_t v)
{
    v ^= v >> 16;
    v *= 0x7feb352du;
    v ^= v >> 15;
    v *= 0x846ca68bu;
    v ^= v >> 16;
    return v;
}

// True when u beats v: higher priority, or equal priority and higher id.
__host__ __device__ inline bool beats(uint32_t pu, int u, uint32_t pv, int v)
{
    return pu > pv || (pu == pv && u > v);
}

__host__ __device__ inline int smallest_free(const int *row_ptr, const int *cols, const int *color, int v)
{
    unsigned long long used = 0;
    bool high = false;
    for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e) {
        const int c = color[cols[e]];
        if (c >= 0 && c < 64)
            used |= 1ull << c;
        else if (c >= 64)
            high = true;
    }
    if (~used)
        for (int c = 0; c < 64; ++c)
            if (!((used >> c) & 1ull))
                return c;
    // More than 64 neighbour colours: linear scan (not reached with this graph).
    for (int c = 64;; ++c) {
        bool taken = false;
        for (int e = row_ptr[v]; e < row_ptr[v + 1] && high; ++e)
            taken |= color[cols[e]] == c;
        if (!taken)
            return c;
    }
}

// Reads the colouring as it stood at the start of the round and writes winners to next_color; reading
// colours written during the round would let a neighbour of a winner think it is a local maximum.
__global__ void jp_round(const int *__restrict__ row_ptr, const int *__restrict__ cols, const int *__restrict__ color,
                         int *__restrict__ next_color, int n, unsigned int *colored_now)
{
    unsigned int mine = 0;
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x) {
        if (color[v] >= 0)
            continue;
        const uint32_t pv = priority_of((uint32_t)v);
        bool local_max = true;
        for (int e = row_ptr[v]; e < row_ptr[v + 1] && local_max; ++e) {
            const int u = cols[e];
            if (color[u] < 0 && beats(priority_of((uint32_t)u), u, pv, v))
                local_max = false;
        }
        if (local_max) {
            next_color[v] = smallest_free(row_ptr, cols, color, v);
            ++mine;
        }
    }
    if (mine)
        atomicAdd(colored_now, mine);
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 19;
    // Random undirected graph, about 12 neighbours per vertex.
    std::vector<std::vector<int>> adj(n);
    uint64_t s = 0xDEADBEEFull;
    for (int u = 0; u < n; ++u)
        for (int k = 0; k < 6; ++k) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            const int v = (int)((s >> 33) % (uint64_t)n);
            if (v != u) {
                adj[u].push_back(v);
                adj[v].push_back(u);
            }
        }
    std::vector<int> row_ptr(n + 1, 0), cols;
    for (int u = 0; u < n; ++u) {
        std::sort(adj[u].begin(), adj[u].end());
        adj[u].erase(std::unique(adj[u].begin(), adj[u].end()), adj[u].end());
        cols.insert(cols.end(), adj[u].begin(), adj[u].end());
        row_ptr[u + 1] = (int)cols.size();
    }
    const int nnz = (int)cols.size();

    int *d_row, *d_cols, *d_color, *d_next;
    unsigned int *d_count;
    CUDA_CHECK(cudaMalloc(&d_row, (n + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_cols, nnz * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_color, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_next, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_count, sizeof(unsigned int)));
    CUDA_CHECK(cudaMemcpy(d_row, row_ptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_cols, cols.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_color, 0xff, n * sizeof(int)));
    CUDA_CHECK(cudaMemset(d_next, 0xff, n * sizeof(int)));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    float ms_total = 0.f;
    int rounds = 0;
    unsigned int done = 0;
    std::vector<unsigned int> per_round;
    while (done < (unsigned int)n && rounds < 10000) {
        CUDA_CHECK(cudaMemset(d_count, 0, sizeof(unsigned int)));
        CUDA_CHECK(cudaEventRecord(t0));
        jp_round<<<512, 256>>>(d_row, d_cols, d_color, d_next, n, d_count);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaMemcpyAsync(d_color, d_next, n * sizeof(int), cudaMemcpyDeviceToDevice));
        CUDA_CHECK(cudaEventRecord(t1));
        CUDA_CHECK(cudaEventSynchronize(t1));
        float ms = 0.f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
        ms_total += ms;
        unsigned int now = 0;
        CUDA_CHECK(cudaMemcpy(&now, d_count, sizeof(now), cudaMemcpyDeviceToHost));
        per_round.push_back(now);
        done += now;
        ++rounds;
    }
    std::vector<int> color(n);
    CUDA_CHECK(cudaMemcpy(color.data(), d_color, n * sizeof(int), cudaMemcpyDeviceToHost));

    // CPU reference: the same rounds, sequentially, deciding winners against the state at round start.
    std::vector<int> ref(n, -1);
    int ref_rounds = 0;
    std::vector<int> remaining(n), still;
    for (int v = 0; v < n; ++v)
        remaining[v] = v;
    for (; !remaining.empty(); ++ref_rounds) {
        std::vector<int> winners;
        still.clear();
        for (int v : remaining) {
            bool local_max = true;
            for (int e = row_ptr[v]; e < row_ptr[v + 1] && local_max; ++e) {
                const int u = cols[e];
                if (ref[u] < 0 && beats(priority_of(u), u, priority_of(v), v))
                    local_max = false;
            }
            if (local_max)
                winners.push_back(v);
            else
                still.push_back(v);
        }
        for (int v : winners)
            ref[v] = smallest_free(row_ptr.data(), cols.data(), ref.data(), v);
        remaining.swap(still);
    }
    size_t bad = 0, conflicts = 0;
    int num_colors = 0;
    long long color_sum = 0;
    for (int v = 0; v < n; ++v) {
        if (color[v] != ref[v] && bad++ < 5)
            fprintf(stderr, "vertex %d: gpu %d cpu %d\n", v, color[v], ref[v]);
        for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e)
            conflicts += color[cols[e]] == color[v];
        num_colors = std::max(num_colors, color[v] + 1);
        color_sum += color[v];
    }
    const bool ok = bad == 0 && conflicts == 0 && rounds == ref_rounds;
    if (!ok)
        fprintf(stderr, "conflicts %zu rounds gpu %d cpu %d\n", conflicts, rounds, ref_rounds);

    printf("RESULT colors %d\n", num_colors);
    printf("RESULT rounds %d\n", rounds);
    printf("RESULT color_sum %lld\n", color_sum);
    printf("RESULT first_rounds");
    for (int r = 0; r < std::min(rounds, 8); ++r)
        printf(" %u", per_round[r]);
    printf("\n");
    printf("RESULT colors_of %d %d %d %d\n", color[0], color[n / 3], color[n / 2], color[n - 1]);
    printf("TIME_MS %.4f\n", ms_total);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_row));
    CUDA_CHECK(cudaFree(d_cols));
    CUDA_CHECK(cudaFree(d_color));
    CUDA_CHECK(cudaFree(d_next));
    CUDA_CHECK(cudaFree(d_count));
    return ok ? 0 : 1;
}
