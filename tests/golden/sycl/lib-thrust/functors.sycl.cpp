// Thrust's function objects passed to algorithms without a policy (cuda-samples' lineOfSight):
// maximum/plus have sycl:: counterparts, comparisons and arithmetic go to <functional>.
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


void scan_max(gpuport_thrust::device_vector<float> &in, gpuport_thrust::device_vector<float> &out)
{
    std::inclusive_scan(in.begin(), in.end(), out.begin(), sycl::maximum<float>());
}

void sort_down(gpuport_thrust::device_vector<int> &v)
{
    std::sort(v.begin(), v.end(), std::greater<int>());
}

int total(gpuport_thrust::device_vector<int> &v)
{
    return std::reduce(v.begin(), v.end(), 0, sycl::plus<int>());
}
