// GPUPrefixSums' CUB baseline: the in-place device scans of CUB 2.2 (one pointer for input and output),
// a temporary-storage query first, one on a stream; the out-of-place forms stay as written.
#include <sycl/sycl.hpp>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_CUB_DEVICE
#define GPUPORT_CUB_DEVICE
#include <algorithm>
#include <cstddef>
#include <limits>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>
// CUB's device-wide algorithms in standard SYCL 2020 (gpuport GP256): a call with a null temporary buffer
// reports a size; the other runs the algorithm on a host copy and writes the results back to the device.
namespace gpuport_cub {
inline sycl::queue &queue_of(sycl::queue *s) { return s != nullptr ? *s : gpuport_queue(); }
template <typename It> using value_of = std::remove_cv_t<std::remove_reference_t<decltype(*std::declval<It>())>>;
template <typename It> std::vector<value_of<It>> to_host(sycl::queue &q, It in, std::size_t n) {
  using T = value_of<It>;
  std::vector<T> h(n);
  if (n == 0) return h;
  if constexpr (std::is_pointer_v<It>) {
    q.memcpy(h.data(), in, n * sizeof(T)).wait();
  } else {  // an iterator a kernel reads (a transform iterator over device memory)
    T *tmp = sycl::malloc_device<T>(n, q);
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { tmp[i] = in[i[0]]; }).wait();
    q.memcpy(h.data(), tmp, n * sizeof(T)).wait();
    sycl::free(tmp, q);
  }
  return h;
}
template <typename T> void to_device(sycl::queue &q, T *out, const std::vector<T> &h) {
  if (!h.empty()) q.memcpy(out, h.data(), h.size() * sizeof(T)).wait();
}
template <typename T> void put(sycl::queue &q, T *out, T v) { q.memcpy(out, &v, sizeof(T)).wait(); }
template <typename T, typename Op> T tree(const T *v, std::size_t n, Op op) {  // n >= 1, pairwise
  if (n <= 8) {
    T r = v[0];
    for (std::size_t i = 1; i < n; i++) r = op(r, v[i]);
    return r;
  }
  return op(tree(v, n / 2, op), tree(v + n / 2, n - n / 2, op));
}
struct max_op { template <typename T> T operator()(const T &a, const T &b) const { return a < b ? b : a; } };
struct min_op { template <typename T> T operator()(const T &a, const T &b) const { return b < a ? b : a; } };
struct sum_op { template <typename T> T operator()(const T &a, const T &b) const { return a + b; } };
template <typename T> struct DoubleBuffer {
  T *d_buffers[2] = {nullptr, nullptr};
  int selector = 0;
  DoubleBuffer() = default;
  DoubleBuffer(T *current, T *alternate) : d_buffers{current, alternate} {}
  T *Current() const { return d_buffers[selector]; }
  T *Alternate() const { return d_buffers[selector ^ 1]; }
};
template <typename In, typename Out, typename Op, typename A>
int reduce_to(void *tmp, std::size_t &bytes, In in, Out *out, int n, Op op, A init, bool with_init, sycl::queue *s) {
  if (tmp == nullptr) { bytes = 1; return 0; }
  sycl::queue &q = queue_of(s);
  std::vector<A> h;
  for (auto &v : to_host(q, in, n)) h.push_back(static_cast<A>(v));
  A r = h.empty() ? init : (with_init ? op(init, tree(h.data(), h.size(), op)) : tree(h.data(), h.size(), op));
  put(q, out, static_cast<Out>(r));
  return 0;
}
struct DeviceReduce {
  template <typename In, typename Out>
  static int Sum(void *tmp, std::size_t &bytes, In in, Out *out, int n, sycl::queue *s = nullptr, bool = false) {
    return reduce_to(tmp, bytes, in, out, n, sum_op(), Out(), false, s);
  }
  template <typename In, typename Out>
  static int Max(void *tmp, std::size_t &bytes, In in, Out *out, int n, sycl::queue *s = nullptr, bool = false) {
    return reduce_to(tmp, bytes, in, out, n, max_op(), std::numeric_limits<Out>::lowest(), false, s);
  }
  template <typename In, typename Out>
  static int Min(void *tmp, std::size_t &bytes, In in, Out *out, int n, sycl::queue *s = nullptr, bool = false) {
    return reduce_to(tmp, bytes, in, out, n, min_op(), std::numeric_limits<Out>::max(), false, s);
  }
  template <typename In, typename Out, typename Op, typename T>
  static int Reduce(void *tmp, std::size_t &bytes, In in, Out *out, int n, Op op, T init, sycl::queue *s = nullptr,
                    bool = false) {
    return reduce_to(tmp, bytes, in, out, n, op, init, true, s);
  }
};
struct DeviceSegmentedReduce {
  template <typename In, typename Out, typename Off, typename Op, typename T>
  static int Reduce(void *tmp, std::size_t &bytes, In in, Out *out, int segments, Off begins, Off ends, Op op,
                    T init, sycl::queue *s = nullptr, bool = false) {
    if (tmp == nullptr) { bytes = 1; return 0; }
    sycl::queue &q = queue_of(s);
    auto b = to_host(q, begins, segments);
    auto e = to_host(q, ends, segments);
    std::size_t last = 0;
    for (int i = 0; i < segments; i++) last = std::max<std::size_t>(last, e[i]);
    auto h = to_host(q, in, last);
    std::vector<Out> r(segments);
    for (int i = 0; i < segments; i++) {
      T acc = init;
      if (e[i] > b[i]) {
        std::vector<T> seg(h.begin() + b[i], h.begin() + e[i]);
        acc = op(init, tree(seg.data(), seg.size(), op));
      }
      r[i] = static_cast<Out>(acc);
    }
    to_device(q, out, r);
    return 0;
  }
  template <typename In, typename Out, typename Off>
  static int Sum(void *tmp, std::size_t &bytes, In in, Out *out, int segments, Off begins, Off ends,
                 sycl::queue *s = nullptr, bool = false) {
    return Reduce(tmp, bytes, in, out, segments, begins, ends, sum_op(), Out(), s);
  }
  template <typename In, typename Out, typename Off>
  static int Max(void *tmp, std::size_t &bytes, In in, Out *out, int segments, Off begins, Off ends,
                 sycl::queue *s = nullptr, bool = false) {
    return Reduce(tmp, bytes, in, out, segments, begins, ends, max_op(), std::numeric_limits<Out>::lowest(), s);
  }
  template <typename In, typename Out, typename Off>
  static int Min(void *tmp, std::size_t &bytes, In in, Out *out, int segments, Off begins, Off ends,
                 sycl::queue *s = nullptr, bool = false) {
    return Reduce(tmp, bytes, in, out, segments, begins, ends, min_op(), std::numeric_limits<Out>::max(), s);
  }
};
struct DeviceScan {
  template <typename In, typename Out, typename Op>
  static int scan(void *tmp, std::size_t &bytes, In in, Out *out, int n, Op op, const Out *init, sycl::queue *s) {
    if (tmp == nullptr) { bytes = 1; return 0; }
    sycl::queue &q = queue_of(s);
    auto h = to_host(q, in, n);
    std::vector<Out> r(h.size());
    if (!h.empty()) {
      Out acc = init != nullptr ? *init : static_cast<Out>(h[0]);
      for (std::size_t i = 0; i < h.size(); i++) {
        if (init != nullptr) {  // exclusive: the sum of the items before this one
          r[i] = acc;
          acc = op(acc, static_cast<Out>(h[i]));
        } else {
          if (i > 0) acc = op(acc, static_cast<Out>(h[i]));
          r[i] = acc;
        }
      }
    }
    to_device(q, out, r);
    return 0;
  }
  template <typename In, typename Out>
  static int InclusiveSum(void *tmp, std::size_t &bytes, In in, Out *out, int n, sycl::queue *s = nullptr,
                          bool = false) {
    return scan(tmp, bytes, in, out, n, sum_op(), static_cast<const Out *>(nullptr), s);
  }
  template <typename In, typename Out>
  static int ExclusiveSum(void *tmp, std::size_t &bytes, In in, Out *out, int n, sycl::queue *s = nullptr,
                          bool = false) {
    const Out zero = Out();
    return scan(tmp, bytes, in, out, n, sum_op(), &zero, s);
  }
  template <typename In, typename Out, typename Op>
  static int InclusiveScan(void *tmp, std::size_t &bytes, In in, Out *out, Op op, int n, sycl::queue *s = nullptr,
                           bool = false) {
    return scan(tmp, bytes, in, out, n, op, static_cast<const Out *>(nullptr), s);
  }
  template <typename In, typename Out, typename Op, typename T>
  static int ExclusiveScan(void *tmp, std::size_t &bytes, In in, Out *out, Op op, T init, int n,
                           sycl::queue *s = nullptr, bool = false) {
    const Out first = static_cast<Out>(init);
    return scan(tmp, bytes, in, out, n, op, &first, s);
  }
};
// The keys (and values, when given) in the order idx gives, written to the outputs.
template <typename K, typename V>
int write_sorted(sycl::queue &q, const std::vector<std::size_t> &idx, const std::vector<K> &k, K *kout, const V *vin,
                 V *vout, int n) {
  std::vector<K> ks(k.size());
  for (std::size_t i = 0; i < idx.size(); i++) ks[i] = k[idx[i]];
  if (vin != nullptr) {
    auto v = to_host(q, vin, n);
    std::vector<V> vs(v.size());
    for (std::size_t i = 0; i < idx.size(); i++) vs[i] = v[idx[i]];
    to_device(q, vout, vs);
  }
  to_device(q, kout, ks);
  return 0;
}
struct DeviceRadixSort {
  // The key bits [begin, end) a radix sort looks at; the whole key orders keys as numbers.
  template <typename K> static bool before(const K &a, const K &b, int begin, int end, bool descending) {
    if constexpr (std::is_integral_v<K>) {
      if (begin > 0 || end < int(sizeof(K) * 8)) {
        using U = std::make_unsigned_t<K>;
        U mask = end - begin >= int(sizeof(U) * 8) ? U(~U(0)) : U((U(1) << (end - begin)) - 1);
        U x = U(U(a) >> begin) & mask, y = U(U(b) >> begin) & mask;
        return descending ? y < x : x < y;
      }
    }
    return descending ? b < a : a < b;
  }
  template <typename K, typename V>
  static int sort(void *tmp, std::size_t &bytes, const K *kin, K *kout, const V *vin, V *vout, int n, int begin,
                  int end, bool descending, sycl::queue *s) {
    if (tmp == nullptr) { bytes = 1; return 0; }
    sycl::queue &q = queue_of(s);
    auto k = to_host(q, kin, n);
    std::vector<std::size_t> idx(k.size());
    std::iota(idx.begin(), idx.end(), std::size_t(0));
    std::stable_sort(idx.begin(), idx.end(),
                     [&](std::size_t a, std::size_t b) { return before(k[a], k[b], begin, end, descending); });
    return write_sorted(q, idx, k, kout, vin, vout, n);
  }
  template <typename K>
  static int SortKeys(void *tmp, std::size_t &bytes, const K *kin, K *kout, int n, int begin = 0,
                      int end = sizeof(K) * 8, sycl::queue *s = nullptr, bool = false) {
    return sort(tmp, bytes, kin, kout, static_cast<const char *>(nullptr), static_cast<char *>(nullptr), n, begin,
                end, false, s);
  }
  template <typename K>
  static int SortKeysDescending(void *tmp, std::size_t &bytes, const K *kin, K *kout, int n, int begin = 0,
                                int end = sizeof(K) * 8, sycl::queue *s = nullptr, bool = false) {
    return sort(tmp, bytes, kin, kout, static_cast<const char *>(nullptr), static_cast<char *>(nullptr), n, begin,
                end, true, s);
  }
  template <typename K, typename V>
  static int SortPairs(void *tmp, std::size_t &bytes, const K *kin, K *kout, const V *vin, V *vout, int n,
                       int begin = 0, int end = sizeof(K) * 8, sycl::queue *s = nullptr, bool = false) {
    return sort(tmp, bytes, kin, kout, vin, vout, n, begin, end, false, s);
  }
  template <typename K, typename V>
  static int SortPairsDescending(void *tmp, std::size_t &bytes, const K *kin, K *kout, const V *vin, V *vout,
                                 int n, int begin = 0, int end = sizeof(K) * 8, sycl::queue *s = nullptr,
                                 bool = false) {
    return sort(tmp, bytes, kin, kout, vin, vout, n, begin, end, true, s);
  }
  // DoubleBuffer forms: sorted into the alternate buffer, which becomes the current one
  template <typename K>
  static int SortKeys(void *tmp, std::size_t &bytes, DoubleBuffer<K> &keys, int n, int begin = 0,
                      int end = sizeof(K) * 8, sycl::queue *s = nullptr, bool = false) {
    int rc = SortKeys(tmp, bytes, keys.Current(), keys.Alternate(), n, begin, end, s);
    if (tmp != nullptr) keys.selector ^= 1;
    return rc;
  }
  template <typename K>
  static int SortKeysDescending(void *tmp, std::size_t &bytes, DoubleBuffer<K> &keys, int n, int begin = 0,
                                int end = sizeof(K) * 8, sycl::queue *s = nullptr, bool = false) {
    int rc = SortKeysDescending(tmp, bytes, keys.Current(), keys.Alternate(), n, begin, end, s);
    if (tmp != nullptr) keys.selector ^= 1;
    return rc;
  }
  template <typename K, typename V>
  static int SortPairs(void *tmp, std::size_t &bytes, DoubleBuffer<K> &keys, DoubleBuffer<V> &values, int n,
                       int begin = 0, int end = sizeof(K) * 8, sycl::queue *s = nullptr, bool = false) {
    int rc = SortPairs(tmp, bytes, keys.Current(), keys.Alternate(), values.Current(), values.Alternate(), n, begin,
                       end, s);
    if (tmp != nullptr) { keys.selector ^= 1; values.selector ^= 1; }
    return rc;
  }
  template <typename K, typename V>
  static int SortPairsDescending(void *tmp, std::size_t &bytes, DoubleBuffer<K> &keys, DoubleBuffer<V> &values,
                                 int n, int begin = 0, int end = sizeof(K) * 8, sycl::queue *s = nullptr,
                                 bool = false) {
    int rc = SortPairsDescending(tmp, bytes, keys.Current(), keys.Alternate(), values.Current(), values.Alternate(),
                                 n, begin, end, s);
    if (tmp != nullptr) { keys.selector ^= 1; values.selector ^= 1; }
    return rc;
  }
};
// Segmented sorts: each segment [begins[i], ends[i]) sorted on its own, stably (radix sorts are stable;
// DeviceSegmentedSort's unstable forms may be too). Keys and values are copied whole, so in-place sorts
// (the same input and output) work.
template <typename K, typename V, typename Off>
int sort_segments(void *tmp, std::size_t &bytes, const K *kin, K *kout, const V *vin, V *vout, int n, int segments,
                  Off begins, Off ends, int begin, int end, bool descending, sycl::queue *s) {
  if (tmp == nullptr) { bytes = 1; return 0; }
  sycl::queue &q = queue_of(s);
  auto k = to_host(q, kin, n);
  auto b = to_host(q, begins, segments);
  auto e = to_host(q, ends, segments);
  std::vector<std::size_t> idx(k.size());
  std::iota(idx.begin(), idx.end(), std::size_t(0));
  for (int i = 0; i < segments; i++) {
    if (e[i] <= b[i]) continue;
    std::stable_sort(idx.begin() + b[i], idx.begin() + e[i], [&](std::size_t x, std::size_t y) {
      return DeviceRadixSort::before(k[x], k[y], begin, end, descending);
    });
  }
  return write_sorted(q, idx, k, kout, vin, vout, n);
}
struct DeviceSegmentedRadixSort {
  template <typename K, typename Off>
  static int SortKeys(void *tmp, std::size_t &bytes, const K *kin, K *kout, int n, int segments, Off b, Off e,
                      int begin = 0, int end = sizeof(K) * 8, sycl::queue *s = nullptr, bool = false) {
    return sort_segments(tmp, bytes, kin, kout, static_cast<const char *>(nullptr), static_cast<char *>(nullptr), n,
                         segments, b, e, begin, end, false, s);
  }
  template <typename K, typename Off>
  static int SortKeysDescending(void *tmp, std::size_t &bytes, const K *kin, K *kout, int n, int segments, Off b,
                                Off e, int begin = 0, int end = sizeof(K) * 8, sycl::queue *s = nullptr,
                                bool = false) {
    return sort_segments(tmp, bytes, kin, kout, static_cast<const char *>(nullptr), static_cast<char *>(nullptr), n,
                         segments, b, e, begin, end, true, s);
  }
  template <typename K, typename V, typename Off>
  static int SortPairs(void *tmp, std::size_t &bytes, const K *kin, K *kout, const V *vin, V *vout, int n,
                       int segments, Off b, Off e, int begin = 0, int end = sizeof(K) * 8, sycl::queue *s = nullptr,
                       bool = false) {
    return sort_segments(tmp, bytes, kin, kout, vin, vout, n, segments, b, e, begin, end, false, s);
  }
  template <typename K, typename V, typename Off>
  static int SortPairsDescending(void *tmp, std::size_t &bytes, const K *kin, K *kout, const V *vin, V *vout,
                                 int n, int segments, Off b, Off e, int begin = 0, int end = sizeof(K) * 8,
                                 sycl::queue *s = nullptr, bool = false) {
    return sort_segments(tmp, bytes, kin, kout, vin, vout, n, segments, b, e, begin, end, true, s);
  }
};
struct DeviceSegmentedSort {
  template <typename K, typename Off>
  static int SortKeys(void *tmp, std::size_t &bytes, const K *kin, K *kout, int n, int segments, Off b, Off e,
                      sycl::queue *s = nullptr, bool = false) {
    return DeviceSegmentedRadixSort::SortKeys(tmp, bytes, kin, kout, n, segments, b, e, 0, int(sizeof(K) * 8), s);
  }
  template <typename K, typename Off>
  static int SortKeysDescending(void *tmp, std::size_t &bytes, const K *kin, K *kout, int n, int segments, Off b,
                                Off e, sycl::queue *s = nullptr, bool = false) {
    return DeviceSegmentedRadixSort::SortKeysDescending(tmp, bytes, kin, kout, n, segments, b, e, 0,
                                                        int(sizeof(K) * 8), s);
  }
  template <typename K, typename V, typename Off>
  static int SortPairs(void *tmp, std::size_t &bytes, const K *kin, K *kout, const V *vin, V *vout, int n,
                       int segments, Off b, Off e, sycl::queue *s = nullptr, bool = false) {
    return DeviceSegmentedRadixSort::SortPairs(tmp, bytes, kin, kout, vin, vout, n, segments, b, e, 0,
                                               int(sizeof(K) * 8), s);
  }
  template <typename K, typename V, typename Off>
  static int SortPairsDescending(void *tmp, std::size_t &bytes, const K *kin, K *kout, const V *vin, V *vout,
                                 int n, int segments, Off b, Off e, sycl::queue *s = nullptr, bool = false) {
    return DeviceSegmentedRadixSort::SortPairsDescending(tmp, bytes, kin, kout, vin, vout, n, segments, b, e, 0,
                                                         int(sizeof(K) * 8), s);
  }
  template <typename... A> static int StableSortKeys(A &&...a) { return SortKeys(std::forward<A>(a)...); }
  template <typename... A> static int StableSortKeysDescending(A &&...a) {
    return SortKeysDescending(std::forward<A>(a)...);
  }
  template <typename... A> static int StableSortPairs(A &&...a) { return SortPairs(std::forward<A>(a)...); }
  template <typename... A> static int StableSortPairsDescending(A &&...a) {
    return SortPairsDescending(std::forward<A>(a)...);
  }
};
struct DeviceSelect {
  template <typename In, typename Out, typename Count, typename Keep>
  static int select(void *tmp, std::size_t &bytes, In in, Out *out, Count *selected, int n, Keep keep,
                    sycl::queue *s) {
    if (tmp == nullptr) { bytes = 1; return 0; }
    sycl::queue &q = queue_of(s);
    auto h = to_host(q, in, n);
    std::vector<Out> r;
    for (std::size_t i = 0; i < h.size(); i++)
      if (keep(h, i)) r.push_back(static_cast<Out>(h[i]));
    to_device(q, out, r);
    put(q, selected, static_cast<Count>(r.size()));
    return 0;
  }
  template <typename In, typename Out, typename Count, typename Pred>
  static int If(void *tmp, std::size_t &bytes, In in, Out *out, Count *selected, int n, Pred pred,
                sycl::queue *s = nullptr, bool = false) {
    return select(tmp, bytes, in, out, selected, n, [&](const auto &h, std::size_t i) { return bool(pred(h[i])); }, s);
  }
  template <typename In, typename Flag, typename Out, typename Count>
  static int Flagged(void *tmp, std::size_t &bytes, In in, Flag flags, Out *out, Count *selected, int n,
                     sycl::queue *s = nullptr, bool = false) {
    if (tmp == nullptr) { bytes = 1; return 0; }
    auto f = to_host(queue_of(s), flags, n);
    return select(tmp, bytes, in, out, selected, n, [&](const auto &, std::size_t i) { return bool(f[i]); }, s);
  }
  template <typename In, typename Out, typename Count>
  static int Unique(void *tmp, std::size_t &bytes, In in, Out *out, Count *selected, int n, sycl::queue *s = nullptr,
                    bool = false) {
    return select(tmp, bytes, in, out, selected, n,
                  [&](const auto &h, std::size_t i) { return i == 0 || !(h[i] == h[i - 1]); }, s);
  }
};
struct DeviceRunLengthEncode {
  template <typename In, typename Out, typename Len, typename Count>
  static int Encode(void *tmp, std::size_t &bytes, In in, Out *unique, Len *lengths, Count *runs, int n,
                    sycl::queue *s = nullptr, bool = false) {
    if (tmp == nullptr) { bytes = 1; return 0; }
    sycl::queue &q = queue_of(s);
    auto h = to_host(q, in, n);
    std::vector<Out> u;
    std::vector<Len> l;
    for (std::size_t i = 0; i < h.size(); i++) {
      if (i == 0 || !(h[i] == h[i - 1])) { u.push_back(static_cast<Out>(h[i])); l.push_back(0); }
      l.back() += 1;
    }
    to_device(q, unique, u);
    to_device(q, lengths, l);
    put(q, runs, static_cast<Count>(u.size()));
    return 0;
  }
};
struct DeviceHistogram {
  // num_levels - 1 equal bins over [lower, upper); samples outside are not counted
  template <typename In, typename Counter, typename Level>
  static int HistogramEven(void *tmp, std::size_t &bytes, In samples, Counter *hist, int levels, Level lower,
                           Level upper, int n, sycl::queue *s = nullptr, bool = false) {
    if (tmp == nullptr) { bytes = 1; return 0; }
    sycl::queue &q = queue_of(s);
    auto h = to_host(q, samples, n);
    int bins = levels - 1;
    std::vector<Counter> c(bins > 0 ? bins : 0, Counter(0));
    for (auto &v : h) {
      if (!(v >= lower) || !(v < upper) || bins <= 0) continue;
      long long b;
      if constexpr (std::is_integral_v<Level>)
        b = (long long)(v - lower) * bins / (long long)(upper - lower);
      else
        b = (long long)((double(v) - double(lower)) / (double(upper) - double(lower)) * bins);
      if (b >= 0 && b < bins) c[b] += 1;
    }
    to_device(q, hist, c);
    return 0;
  }
};
}  // namespace gpuport_cub
#endif
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void scan_in_place(unsigned* d_scan, unsigned size, sycl::queue * stream) {
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    gpuport_cub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, d_scan, size);
    d_temp = (void *)sycl::malloc_device(temp_bytes, gpuport_queue());
    gpuport_cub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, d_scan, size);
    gpuport_cub::DeviceScan::ExclusiveSum<unsigned*>(d_temp, temp_bytes, d_scan + 1, d_scan + 1, size - 1);
    gpuport_cub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, d_scan, size);  // out-of-place: unchanged
    gpuport_cub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, d_scan, d_scan, size, stream);  // in place, on a stream
    gpuport_cub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, d_scan, d_scan + size, size);  // out-of-place: unchanged
    sycl::free(d_temp, gpuport_queue());
}
