// Connected components with a GPU union-find.
//
// parent[v] <= v always holds, so following parents reaches the component root, its smallest vertex.
// Hooking: for every edge whose endpoints have different roots, atomicMin links the larger root under the
// smaller one. atomicMin may overwrite another thread's hook of the same root; the lost link is found
// again in the next sweep because its edge still joins two roots, so sweeps repeat until a __device__
// flag stays clear. Path compression runs between sweeps. Labels end up as the smallest vertex of each
// component, which makes the result independent of scheduling.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <numeric>
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

__device__ int g_changed;

__device__ __forceinline__ int find_root(const int *parent, int v)
{
    int p = parent[v];
    while (p != v) {
        v = p;
        p = parent[v];
    }
    return v;
}

__global__ void init_parents(int *parent, int n)
{
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x)
        parent[v] = v;
}

__global__ void hook_edges(int *parent, const int2 *__restrict__ edges, int m)
{
    for (int e = blockIdx.x * blockDim.x + threadIdx.x; e < m; e += gridDim.x * blockDim.x) {
        const int2 uv = edges[e];
        const int ru = find_root(parent, uv.x);
        const int rv = find_root(parent, uv.y);
        if (ru != rv) {
            const int hi = max(ru, rv), lo = min(ru, rv);
            atomicMin(&parent[hi], lo);
            g_changed = 1;
        }
    }
}

__global__ void compress(int *parent, int n)
{
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x)
        parent[v] = find_root(parent, v);
}

static int host_find(std::vector<int> &p, int v)
{
    while (p[v] != v) {
        p[v] = p[p[v]];
        v = p[v];
    }
    return v;
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 21;
    // Sparse random graph with average degree just above 1: one giant component plus many small ones.
    const int m = (int)(0.55 * n);
    std::vector<int2> edges(m);
    uint64_t s = 42;
    for (int e = 0; e < m; ++e) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        const int u = (int)((s >> 33) % (uint64_t)n);
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        const int v = (int)((s >> 33) % (uint64_t)n);
        edges[e] = make_int2(u, v);
    }

    int *d_parent = nullptr;
    int2 *d_edges = nullptr;
    CUDA_CHECK(cudaMalloc(&d_parent, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_edges, m * sizeof(int2)));
    CUDA_CHECK(cudaMemcpy(d_edges, edges.data(), m * sizeof(int2), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    float ms_total = 0.f, ms = 0.f;
    const int threads = 256, blocks = 1024;
    CUDA_CHECK(cudaEventRecord(t0));
    init_parents<<<blocks, threads>>>(d_parent, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
    ms_total += ms;

    int sweeps = 0, changed = 1;
    const int zero = 0;
    while (changed) {
        CUDA_CHECK(cudaMemcpyToSymbol(g_changed, &zero, sizeof(int)));
        CUDA_CHECK(cudaEventRecord(t0));
        hook_edges<<<blocks, threads>>>(d_parent, d_edges, m);
        CUDA_CHECK(cudaGetLastError());
        compress<<<blocks, threads>>>(d_parent, n);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventRecord(t1));
        CUDA_CHECK(cudaEventSynchronize(t1));
        CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
        ms_total += ms;
        CUDA_CHECK(cudaMemcpyFromSymbol(&changed, g_changed, sizeof(int)));
        if (++sweeps > 100) {
            fprintf(stderr, "no convergence\n");
            break;
        }
    }
    std::vector<int> label(n);
    CUDA_CHECK(cudaMemcpy(label.data(), d_parent, n * sizeof(int), cudaMemcpyDeviceToHost));

    // CPU reference: sequential union-find with union by smaller index.
    std::vector<int> ref(n);
    std::iota(ref.begin(), ref.end(), 0);
    for (const int2 &e : edges) {
        const int a = host_find(ref, e.x), b = host_find(ref, e.y);
        if (a != b)
            ref[std::max(a, b)] = std::min(a, b);
    }
    size_t bad = 0;
    int components = 0;
    std::vector<int> size(n, 0);
    uint64_t label_sum = 0;
    for (int v = 0; v < n; ++v) {
        const int r = host_find(ref, v);
        if (label[v] != r && bad++ < 5)
            fprintf(stderr, "vertex %d: gpu %d cpu %d\n", v, label[v], r);
        components += label[v] == v;
        if (label[v] >= 0 && label[v] < n)
            ++size[label[v]];
        label_sum += (uint64_t)label[v];
    }
    const int largest = *std::max_element(size.begin(), size.end());
    const bool ok = bad == 0 && changed == 0;

    printf("RESULT components %d\n", components);
    printf("RESULT largest_component %d\n", largest);
    printf("RESULT label_sum %llu\n", (unsigned long long)label_sum);
    printf("RESULT labels %d %d %d %d\n", label[0], label[n / 3], label[n / 2], label[n - 1]);
    printf("TIME_MS %.4f\n", ms_total);
    printf("%s\n", ok ? "PASS" : "FAIL");
    fprintf(stderr, "%d sweeps\n", sweeps);

    CUDA_CHECK(cudaFree(d_parent));
    CUDA_CHECK(cudaFree(d_edges));
    return ok ? 0 : 1;
}
