// Thrust's transform and counting iterators read in a kernel and by a CUB reduction.
#include <sycl/sycl.hpp>
#include <cstdio>
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
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_THRUST
#define GPUPORT_THRUST
#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <numeric>
#include <random>
#include <utility>
#include <vector>
// Thrust's algorithms on device pointers in standard SYCL 2020 (gpuport GP260): reduce and count run on
// the device; the others copy the range to the host, run the C++ algorithm there and copy it back.
namespace gpuport_thrust {
struct policy {
  // `thrust::cuda::par.on(stream)`: the helpers run on gpuport_queue() and wait for it, so the stream's
  // earlier work is waited for here, before the algorithm reads its data.
  policy on(sycl::queue *q) const {
    if (q) q->wait();
    return *this;
  }
};
inline constexpr policy device{};
template <typename T> T *raw_pointer_cast(T *p) { return p; }
// thrust::device_ptr: a device pointer that dispatches algorithms to the device; here the pointer itself.
template <typename T> using device_ptr = T *;
template <typename T> T *device_pointer_cast(T *p) { return p; }
template <typename T> std::vector<T> to_host(const T *first, const T *last) {
  std::vector<T> h(last - first);
  if (!h.empty()) gpuport_queue().memcpy(h.data(), first, h.size() * sizeof(T)).wait();
  return h;
}
template <typename T> void to_device(T *first, const std::vector<T> &h) {
  if (!h.empty()) gpuport_queue().memcpy(first, h.data(), h.size() * sizeof(T)).wait();
}
template <typename P, typename T, typename I> I reduce(P, const T *first, const T *last, I init) {
  I *r = sycl::malloc_shared<I>(1, gpuport_queue());
  *r = init;
  gpuport_queue().parallel_for(sycl::range<1>(last - first), sycl::reduction(r, sycl::plus<I>()),
                               [=](sycl::id<1> i, auto &sum) { sum += static_cast<I>(first[i]); }).wait();
  I out = *r;
  sycl::free(r, gpuport_queue());
  return out;
}
template <typename P, typename T> T reduce(P p, const T *first, const T *last) { return reduce(p, first, last, T()); }
template <typename P, typename T, typename I, typename Op> I reduce(P, const T *first, const T *last, I init, Op op) {
  auto h = to_host(first, last);
  return std::accumulate(h.begin(), h.end(), init, op);
}
template <typename P, typename T, typename V> std::ptrdiff_t count(P, const T *first, const T *last, const V &value) {
  std::ptrdiff_t *r = sycl::malloc_shared<std::ptrdiff_t>(1, gpuport_queue());
  *r = 0;
  const T v = static_cast<T>(value);
  gpuport_queue().parallel_for(sycl::range<1>(last - first), sycl::reduction(r, sycl::plus<std::ptrdiff_t>()),
                               [=](sycl::id<1> i, auto &n) { n += static_cast<std::ptrdiff_t>(first[i] == v); }).wait();
  std::ptrdiff_t out = *r;
  sycl::free(r, gpuport_queue());
  return out;
}
// for_each runs on the device: its functor writes through the element (a reference into device memory) or
// through pointers it captured, neither of which the host may touch.
template <typename P, typename It, typename F> It for_each(P, It first, It last, F f) {
  if (last - first > 0)
    gpuport_queue().parallel_for(sycl::range<1>(last - first), [=](sycl::id<1> i) { f(first[i[0]]); }).wait();
  return last;
}
template <typename P, typename It, typename N, typename F> It for_each_n(P p, It first, N n, F f) {
  return for_each(p, first, first + n, f);
}
// tabulate: element i becomes f(i), on the device as for_each.
template <typename P, typename It, typename F> void tabulate(P, It first, It last, F f) {
  if (last - first > 0)
    gpuport_queue().parallel_for(sycl::range<1>(last - first), [=](sycl::id<1> i) { first[i[0]] = f(i[0]); }).wait();
}
template <typename P, typename T, typename F> std::ptrdiff_t count_if(P, const T *first, const T *last, F pred) {
  auto h = to_host(first, last);
  return std::count_if(h.begin(), h.end(), pred);
}
template <typename P, typename T, typename C = std::less<T>> void sort(P, T *first, T *last, C comp = C()) {
  auto h = to_host(first, last);
  std::sort(h.begin(), h.end(), comp);
  to_device(first, h);
}
template <typename P, typename T, typename C = std::less<T>> void stable_sort(P, T *first, T *last, C comp = C()) {
  auto h = to_host(first, last);
  std::stable_sort(h.begin(), h.end(), comp);
  to_device(first, h);
}
template <typename P, typename K, typename V, typename C = std::less<K>>
void stable_sort_by_key(P, K *kfirst, K *klast, V *vfirst, C comp = C()) {
  auto k = to_host(kfirst, klast);
  auto v = to_host(vfirst, vfirst + (klast - kfirst));
  std::vector<std::size_t> idx(k.size());
  std::iota(idx.begin(), idx.end(), std::size_t(0));
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return comp(k[a], k[b]); });
  std::vector<K> ks(k.size());
  std::vector<V> vs(v.size());
  for (std::size_t i = 0; i < idx.size(); i++) { ks[i] = k[idx[i]]; vs[i] = v[idx[i]]; }
  to_device(kfirst, ks);
  to_device(vfirst, vs);
}
template <typename P, typename K, typename V, typename C = std::less<K>>
void sort_by_key(P p, K *kfirst, K *klast, V *vfirst, C comp = C()) { stable_sort_by_key(p, kfirst, klast, vfirst, comp); }
template <typename P, typename T, typename F> T *partition(P, T *first, T *last, F pred) {
  auto h = to_host(first, last);
  auto mid = std::stable_partition(h.begin(), h.end(), pred);
  to_device(first, h);
  return first + (mid - h.begin());
}
template <typename P, typename T, typename S, typename F> T *partition(P, T *first, T *last, const S *stencil, F pred) {
  auto h = to_host(first, last);
  auto s = to_host(stencil, stencil + (last - first));
  std::vector<T> out;
  out.reserve(h.size());
  for (std::size_t i = 0; i < h.size(); i++) if (pred(s[i])) out.push_back(h[i]);
  std::size_t n = out.size();
  for (std::size_t i = 0; i < h.size(); i++) if (!pred(s[i])) out.push_back(h[i]);
  to_device(first, out);
  return first + n;
}
template <typename P, typename T, typename O, typename Op = std::plus<T>> O *inclusive_scan(P, const T *first, const T *last, O *result, Op op = Op()) {
  auto h = to_host(first, last);
  std::vector<O> out(h.size());
  std::inclusive_scan(h.begin(), h.end(), out.begin(), op);
  to_device(result, out);
  return result + out.size();
}
template <typename P, typename T, typename O> O *exclusive_scan(P, const T *first, const T *last, O *result) {
  auto h = to_host(first, last);
  std::vector<O> out(h.size());
  std::exclusive_scan(h.begin(), h.end(), out.begin(), O());
  to_device(result, out);
  return result + out.size();
}
template <typename P, typename T, typename O, typename I, typename Op = std::plus<I>> O *exclusive_scan(P, const T *first, const T *last, O *result, I init, Op op = Op()) {
  auto h = to_host(first, last);
  std::vector<O> out(h.size());
  std::exclusive_scan(h.begin(), h.end(), out.begin(), init, op);
  to_device(result, out);
  return result + out.size();
}
template <typename P, typename T> void sequence(P, T *first, T *last, T init = T(), T step = T(1)) {
  std::vector<T> h(last - first);
  for (std::size_t i = 0; i < h.size(); i++) h[i] = init + static_cast<T>(i) * step;
  to_device(first, h);
}
template <typename P, typename T, typename V> void fill(P, T *first, T *last, const V &value) {
  std::vector<T> h(last - first, static_cast<T>(value));
  to_device(first, h);
}
template <typename P, typename T> T *copy(P, const T *first, const T *last, T *result) {
  if (last != first) gpuport_queue().memcpy(result, first, (last - first) * sizeof(T)).wait();
  return result + (last - first);
}
template <typename P, typename T, typename O, typename F> O *transform(P, const T *first, const T *last, O *result, F op) {
  auto h = to_host(first, last);
  std::vector<O> out(h.size());
  std::transform(h.begin(), h.end(), out.begin(), op);
  to_device(result, out);
  return result + out.size();
}
// Thrust's containers (GP260): host_vector is std::vector; device_vector holds USM shared memory, so its
// iterators are plain pointers that kernels and the host both use, and algorithms called without an
// execution policy run on the host through the C++ standard algorithms (Thrust dispatches them there too
// for raw pointers). CUDA's host access to a device_vector is synchronous with the kernels before it, and
// USM shared memory is not: every host access below first waits for the queue (lineOfSight scanned its
// angles on the host while the kernel writing them still ran).
template <typename T> class device_vector {
  T *p_ = nullptr;
  std::size_t n_ = 0;
  static void sync() { gpuport_queue().wait(); }
  void reset(std::size_t n) {
    sync();
    if (p_) sycl::free(p_, gpuport_queue());
    p_ = n ? sycl::malloc_shared<T>(n, gpuport_queue()) : nullptr;
    n_ = n;
  }

 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T *;
  using const_iterator = const T *;
  using pointer = T *;
  using reference = T &;
  using const_reference = const T &;
  device_vector() = default;
  explicit device_vector(std::size_t n, const T &v = T()) { reset(n); std::fill(p_, p_ + n, v); }
  template <typename It, typename = decltype(*std::declval<It>())> device_vector(It first, It last) { assign(first, last); }
  device_vector(const device_vector &o) { assign(o.begin(), o.end()); }
  template <typename C, typename = decltype(std::declval<const C &>().begin())> device_vector(const C &c) { assign(c.begin(), c.end()); }
  device_vector &operator=(const device_vector &o) { if (this != &o) assign(o.begin(), o.end()); return *this; }
  template <typename C, typename = decltype(std::declval<const C &>().begin())> device_vector &operator=(const C &c) { assign(c.begin(), c.end()); return *this; }
  ~device_vector() { if (p_) { sync(); sycl::free(p_, gpuport_queue()); } }
  template <typename It> void assign(It first, It last) {
    std::vector<T> h(first, last);
    reset(h.size());
    std::copy(h.begin(), h.end(), p_);
  }
  void resize(std::size_t n, const T &v = T()) {
    sync();
    T *q = n ? sycl::malloc_shared<T>(n, gpuport_queue()) : nullptr;
    std::size_t k = std::min(n, n_);
    std::copy(p_, p_ + k, q);
    std::fill(q + k, q + n, v);
    if (p_) sycl::free(p_, gpuport_queue());
    p_ = q;
    n_ = n;
  }
  void clear() { reset(0); }
  void push_back(const T &v) { resize(n_ + 1, v); }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  T *data() { return p_; }
  const T *data() const { return p_; }
  T *begin() { sync(); return p_; }
  T *end() { sync(); return p_ + n_; }
  const T *begin() const { sync(); return p_; }
  const T *end() const { sync(); return p_ + n_; }
  T &operator[](std::size_t i) { sync(); return p_[i]; }
  const T &operator[](std::size_t i) const { sync(); return p_[i]; }
  T &front() { sync(); return p_[0]; }
  T &back() { sync(); return p_[n_ - 1]; }
  void swap(device_vector &o) { std::swap(p_, o.p_); std::swap(n_, o.n_); }
};
template <typename T> using host_vector = std::vector<T>;
template <typename K, typename V, typename C = std::less<typename std::iterator_traits<K>::value_type>>
void host_sort_by_key(K kfirst, K klast, V vfirst, C comp = C()) {
  using KT = typename std::iterator_traits<K>::value_type;
  using VT = typename std::iterator_traits<V>::value_type;
  std::vector<KT> k(kfirst, klast);
  std::vector<VT> v(vfirst, vfirst + (klast - kfirst));
  std::vector<std::size_t> idx(k.size());
  std::iota(idx.begin(), idx.end(), std::size_t(0));
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return comp(k[a], k[b]); });
  for (std::size_t i = 0; i < idx.size(); i++) { kfirst[i] = k[idx[i]]; vfirst[i] = v[idx[i]]; }
}
template <typename It, typename T = typename std::iterator_traits<It>::value_type>
void host_sequence(It first, It last, T init = T(), T step = T(1)) {
  for (std::size_t i = 0; first != last; ++first, ++i) *first = init + static_cast<T>(i) * step;
}
template <typename It, typename O> O host_exclusive_scan(It first, It last, O out) {
  return std::exclusive_scan(first, last, out, typename std::iterator_traits<It>::value_type());
}
template <typename It, typename O, typename I> O host_exclusive_scan(It first, It last, O out, I init) {
  return std::exclusive_scan(first, last, out, init);
}
template <typename It, typename O, typename I, typename Op> O host_exclusive_scan(It first, It last, O out, I init, Op op) {
  return std::exclusive_scan(first, last, out, init, op);
}
}  // namespace gpuport_thrust
#endif
#ifndef GPUPORT_THRUST_ITERATORS
#define GPUPORT_THRUST_ITERATORS
#include <type_traits>
namespace gpuport_thrust {
template <typename F, typename It> struct transform_iterator {
  It it;
  F f;
  transform_iterator(It i, F g) : it(i), f(g) {}
  using difference_type = std::ptrdiff_t;
  using value_type = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<F>()(*std::declval<It>()))>>;
  using reference = value_type;
  using pointer = void;
  using iterator_category = std::random_access_iterator_tag;
  value_type operator*() const { return f(*it); }
  value_type operator[](difference_type i) const { return f(it[i]); }
  transform_iterator &operator++() { ++it; return *this; }
  transform_iterator operator++(int) { transform_iterator t = *this; ++it; return t; }
  transform_iterator operator+(difference_type k) const { return {it + k, f}; }
  transform_iterator operator-(difference_type k) const { return {it - k, f}; }
  difference_type operator-(const transform_iterator &o) const { return it - o.it; }
  bool operator==(const transform_iterator &o) const { return it == o.it; }
  bool operator!=(const transform_iterator &o) const { return it != o.it; }
};
template <typename It, typename F> transform_iterator<F, It> make_transform_iterator(It it, F f) { return {it, f}; }
template <typename T> struct counting_iterator {
  T v;
  counting_iterator(T start = T()) : v(start) {}
  using difference_type = std::ptrdiff_t;
  using value_type = T;
  using reference = T;
  using pointer = void;
  using iterator_category = std::random_access_iterator_tag;
  T operator*() const { return v; }
  T operator[](difference_type i) const { return static_cast<T>(v + i); }
  counting_iterator &operator++() { ++v; return *this; }
  counting_iterator operator++(int) { counting_iterator t = *this; ++v; return t; }
  counting_iterator operator+(difference_type k) const { return {static_cast<T>(v + k)}; }
  counting_iterator operator-(difference_type k) const { return {static_cast<T>(v - k)}; }
  difference_type operator-(const counting_iterator &o) const { return difference_type(v) - difference_type(o.v); }
  bool operator==(const counting_iterator &o) const { return v == o.v; }
  bool operator!=(const counting_iterator &o) const { return v != o.v; }
};
template <typename T> counting_iterator<T> make_counting_iterator(T v) { return {v}; }
}  // namespace gpuport_thrust
#endif

#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

struct Square {
  long long operator()(int v) const { return (long long)v * v; }
};

template <typename It>
void gather(It values, long long *out, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) out[i] = values[i];
}

int main() {
  const int n = 100;
  auto squares = gpuport_thrust::make_transform_iterator(gpuport_thrust::make_counting_iterator(1), Square());
  long long *d, *sum;
  d = (long long *)sycl::malloc_device(n * sizeof(long long), gpuport_queue());
  sum = (long long *)sycl::malloc_device(sizeof(long long), gpuport_queue());
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { gather(squares, d, n, item); });
  void *tmp = nullptr;
  size_t bytes = 0;
  gpuport_cub::DeviceReduce::Sum(tmp, bytes, squares, sum, n);
  tmp = (void *)sycl::malloc_device(bytes, gpuport_queue());
  gpuport_cub::DeviceReduce::Sum(tmp, bytes, squares, sum, n);
  long long h[n], total = 0;
  gpuport_queue().memcpy(h, d, sizeof(h)).wait();
  gpuport_queue().memcpy(&total, sum, sizeof(total)).wait();
  int bad = total != 338350;
  for (int i = 0; i < n; i++) bad += h[i] != (long long)(i + 1) * (i + 1);
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  sycl::free(tmp, gpuport_queue());
  sycl::free(d, gpuport_queue());
  sycl::free(sum, gpuport_queue());
  return bad != 0;
}
