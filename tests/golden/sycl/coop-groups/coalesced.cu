#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

// warp-aggregated increment: the leader of the active threads adds for all of them
__device__ int agg_inc(int *counter) {
    cg::coalesced_group active = cg::coalesced_threads();
    int res = 0;
    if (active.thread_rank() == 0) res = atomicAdd(counter, active.size());
    res = active.shfl(res, 0);
    return res + active.thread_rank();
}

// per-bucket increment and maximum through a labeled partition of the active threads
__device__ int agg_inc_bucket(int bucket, int *counters, int *maxima, int value) {
    cg::coalesced_group active = cg::coalesced_threads();
    auto same = cg::labeled_partition(active, bucket);
    int res = 0;
    if (same.thread_rank() == 0) res = atomicAdd(&counters[bucket], same.size());
    res = same.shfl(res, 0);
    const int top = cg::reduce(same, value, cg::greater<int>());
    if (same.thread_rank() == 0) atomicMax(&maxima[bucket], top);
    cg::sync(same);
    return res + same.thread_rank();
}

__global__ void filter(int *dst, int *count, const int *src, int n) {
    cg::grid_group grid = cg::this_grid();
    for (int i = grid.thread_rank(); i < n; i += grid.size()) {
        if (src[i] > 0) dst[agg_inc(count)] = src[i];
    }
}

__global__ void buckets(const int *src, int *slots, int *counters, int *maxima, int n) {
    cg::grid_group grid = cg::this_grid();
    for (int i = grid.thread_rank(); i < n; i += grid.size()) {
        const int bucket = src[i] % 4;
        slots[agg_inc_bucket(bucket, counters, maxima, src[i])] = i;
    }
}

int main() {
    const int n = 1000;
    static int h[n], out[n];
    int counts[4], maxima[4], expect_counts[4] = {0, 0, 0, 0}, expect_max[4] = {0, 0, 0, 0};
    int positive = 0;
    long expect_sum = 0;
    for (int i = 0; i < n; ++i) {
        h[i] = (i * 37) % 11;
        positive += h[i] > 0;
        expect_sum += h[i];
        expect_counts[h[i] % 4]++;
        if (h[i] > expect_max[h[i] % 4]) expect_max[h[i] % 4] = h[i];
    }
    int *d_src, *d_dst, *d_count, *d_slots, *d_counters, *d_max;
    cudaMalloc(&d_src, n * sizeof(int));
    cudaMalloc(&d_dst, n * sizeof(int));
    cudaMalloc(&d_count, sizeof(int));
    cudaMalloc(&d_slots, n * sizeof(int));
    cudaMalloc(&d_counters, 4 * sizeof(int));
    cudaMalloc(&d_max, 4 * sizeof(int));
    cudaMemcpy(d_src, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_count, 0, sizeof(int));
    cudaMemset(d_max, 0, 4 * sizeof(int));
    filter<<<4, 64>>>(d_dst, d_count, d_src, n);
    int count = 0;
    cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(out, d_dst, count * sizeof(int), cudaMemcpyDeviceToHost);
    long sum = 0;
    for (int i = 0; i < count; ++i) sum += out[i];
    printf("filter %d %d %ld %ld\n", count, positive, sum, expect_sum);
    // bucket b's slots start at b * n
    int starts[4] = {0, n, 2 * n, 3 * n};
    cudaFree(d_slots);
    cudaMalloc(&d_slots, 4 * n * sizeof(int));
    cudaMemcpy(d_counters, starts, 4 * sizeof(int), cudaMemcpyHostToDevice);
    buckets<<<3, 128>>>(d_src, d_slots, d_counters, d_max, n);
    cudaMemcpy(counts, d_counters, 4 * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(maxima, d_max, 4 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0; b < 4; ++b)
        printf("bucket %d %d %d %d %d\n", b, counts[b] - starts[b], expect_counts[b], maxima[b], expect_max[b]);
    cudaFree(d_src);
    cudaFree(d_dst);
    cudaFree(d_count);
    cudaFree(d_slots);
    cudaFree(d_counters);
    cudaFree(d_max);
    return 0;
}
