"""GP260 lib-thrust: Thrust's algorithms on device pointers become small standard SYCL helpers.

What it does
    Calls of Thrust algorithms with an execution policy on raw device pointers
    (`thrust::reduce(thrust::device, p, p + n, 0)`, `thrust::sort_by_key(thrust::device, k, k + n, v)`)
    become calls of the same name in the helper namespace `gpuport_thrust`, whose inline definitions
    replace the `#include <thrust/...>` lines: `reduce` and `count` run as SYCL reductions on the device,
    `for_each`, `for_each_n` and `tabulate` as a `parallel_for` calling the functor on each element (or index);
    `sort`, `stable_sort`, `sort_by_key`, `stable_sort_by_key`, `partition` (with a stencil or without),
    `inclusive_scan`, `exclusive_scan`, `sequence`, `fill`, `copy`, `transform` and `count_if` copy the
    range to the host, run the C++ standard algorithm and copy the result back. `thrust::device`,
    `thrust::cuda::par` (also `.on(stream)`, which waits for the stream first) and `thrust::raw_pointer_cast`
    are mapped; function objects without a `sycl::` one (`thrust::greater`, `less`, `minus`, ...) become
    `<functional>`'s (GP256 maps `plus`, `maximum`, ...); `device_vector` becomes `gpuport_thrust::device_vector` (USM shared memory) and `host_vector` a
    `std::vector`; `make_transform_iterator`/`make_counting_iterator` and their types become small
    iterators kernels can read (emitted only where used); algorithms without a policy run the standard algorithm on the host; iterators and
    every other name are reported unconverted.
Why
    Thrust has no standard SYCL counterpart (oneDPL is a separate library with its own headers), and
    device-wide algorithms in a port must still compile and give Thrust's results.
Example
    unsigned long v = thrust::reduce(thrust::device, d, d + n, 0);
    thrust::sort_by_key(thrust::device, keys, keys + n, vals);
Translated to
    unsigned long v = gpuport_thrust::reduce(gpuport_thrust::device, d, d + n, 0);
    gpuport_thrust::sort_by_key(gpuport_thrust::device, keys, keys + n, vals);
Safety
    review: the host-side algorithms are correct but copy the range twice (slow for large data); the
    functor a call passes must be callable on the host (a `__device__`-only lambda is not).
References
    Thrust documentation (algorithms, execution policies); SYCL 2020 specification, 4.9.2 (reductions),
    4.8.3 (USM).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._libs import SYCL_INCLUDE, include_edit, sycl_included_before
from ._queue import QUEUE_DEFINITION

HELPERS = r"""#ifndef GPUPORT_THRUST
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
"""

# The names the helpers define (thrust::NAME -> gpuport_thrust::NAME).
# Thrust's fancy iterators, emitted after HELPERS only where a file uses them (other outputs keep their
# text): values computed on access, in kernels and on the host; GP256's CUB helpers read them in a kernel.
ITERATORS = r"""#ifndef GPUPORT_THRUST_ITERATORS
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
"""
ITERATOR_NAMES = frozenset(
    {"transform_iterator", "make_transform_iterator", "counting_iterator", "make_counting_iterator"}
)

MAPPED = frozenset(
    {
        "reduce", "count", "count_if", "sort", "stable_sort", "sort_by_key", "stable_sort_by_key",
        "partition", "inclusive_scan", "exclusive_scan", "sequence", "fill", "copy", "transform",
        "for_each", "for_each_n", "tabulate", "device", "device_ptr", "device_pointer_cast", "raw_pointer_cast", *ITERATOR_NAMES,
    }
)  # fmt: skip
# Containers and helpers the namespace defines under Thrust's names.
CONTAINERS = frozenset({"device_vector", "host_vector"})
# Algorithms called without an execution policy run on the host (Thrust dispatches raw pointers and host
# iterators there; device_vector's iterators are USM shared pointers): the C++ algorithm of the same name
# and meaning, or a host helper where the standard one differs.
HOST_STD = frozenset(
    {
        "sort", "stable_sort", "copy", "copy_n", "copy_if", "fill", "fill_n", "transform", "is_sorted",
        "inclusive_scan", "reduce", "count", "count_if", "min_element", "max_element", "minmax_element",
        "find", "find_if", "equal", "unique", "replace", "remove", "remove_if", "for_each", "generate",
        "reverse", "all_of", "any_of", "none_of", "inner_product", "adjacent_difference", "lower_bound",
        "upper_bound", "binary_search", "merge", "mismatch", "partition", "stable_partition",
    }
)  # fmt: skip
HOST_HELPERS = {
    "sort_by_key": "gpuport_thrust::host_sort_by_key",
    "stable_sort_by_key": "gpuport_thrust::host_sort_by_key",
    "sequence": "gpuport_thrust::host_sequence",
    "exclusive_scan": "gpuport_thrust::host_exclusive_scan",
}
# Host-side types with the same meaning in the C++ library.
STD_TYPES = frozenset(
    {
        "default_random_engine", "minstd_rand", "minstd_rand0", "uniform_real_distribution",
        "uniform_int_distribution", "normal_distribution", "pair", "tuple", "make_pair", "make_tuple", "get",
        # function objects with no sycl:: counterpart (GP256 gives plus, maximum, ... theirs): <functional>'s
        "less", "greater", "equal_to", "not_equal_to", "less_equal", "greater_equal", "minus", "divides",
        "modulus", "negate", "logical_not",
    }
)  # fmt: skip
_POLICIES = frozenset({"device", "host", "seq", "par", "cuda"})
# Functors lib-cub (GP256) maps to sycl:: function objects; left to it.
_FUNCTORS = frozenset({"plus", "multiplies", "maximum", "minimum", "logical_and", "logical_or",
                       "bit_and", "bit_or", "bit_xor"})  # fmt: skip


# Thrust's CUDA execution policies in a macro body, which the grammar leaves as raw text (CTranslate2's
# `#define THRUST_CALL(FUN, ...) FUN(thrust::cuda::par_nosync.on(stream), __VA_ARGS__)`).
_RAW_POLICY = re.compile(
    rb"(?:::)?\bthrust[ \t]*::[ \t]*(?:system[ \t]*::[ \t]*)?cuda[ \t]*::[ \t]*par(?:_nosync)?\b"
)


def _in_launch_args(node: Node) -> bool:
    n = node.parent
    while n is not None:
        if n.type == "argument_list" and n.parent is not None and n.parent.type == "call_expression":
            if any(c.type == "kernel_call_syntax" for c in n.parent.children):
                return True
        n = n.parent
    return False


def _has_policy(ctx: RuleContext, call: Node) -> bool:
    """True when the call's first argument is an execution policy (`thrust::device`, `thrust::cuda::par`)."""
    args = call.child_by_field_name("arguments")
    first = next((a for a in args.named_children if a.type != "comment"), None) if args is not None else None
    if first is None:
        return False
    text = ctx.text(first).replace(" ", "").lstrip(":")
    return text.startswith("thrust::") and text.split("::")[1].split(".")[0] in _POLICIES


class LibThrust(Rule):
    code = "GP260"
    name = "lib-thrust"
    targets = frozenset({"sycl"})
    summary = "Map Thrust algorithms on device pointers to inline standard-SYCL helpers."
    triggers = (b"thrust",)

    def _macro_policies(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for body in ctx.macro_bodies:
            for m in _RAW_POLICY.finditer(ctx.source, body.start_byte, body.end_byte):
                if ctx.is_claimed(m.start(), m.end()):
                    continue
                yield self.converted(
                    m.start(),
                    m.end(),
                    "Thrust's CUDA policy in a macro body -> `gpuport_thrust::device`",
                    [Edit(m.start(), m.end(), "gpuport_thrust::device")],
                    family="thrust",
                    symbol="thrust::cuda::par",
                    safety=Safety.REVIEW,
                )

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"thrust" not in ctx.source:
            return
        iterators_used = False
        for q in ts.captures("(qualified_identifier) @q", ctx.root).get("q", []):
            scope = q.child_by_field_name("scope")
            if scope is None or ctx.text(scope) not in ("thrust", "::thrust"):
                continue
            name_node = q.child_by_field_name("name")
            if name_node is None:
                continue
            name = ctx.text(name_node)
            if ctx.text(q).replace(" ", "").lstrip(":") in ("thrust::cuda::par", "thrust::cuda::par_nosync"):
                name = "device"  # (its name node is the nested `cuda::par`)
            if ctx.is_claimed(q.start_byte, q.end_byte):
                continue
            if name == "raw_pointer_cast" and _in_launch_args(q):
                continue  # the launch moves its arguments and renders the cast itself (GP203)
            bare = name.split("<", 1)[0].split("::", 1)[0]
            call = q.parent if q.parent is not None and q.parent.type == "call_expression" else None
            if call is not None and call.child_by_field_name("function") != q:
                call = None
            if call is not None and bare not in ("raw_pointer_cast",) and not _has_policy(ctx, call):
                host = HOST_HELPERS.get(bare) or (f"std::{bare}" if bare in HOST_STD else None)
                if host is not None:
                    yield self.converted(
                        q.start_byte,
                        q.end_byte,
                        f"`thrust::{bare}` without an execution policy -> `{host}` on the host",
                        [Edit(q.start_byte, q.end_byte, host)],
                        family="thrust",
                        symbol=f"thrust::{bare}",
                        safety=Safety.REVIEW,
                    )
                    continue
            if bare in CONTAINERS or bare in STD_TYPES:
                scope_text = "gpuport_thrust::" if bare in CONTAINERS else "std::"
                # Only the scope is rewritten, and only the name claimed: Thrust names inside the template arguments
                # (`device_vector< thrust::pair<int,int> >`) are translated on their own, not left behind.
                ident_end = name_node.start_byte + len(bare.rstrip())
                yield self.converted(
                    q.start_byte,
                    ident_end,
                    f"`thrust::{bare}` -> `{scope_text}{bare}`",
                    [Edit(q.start_byte, name_node.start_byte, scope_text)],
                    family="thrust",
                    symbol=f"thrust::{bare}",
                    safety=Safety.REVIEW,
                )
                continue
            if bare in MAPPED:
                iterators_used = iterators_used or bare in ITERATOR_NAMES
                new = f"gpuport_thrust::{name}"
                yield self.converted(
                    q.start_byte,
                    q.end_byte,
                    f"`thrust::{name}` -> `{new}`",
                    [Edit(q.start_byte, q.end_byte, new)],
                    family="thrust",
                    symbol=f"thrust::{bare}",
                    safety=Safety.REVIEW,
                )
            elif bare not in _FUNCTORS:
                yield self.unconverted(
                    q.start_byte,
                    q.end_byte,
                    f"Thrust `thrust::{bare}` has no standard SYCL 2020 mapping here ({self.code} maps the "
                    "algorithms on device pointers: reduce, count, sort, sort_by_key, partition, scans, "
                    "sequence, fill, copy, transform); port it by hand",
                    family="thrust",
                    symbol=f"thrust::{bare}",
                )
        yield from self._macro_policies(ctx)
        emitted = False
        for inc in ctx.includes:
            if not inc.path.startswith("thrust/"):
                continue
            text = "" if emitted or sycl_included_before(ctx, inc) else SYCL_INCLUDE + QUEUE_DEFINITION
            if not emitted:
                text += HELPERS if text else QUEUE_DEFINITION + HELPERS
                if iterators_used:
                    text += ITERATORS
                emitted = True
            yield self.converted(
                inc.directive_start,
                inc.directive_end,
                f"<{inc.path}> -> gpuport_thrust helpers" if text else f"<{inc.path}> -> nothing",
                [include_edit(ctx, inc, text)],
                family="thrust",
                symbol=inc.path,
            )
