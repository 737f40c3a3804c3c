// Connected components by min-label propagation with pointer jumping.
//
// Every vertex starts with its own id as label. A sweep lowers each label to the smallest label among
// itself and its neighbours (atomicMin, since neighbours update concurrently), then a jump step replaces
// label[v] by label[label[v]]. A warp reports "something changed" once, after __any_sync over its lanes,
// instead of every lane writing the flag. The fixed point labels each vertex with the smallest id in its
// component, whatever the order of updates.
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

__global__ void init_labels(int *label, int n)
{
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x)
        label[v] = v;
}

__global__ void propagate(const int *__restrict__ row_ptr, const int *__restrict__ cols, int *label, int n,
                          int *changed)
{
    const int stride = gridDim.x * blockDim.x;
    const int rounded = (n + warpSize - 1) / warpSize * warpSize;
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < rounded; v += stride) {
        bool lowered = false;
        if (v < n) {
            const int mine = label[v];
            int best = mine;
            for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e)
                best = min(best, label[cols[e]]);
            if (best < mine)
                lowered = atomicMin(&label[v], best) > best;
        }
        if (__any_sync(0xffffffffu, lowered) && (threadIdx.x % warpSize) == 0)
            *changed = 1;
    }
}

__global__ void jump(int *label, int n)
{
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x) {
        int l = label[v];
        int ll = label[l];
        while (ll < l) {
            l = ll;
            ll = label[l];
        }
        label[v] = l;
    }
}

static int root_of(std::vector<int> &p, int v)
{
    while (p[v] != v) {
        p[v] = p[p[v]];
        v = p[v];
    }
    return v;
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    // Random undirected graph with average degree about 1.4: many components, long chains.
    const int m = (int)(0.7 * n);
    std::vector<int> eu(m), ev(m);
    uint64_t s = 31337;
    for (int e = 0; e < m; ++e) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        eu[e] = (int)((s >> 33) % (uint64_t)n);
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        ev[e] = (int)((s >> 33) % (uint64_t)n);
    }
    std::vector<int> row_ptr(n + 1, 0), cols(2 * (size_t)m);
    for (int e = 0; e < m; ++e) {
        ++row_ptr[eu[e] + 1];
        ++row_ptr[ev[e] + 1];
    }
    for (int v = 0; v < n; ++v)
        row_ptr[v + 1] += row_ptr[v];
    {
        std::vector<int> fill(row_ptr.begin(), row_ptr.end() - 1);
        for (int e = 0; e < m; ++e) {
            cols[fill[eu[e]]++] = ev[e];
            cols[fill[ev[e]]++] = eu[e];
        }
    }

    int *d_row, *d_cols, *d_label, *d_changed;
    CUDA_CHECK(cudaMalloc(&d_row, (n + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_cols, cols.size() * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_label, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_changed, sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_row, row_ptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_cols, cols.data(), cols.size() * sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    float ms_total = 0.f, ms = 0.f;
    CUDA_CHECK(cudaEventRecord(t0));
    init_labels<<<512, 256>>>(d_label, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
    ms_total += ms;
    int changed = 1, sweeps = 0;
    while (changed && sweeps < 1000) {
        CUDA_CHECK(cudaMemset(d_changed, 0, sizeof(int)));
        CUDA_CHECK(cudaEventRecord(t0));
        propagate<<<512, 256>>>(d_row, d_cols, d_label, n, d_changed);
        CUDA_CHECK(cudaGetLastError());
        jump<<<512, 256>>>(d_label, n);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventRecord(t1));
        CUDA_CHECK(cudaEventSynchronize(t1));
        CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
        ms_total += ms;
        CUDA_CHECK(cudaMemcpy(&changed, d_changed, sizeof(int), cudaMemcpyDeviceToHost));
        ++sweeps;
    }
    std::vector<int> label(n);
    CUDA_CHECK(cudaMemcpy(label.data(), d_label, n * sizeof(int), cudaMemcpyDeviceToHost));
    fprintf(stderr, "%d sweeps\n", sweeps);

    std::vector<int> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    for (int e = 0; e < m; ++e) {
        const int a = root_of(parent, eu[e]), b = root_of(parent, ev[e]);
        if (a != b)
            parent[std::max(a, b)] = std::min(a, b);
    }
    size_t bad = 0;
    int components = 0, isolated = 0;
    std::vector<int> size(n, 0);
    for (int v = 0; v < n; ++v) {
        const int r = root_of(parent, v);
        if (label[v] != r && bad++ < 5)
            fprintf(stderr, "vertex %d: gpu %d cpu %d\n", v, label[v], r);
        components += label[v] == v;
        isolated += row_ptr[v + 1] == row_ptr[v];
        if (label[v] >= 0 && label[v] < n)
            ++size[label[v]];
    }
    const int largest = *std::max_element(size.begin(), size.end());
    const bool ok = bad == 0 && changed == 0;

    printf("RESULT components %d\n", components);
    printf("RESULT isolated %d\n", isolated);
    printf("RESULT largest_component %d\n", largest);
    printf("RESULT labels %d %d %d %d\n", label[7], label[n / 3], label[n / 2], label[n - 1]);
    printf("TIME_MS %.4f\n", ms_total);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_row));
    CUDA_CHECK(cudaFree(d_cols));
    CUDA_CHECK(cudaFree(d_label));
    CUDA_CHECK(cudaFree(d_changed));
    return ok ? 0 : 1;
}
