// Stable merge of two sorted key/value arrays (3M and 5M pairs) with the merge path method.
//
// Kernel 1 cuts the output into equal tiles: for each tile boundary (a diagonal of the merge matrix) a
// binary search finds how many elements come from A. Kernel 2 loads each tile's A and B pieces into
// shared memory; every thread finds its own sub-diagonal by the same search inside the tile and merges
// its ITEMS outputs sequentially. Ties take A first, so the merge is stable and matches std::merge.
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

constexpr int kThreads = 128;
constexpr int kItems = 8;
constexpr int kTile = kThreads * kItems;

// Number of elements taken from a (length na) among the first `diag` outputs of merge(a, b).
__host__ __device__ inline int merge_path(const uint32_t *a, int na, const uint32_t *b, int nb, int diag)
{
    int lo = max(0, diag - nb);
    int hi = min(diag, na);
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (a[mid] <= b[diag - 1 - mid])
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

__global__ void partition_kernel(const uint32_t *a, int na, const uint32_t *b, int nb, int *splits, int n_tiles)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t > n_tiles)
        return;
    const int diag = min(t * kTile, na + nb);
    splits[t] = merge_path(a, na, b, nb, diag);
}

__global__ void __launch_bounds__(kThreads) merge_kernel(const uint32_t *__restrict__ a_keys,
                                                         const uint32_t *__restrict__ a_vals, int na,
                                                         const uint32_t *__restrict__ b_keys,
                                                         const uint32_t *__restrict__ b_vals, int nb,
                                                         const int *__restrict__ splits, uint32_t *__restrict__ out_keys,
                                                         uint32_t *__restrict__ out_vals)
{
    __shared__ uint32_t s_keys[kTile];
    __shared__ uint32_t s_vals[kTile];
    const int tile = blockIdx.x;
    const int d0 = tile * kTile, d1 = min(d0 + kTile, na + nb);
    const int a0 = splits[tile], a1 = splits[tile + 1];
    const int b0 = d0 - a0, b1 = d1 - a1;
    const int la = a1 - a0, lb = b1 - b0;

    // A piece first, then the B piece, in one shared buffer.
    for (int i = threadIdx.x; i < la + lb; i += blockDim.x) {
        if (i < la) {
            s_keys[i] = a_keys[a0 + i];
            s_vals[i] = a_vals[a0 + i];
        } else {
            s_keys[i] = b_keys[b0 + i - la];
            s_vals[i] = b_vals[b0 + i - la];
        }
    }
    __syncthreads();

    const uint32_t *sa = s_keys, *sb = s_keys + la;
    const int diag = min(threadIdx.x * kItems, la + lb);
    int i = merge_path(sa, la, sb, lb, diag);
    int j = diag - i;
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
        const int o = diag + k;
        if (o >= la + lb)
            break;
        const bool take_a = j >= lb || (i < la && sa[i] <= sb[j]);
        if (take_a) {
            out_keys[d0 + o] = sa[i];
            out_vals[d0 + o] = s_vals[i];
            ++i;
        } else {
            out_keys[d0 + o] = sb[j];
            out_vals[d0 + o] = s_vals[la + j];
            ++j;
        }
    }
}

int main(int argc, char **argv)
{
    const int na = argc > 1 ? atoi(argv[1]) : 3 << 20;
    const int nb = argc > 2 ? atoi(argv[2]) : 5 << 20;
    const int n = na + nb;

    // Two sorted runs with many equal keys across them; values record the origin (bit 31 marks B).
    std::vector<uint32_t> ak(na), av(na), bk(nb), bv(nb);
    uint32_t s = 1u, key = 0;
    for (int i = 0; i < na; ++i) {
        s = s * 1664525u + 1013904223u;
        key += s >> 29;  // steps 0..7
        ak[i] = key;
        av[i] = (uint32_t)i;
    }
    key = 0;
    for (int i = 0; i < nb; ++i) {
        s = s * 1664525u + 1013904223u;
        key += (s >> 28) & 7u;  // steps 0..7, a different rate of ties
        bk[i] = key / 2 * 3;
        bv[i] = 0x80000000u | (uint32_t)i;
    }
    for (int i = 1; i < nb; ++i)
        if (bk[i] < bk[i - 1]) {
            fprintf(stderr, "B is not sorted\n");
            return 1;
        }

    const int n_tiles = (n + kTile - 1) / kTile;
    uint32_t *d_ak, *d_av, *d_bk, *d_bv, *d_ok, *d_ov;
    int *d_splits;
    CUDA_CHECK(cudaMalloc(&d_ak, na * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_av, na * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_bk, nb * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_bv, nb * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_ok, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_ov, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_splits, (n_tiles + 1) * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_ak, ak.data(), na * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_av, av.data(), na * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_bk, bk.data(), nb * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_bv, bv.data(), nb * sizeof(uint32_t), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    partition_kernel<<<(n_tiles + 1 + 255) / 256, 256>>>(d_ak, na, d_bk, nb, d_splits, n_tiles);
    CUDA_CHECK(cudaGetLastError());
    merge_kernel<<<n_tiles, kThreads>>>(d_ak, d_av, na, d_bk, d_bv, nb, d_splits, d_ok, d_ov);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<uint32_t> ok_keys(n), ok_vals(n);
    CUDA_CHECK(cudaMemcpy(ok_keys.data(), d_ok, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(ok_vals.data(), d_ov, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));

    // CPU reference: std::merge on (key, value) pairs compared by key only (stable, A first on ties).
    struct KV {
        uint32_t k, v;
    };
    std::vector<KV> a(na), b(nb), ref(n);
    for (int i = 0; i < na; ++i)
        a[i] = {ak[i], av[i]};
    for (int i = 0; i < nb; ++i)
        b[i] = {bk[i], bv[i]};
    std::merge(a.begin(), a.end(), b.begin(), b.end(), ref.begin(), [](const KV &x, const KV &y) { return x.k < y.k; });
    size_t bad = 0;
    uint64_t checksum = 0;
    for (int i = 0; i < n; ++i) {
        if ((ok_keys[i] != ref[i].k || ok_vals[i] != ref[i].v) && bad++ < 5)
            fprintf(stderr, "out %d: gpu (%u,%08x) cpu (%u,%08x)\n", i, ok_keys[i], ok_vals[i], ref[i].k, ref[i].v);
        checksum = checksum * 1099511628211ull + ok_vals[i];
    }
    const bool ok = bad == 0;

    printf("RESULT value_order_hash %llu\n", (unsigned long long)checksum);
    printf("RESULT keys %u %u %u %u\n", ok_keys[0], ok_keys[n / 3], ok_keys[n / 2], ok_keys[n - 1]);
    printf("RESULT vals %08x %08x %08x %08x\n", ok_vals[0], ok_vals[n / 3], ok_vals[n / 2], ok_vals[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_ak));
    CUDA_CHECK(cudaFree(d_av));
    CUDA_CHECK(cudaFree(d_bk));
    CUDA_CHECK(cudaFree(d_bv));
    CUDA_CHECK(cudaFree(d_ok));
    CUDA_CHECK(cudaFree(d_ov));
    CUDA_CHECK(cudaFree(d_splits));
    return ok ? 0 : 1;
}
