// Level-synchronous breadth-first search on a CSR graph with explicit frontier queues.
//
// Each level, one thread per frontier vertex scans its neighbours; the first thread to claim a neighbour
// (atomicCAS on its level from -1) appends it to the next frontier through an atomicAdd on the queue
// length. The level of every vertex is independent of which thread wins, so levels compare exactly
// with a CPU BFS.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <queue>
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

// Undirected random graph: every vertex draws `half_deg` random partners; both directions are stored,
// duplicates and self loops dropped, adjacency sorted.
static void build_graph(int n, int half_deg, uint64_t seed, std::vector<int> &row_ptr, std::vector<int> &cols)
{
    std::vector<std::vector<int>> adj(n);
    for (int u = 0; u < n; ++u)
        for (int k = 0; k < half_deg; ++k) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            const int v = (int)((seed >> 33) % (uint64_t)n);
            if (v == u)
                continue;
            adj[u].push_back(v);
            adj[v].push_back(u);
        }
    row_ptr.assign(n + 1, 0);
    cols.clear();
    for (int u = 0; u < n; ++u) {
        std::sort(adj[u].begin(), adj[u].end());
        adj[u].erase(std::unique(adj[u].begin(), adj[u].end()), adj[u].end());
        cols.insert(cols.end(), adj[u].begin(), adj[u].end());
        row_ptr[u + 1] = (int)cols.size();
    }
}

__global__ void expand_frontier(const int *__restrict__ row_ptr, const int *__restrict__ cols,
                                const int *__restrict__ frontier, int frontier_size, int *__restrict__ next,
                                int *next_size, int *level, int depth, unsigned long long *edges_seen)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= frontier_size)
        return;
    const int u = frontier[i];
    const int begin = row_ptr[u], end = row_ptr[u + 1];
    for (int e = begin; e < end; ++e) {
        const int v = cols[e];
        if (level[v] == -1 && atomicCAS(&level[v], -1, depth + 1) == -1) {
            const int slot = atomicAdd(next_size, 1);
            next[slot] = v;
        }
    }
    atomicAdd(edges_seen, (unsigned long long)(end - begin));
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    const int source = 0;
    std::vector<int> row_ptr, cols;
    build_graph(n, 4, 0xB5ull, row_ptr, cols);
    const int nnz = (int)cols.size();

    int *d_row = nullptr, *d_cols = nullptr, *d_level = nullptr, *d_q[2] = {nullptr, nullptr}, *d_next_size = nullptr;
    unsigned long long *d_edges = nullptr;
    CUDA_CHECK(cudaMalloc(&d_row, (n + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_cols, nnz * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_level, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_q[0], n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_q[1], n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_next_size, sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_edges, sizeof(unsigned long long)));
    CUDA_CHECK(cudaMemcpy(d_row, row_ptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_cols, cols.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_level, 0xff, n * sizeof(int)));
    CUDA_CHECK(cudaMemset(d_edges, 0, sizeof(unsigned long long)));
    const int zero = 0;
    CUDA_CHECK(cudaMemcpy(d_level + source, &zero, sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_q[0], &source, sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    float ms_total = 0.f;
    int frontier_size = 1, depth = 0, cur = 0;
    std::vector<int> frontier_sizes;
    while (frontier_size > 0) {
        frontier_sizes.push_back(frontier_size);
        CUDA_CHECK(cudaMemset(d_next_size, 0, sizeof(int)));
        CUDA_CHECK(cudaEventRecord(t0));
        const int threads = 256;
        expand_frontier<<<(frontier_size + threads - 1) / threads, threads>>>(
            d_row, d_cols, d_q[cur], frontier_size, d_q[cur ^ 1], d_next_size, d_level, depth, d_edges);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventRecord(t1));
        CUDA_CHECK(cudaEventSynchronize(t1));
        float ms = 0.f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
        ms_total += ms;
        CUDA_CHECK(cudaMemcpy(&frontier_size, d_next_size, sizeof(int), cudaMemcpyDeviceToHost));
        cur ^= 1;
        ++depth;
    }

    std::vector<int> level(n);
    unsigned long long edges_seen = 0;
    CUDA_CHECK(cudaMemcpy(level.data(), d_level, n * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&edges_seen, d_edges, sizeof(edges_seen), cudaMemcpyDeviceToHost));

    // CPU BFS.
    std::vector<int> ref(n, -1);
    std::queue<int> q;
    ref[source] = 0;
    q.push(source);
    while (!q.empty()) {
        const int u = q.front();
        q.pop();
        for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e)
            if (ref[cols[e]] == -1) {
                ref[cols[e]] = ref[u] + 1;
                q.push(cols[e]);
            }
    }
    size_t bad = 0;
    long long reached = 0, level_sum = 0;
    int max_level = 0;
    for (int v = 0; v < n; ++v) {
        if (level[v] != ref[v] && bad++ < 5)
            fprintf(stderr, "vertex %d: gpu %d cpu %d\n", v, level[v], ref[v]);
        if (level[v] >= 0) {
            ++reached;
            level_sum += level[v];
            max_level = std::max(max_level, level[v]);
        }
    }
    const bool ok = bad == 0;

    printf("RESULT reached %lld\n", reached);
    printf("RESULT max_level %d\n", max_level);
    printf("RESULT level_sum %lld\n", level_sum);
    printf("RESULT edges_scanned %llu\n", edges_seen);
    printf("RESULT frontier_sizes");
    for (size_t k = 0; k < frontier_sizes.size() && k < 16; ++k)
        printf(" %d", frontier_sizes[k]);
    printf("\n");
    printf("RESULT levels %d %d %d %d\n", level[1], level[n / 3], level[n / 2], level[n - 1]);
    printf("TIME_MS %.4f\n", ms_total);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_row));
    CUDA_CHECK(cudaFree(d_cols));
    CUDA_CHECK(cudaFree(d_level));
    CUDA_CHECK(cudaFree(d_q[0]));
    CUDA_CHECK(cudaFree(d_q[1]));
    CUDA_CHECK(cudaFree(d_next_size));
    CUDA_CHECK(cudaFree(d_edges));
    return ok ? 0 : 1;
}
