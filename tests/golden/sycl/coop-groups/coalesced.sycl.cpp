#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#ifndef GPUPORT_COALESCED_GROUP
#define GPUPORT_COALESCED_GROUP
// cooperative_groups::coalesced_group: the threads active at the call, this work-item alone (CUDA lets it
// be any non-empty set of the active threads, so code correct in CUDA does not depend on its size).
struct gpuport_coalesced_group {
  unsigned long long thread_rank() const { return 0; }
  unsigned long long size() const { return 1; }
  unsigned long long num_threads() const { return 1; }
  unsigned long long meta_group_rank() const { return 0; }
  unsigned long long meta_group_size() const { return 1; }
  void sync() const {}
  template <class T> T shfl(T v, unsigned int) const { return v; }
  template <class T> T shfl_up(T v, unsigned int) const { return v; }
  template <class T> T shfl_down(T v, unsigned int) const { return v; }
  template <class T> T shfl_xor(T v, unsigned int) const { return v; }
  bool any(int p) const { return p != 0; }
  bool all(int p) const { return p != 0; }
  unsigned int ballot(int p) const { return p != 0 ? 1u : 0u; }
  template <class T> unsigned int match_any(T) const { return 1u; }
};
// labeled_partition / binary_partition of a group of one work-item: that work-item again
template <class L> inline gpuport_coalesced_group gpuport_labeled_partition(gpuport_coalesced_group g, L) {
  return g;
}
inline gpuport_coalesced_group gpuport_binary_partition(gpuport_coalesced_group g, bool) { return g; }
template <class T, class Op> inline T gpuport_reduce(gpuport_coalesced_group, T v, Op) { return v; }
#endif
#ifndef GPUPORT_GRID_GROUP
#define GPUPORT_GRID_GROUP
// cooperative_groups::grid_group: every work-item of the launch (no sync(): no standard SYCL 2020 form)
struct gpuport_grid_group {
  sycl::nd_item<3> item;
  explicit gpuport_grid_group(const sycl::nd_item<3> &it) : item(it) {}
  bool is_valid() const { return true; }
  unsigned long long thread_rank() const {
    return item.get_group_linear_id() * item.get_local_range().size() + item.get_local_linear_id();
  }
  unsigned long long size() const { return item.get_global_range().size(); }
  unsigned long long num_threads() const { return item.get_global_range().size(); }
  unsigned long long block_rank() const { return item.get_group_linear_id(); }
  unsigned long long num_blocks() const { return item.get_group_range().size(); }
};
#endif

// warp-aggregated increment: the leader of the active threads adds for all of them
int agg_inc(int *counter) {
    gpuport_coalesced_group active = gpuport_coalesced_group();
    int res = 0;
    if (active.thread_rank() == 0) res = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(*counter).fetch_add(static_cast<int>(active.size()));
    res = active.shfl(res, 0);
    return res + active.thread_rank();
}

// per-bucket increment and maximum through a labeled partition of the active threads
int agg_inc_bucket(int bucket, int *counters, int *maxima, int value) {
    gpuport_coalesced_group active = gpuport_coalesced_group();
    auto same = gpuport_labeled_partition(active, bucket);
    int res = 0;
    if (same.thread_rank() == 0) res = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(counters[bucket]).fetch_add(static_cast<int>(same.size()));
    res = same.shfl(res, 0);
    const int top = gpuport_reduce(same, value, sycl::maximum<int>());
    if (same.thread_rank() == 0) sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(maxima[bucket]).fetch_max(static_cast<int>(top));
    same.sync();
    return res + same.thread_rank();
}

void filter(int *dst, int *count, const int *src, int n, const sycl::nd_item<3> &item) {
    gpuport_grid_group grid = gpuport_grid_group(item);
    for (int i = grid.thread_rank(); i < n; i += grid.size()) {
        if (src[i] > 0) dst[agg_inc(count)] = src[i];
    }
}

void buckets(const int *src, int *slots, int *counters, int *maxima, int n, const sycl::nd_item<3> &item) {
    gpuport_grid_group grid = gpuport_grid_group(item);
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
    d_src = (int *)sycl::malloc_device(n * sizeof(int), gpuport_queue());
    d_dst = (int *)sycl::malloc_device(n * sizeof(int), gpuport_queue());
    d_count = (int *)sycl::malloc_device(sizeof(int), gpuport_queue());
    d_slots = (int *)sycl::malloc_device(n * sizeof(int), gpuport_queue());
    d_counters = (int *)sycl::malloc_device(4 * sizeof(int), gpuport_queue());
    d_max = (int *)sycl::malloc_device(4 * sizeof(int), gpuport_queue());
    gpuport_queue().memcpy(d_src, h, n * sizeof(int)).wait();
    gpuport_queue().memset(d_count, 0, sizeof(int)).wait();
    gpuport_queue().memset(d_max, 0, 4 * sizeof(int)).wait();
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 4) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) { filter(d_dst, d_count, d_src, n, item); });
    int count = 0;
    gpuport_queue().memcpy(&count, d_count, sizeof(int)).wait();
    gpuport_queue().memcpy(out, d_dst, count * sizeof(int)).wait();
    long sum = 0;
    for (int i = 0; i < count; ++i) sum += out[i];
    printf("filter %d %d %ld %ld\n", count, positive, sum, expect_sum);
    // bucket b's slots start at b * n
    int starts[4] = {0, n, 2 * n, 3 * n};
    sycl::free(d_slots, gpuport_queue());
    d_slots = (int *)sycl::malloc_device(4 * n * sizeof(int), gpuport_queue());
    gpuport_queue().memcpy(d_counters, starts, 4 * sizeof(int)).wait();
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 3) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { buckets(d_src, d_slots, d_counters, d_max, n, item); });
    gpuport_queue().memcpy(counts, d_counters, 4 * sizeof(int)).wait();
    gpuport_queue().memcpy(maxima, d_max, 4 * sizeof(int)).wait();
    for (int b = 0; b < 4; ++b)
        printf("bucket %d %d %d %d %d\n", b, counts[b] - starts[b], expect_counts[b], maxima[b], expect_max[b]);
    sycl::free(d_src, gpuport_queue());
    sycl::free(d_dst, gpuport_queue());
    sycl::free(d_count, gpuport_queue());
    sycl::free(d_slots, gpuport_queue());
    sycl::free(d_counters, gpuport_queue());
    sycl::free(d_max, gpuport_queue());
    return 0;
}
