// Triangle counting by sorted-list intersection on an oriented graph.
//
// Every undirected edge is kept once, from the lower to the higher vertex id, so each triangle u<v<w is
// seen exactly once: at edge (u,v), as the common out-neighbour w. One thread per oriented edge merges the
// two sorted out-lists; per-vertex counts go to global memory with atomicAdd, and the total is reduced in
// the warp with shuffles and added once per warp to a 64-bit counter.
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

__device__ __forceinline__ int intersect_count(const int *a, int na, const int *b, int nb)
{
    int i = 0, j = 0, c = 0;
    while (i < na && j < nb) {
        const int x = a[i], y = b[j];
        c += x == y;
        i += x <= y;
        j += y <= x;
    }
    return c;
}

__global__ void count_triangles(const int *__restrict__ row_ptr, const int *__restrict__ cols,
                                const int *__restrict__ edge_src, int m, unsigned int *per_vertex,
                                unsigned long long *total)
{
    const int stride = gridDim.x * blockDim.x;
    const int rounded = (m + 31) & ~31;  // warp-uniform trip count for the shuffles below
    for (int e = blockIdx.x * blockDim.x + threadIdx.x; e < rounded; e += stride) {
        unsigned long long c = 0;
        if (e < m) {
            const int u = edge_src[e];
            const int v = cols[e];
            c = intersect_count(cols + row_ptr[u], row_ptr[u + 1] - row_ptr[u], cols + row_ptr[v],
                                row_ptr[v + 1] - row_ptr[v]);
            if (c)
                atomicAdd(&per_vertex[u], (unsigned int)c);
        }
        for (int off = 16; off > 0; off >>= 1)
            c += __shfl_down_sync(0xffffffffu, c, off);
        if ((threadIdx.x & 31) == 0 && c)
            atomicAdd(total, c);
    }
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 17;
    const int community = 64;

    // Clustered graph: dense random edges inside communities of 64 vertices plus sparse random edges
    // between them. Stored oriented (low -> high), deduplicated and sorted.
    std::vector<std::vector<int>> out(n);
    uint64_t s = 2718281828ull;
    auto rnd = [&]() {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return (uint32_t)(s >> 32);
    };
    for (int u = 0; u < n; ++u) {
        const int cbase = u - u % community;
        for (int k = 0; k < 10; ++k) {
            const int v = cbase + (int)(rnd() % community);
            if (v < n && v != u)
                out[std::min(u, v)].push_back(std::max(u, v));
        }
        for (int k = 0; k < 3; ++k) {
            const int v = (int)(rnd() % (uint32_t)n);
            if (v != u)
                out[std::min(u, v)].push_back(std::max(u, v));
        }
    }
    std::vector<int> row_ptr(n + 1, 0), cols, edge_src;
    for (int u = 0; u < n; ++u) {
        std::sort(out[u].begin(), out[u].end());
        out[u].erase(std::unique(out[u].begin(), out[u].end()), out[u].end());
        for (int v : out[u]) {
            cols.push_back(v);
            edge_src.push_back(u);
        }
        row_ptr[u + 1] = (int)cols.size();
    }
    const int m = (int)cols.size();

    int *d_row, *d_cols, *d_src;
    unsigned int *d_per_vertex;
    unsigned long long *d_total;
    CUDA_CHECK(cudaMalloc(&d_row, (n + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_cols, m * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_src, m * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_per_vertex, n * sizeof(unsigned int)));
    CUDA_CHECK(cudaMalloc(&d_total, sizeof(unsigned long long)));
    CUDA_CHECK(cudaMemcpy(d_row, row_ptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_cols, cols.data(), m * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_src, edge_src.data(), m * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_per_vertex, 0, n * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_total, 0, sizeof(unsigned long long)));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    count_triangles<<<1024, 256>>>(d_row, d_cols, d_src, m, d_per_vertex, d_total);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    unsigned long long total = 0;
    std::vector<unsigned int> per_vertex(n);
    CUDA_CHECK(cudaMemcpy(&total, d_total, sizeof(total), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(per_vertex.data(), d_per_vertex, n * sizeof(unsigned int), cudaMemcpyDeviceToHost));

    // CPU reference: the same intersection with std::set_intersection semantics, per source vertex.
    std::vector<unsigned int> ref(n, 0);
    unsigned long long ref_total = 0;
    for (int u = 0; u < n; ++u)
        for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
            const int v = cols[e];
            int i = row_ptr[u], j = row_ptr[v], c = 0;
            while (i < row_ptr[u + 1] && j < row_ptr[v + 1]) {
                if (cols[i] < cols[j])
                    ++i;
                else if (cols[i] > cols[j])
                    ++j;
                else {
                    ++c;
                    ++i;
                    ++j;
                }
            }
            ref[u] += c;
            ref_total += c;
        }
    size_t bad = 0;
    unsigned int max_local = 0;
    for (int u = 0; u < n; ++u) {
        if (ref[u] != per_vertex[u] && bad++ < 5)
            fprintf(stderr, "vertex %d: gpu %u cpu %u\n", u, per_vertex[u], ref[u]);
        max_local = std::max(max_local, per_vertex[u]);
    }
    const bool ok = bad == 0 && total == ref_total;
    if (total != ref_total)
        fprintf(stderr, "total gpu %llu cpu %llu\n", total, ref_total);

    printf("RESULT oriented_edges %d\n", m);
    printf("RESULT triangles %llu\n", total);
    printf("RESULT max_per_vertex %u\n", max_local);
    printf("RESULT per_vertex %u %u %u %u\n", per_vertex[0], per_vertex[n / 3], per_vertex[n / 2], per_vertex[n - 70]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_row));
    CUDA_CHECK(cudaFree(d_cols));
    CUDA_CHECK(cudaFree(d_src));
    CUDA_CHECK(cudaFree(d_per_vertex));
    CUDA_CHECK(cudaFree(d_total));
    return ok ? 0 : 1;
}
