// Single-source shortest paths with a vertex-centric Bellman-Ford on a weighted directed CSR graph.
//
// Only vertices whose distance dropped in the previous round relax their out-edges; a relaxation is an
// atomicMin on the target distance, and the thread that lowers it marks the target active for the next
// round. Integer weights make the fixed point exact, so distances compare exactly with Dijkstra on the CPU.
#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
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

constexpr int kInf = INT_MAX;

__global__ void relax_active(const int *__restrict__ row_ptr, const int *__restrict__ cols,
                             const int *__restrict__ weights, int *dist, const int *__restrict__ active,
                             int *__restrict__ next_active, int n, int *changed)
{
    for (int u = blockIdx.x * blockDim.x + threadIdx.x; u < n; u += gridDim.x * blockDim.x) {
        if (!active[u])
            continue;
        const int du = dist[u];
        for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
            const int v = cols[e];
            const int nd = du + weights[e];
            if (nd < dist[v]) {
                const int old = atomicMin(&dist[v], nd);
                if (nd < old) {
                    next_active[v] = 1;
                    *changed = 1;
                }
            }
        }
    }
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 18;
    const int out_deg = 8;
    const int source = 0;

    // Directed graph: each vertex has out_deg random targets with weights 1..64, plus an edge to u+1 of
    // weight 100 so everything is reachable.
    std::vector<int> row_ptr(n + 1), cols, weights;
    uint64_t s = 0xC0FFEEull;
    for (int u = 0; u < n; ++u) {
        row_ptr[u] = (int)cols.size();
        for (int k = 0; k < out_deg; ++k) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            cols.push_back((int)((s >> 33) % (uint64_t)n));
            weights.push_back(1 + (int)((s >> 20) & 63u));
        }
        cols.push_back((u + 1) % n);
        weights.push_back(100);
    }
    row_ptr[n] = (int)cols.size();
    const int nnz = (int)cols.size();

    int *d_row, *d_cols, *d_w, *d_dist, *d_active[2], *d_changed;
    CUDA_CHECK(cudaMalloc(&d_row, (n + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_cols, nnz * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_w, nnz * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_dist, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_active[0], n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_active[1], n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_changed, sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_row, row_ptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_cols, cols.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_w, weights.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
    std::vector<int> init(n, kInf);
    init[source] = 0;
    CUDA_CHECK(cudaMemcpy(d_dist, init.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_active[0], 0, n * sizeof(int)));
    const int one = 1;
    CUDA_CHECK(cudaMemcpy(d_active[0] + source, &one, sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    float ms_total = 0.f;
    int rounds = 0, changed = 1, cur = 0;
    while (changed && rounds < n) {
        CUDA_CHECK(cudaMemset(d_changed, 0, sizeof(int)));
        CUDA_CHECK(cudaMemset(d_active[cur ^ 1], 0, n * sizeof(int)));
        CUDA_CHECK(cudaEventRecord(t0));
        relax_active<<<512, 256>>>(d_row, d_cols, d_w, d_dist, d_active[cur], d_active[cur ^ 1], n, d_changed);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventRecord(t1));
        CUDA_CHECK(cudaEventSynchronize(t1));
        float ms = 0.f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
        ms_total += ms;
        CUDA_CHECK(cudaMemcpy(&changed, d_changed, sizeof(int), cudaMemcpyDeviceToHost));
        cur ^= 1;
        ++rounds;
    }
    std::vector<int> dist(n);
    CUDA_CHECK(cudaMemcpy(dist.data(), d_dist, n * sizeof(int), cudaMemcpyDeviceToHost));

    // Dijkstra reference.
    std::vector<int> ref(n, kInf);
    using Entry = std::pair<int, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> pq;
    ref[source] = 0;
    pq.push({0, source});
    while (!pq.empty()) {
        const auto [d, u] = pq.top();
        pq.pop();
        if (d != ref[u])
            continue;
        for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
            const int nd = d + weights[e];
            if (nd < ref[cols[e]]) {
                ref[cols[e]] = nd;
                pq.push({nd, cols[e]});
            }
        }
    }
    size_t bad = 0;
    long long dist_sum = 0;
    int max_dist = 0;
    for (int v = 0; v < n; ++v) {
        if (dist[v] != ref[v] && bad++ < 5)
            fprintf(stderr, "vertex %d: gpu %d cpu %d\n", v, dist[v], ref[v]);
        dist_sum += dist[v];
        max_dist = std::max(max_dist, dist[v]);
    }
    const bool ok = bad == 0 && changed == 0;
    fprintf(stderr, "%d rounds\n", rounds);

    printf("RESULT dist_sum %lld\n", dist_sum);
    printf("RESULT max_dist %d\n", max_dist);
    printf("RESULT dists %d %d %d %d %d\n", dist[1], dist[n / 4], dist[n / 2], dist[3 * (n / 4)], dist[n - 1]);
    printf("TIME_MS %.4f\n", ms_total);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_row));
    CUDA_CHECK(cudaFree(d_cols));
    CUDA_CHECK(cudaFree(d_w));
    CUDA_CHECK(cudaFree(d_dist));
    CUDA_CHECK(cudaFree(d_active[0]));
    CUDA_CHECK(cudaFree(d_active[1]));
    CUDA_CHECK(cudaFree(d_changed));
    return ok ? 0 : 1;
}
