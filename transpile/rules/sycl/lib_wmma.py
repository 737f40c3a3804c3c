"""GP272 lib-wmma: WMMA (`mma.h`, `nvcuda::wmma`) as an inline standard SYCL 2020 emulation.

What it does
    Replaces `#include <mma.h>` by a namespace of our own, `gpuport_mma::wmma` (guarded by
    `GPUPORT_SYCL_WMMA`), and renames `nvcuda` to `gpuport_mma`, so `nvcuda::wmma::fragment`,
    `using namespace nvcuda;` then `wmma::...`, and `using namespace nvcuda::wmma;` all keep working.
    The namespace has CUDA's names: the tags `matrix_a`, `matrix_b`, `accumulator`, `row_major`,
    `col_major`, `precision::tf32`; `layout_t` (`mem_row_major`, `mem_col_major`); `fragment<Use, M, N, K,
    T, Layout>` with `num_elements`, `x[]`, `element_type`, `storage_element_type`; `fill_fragment`,
    `load_matrix_sync`, `store_matrix_sync`, `mma_sync` (with `satf` for integer accumulators) for every
    shape and element type (half -> `sycl::half`, `__nv_bfloat16` -> GP239's `gpuport_bfloat16`, tf32,
    double, signed/unsigned char with int accumulators); `wmma::__float_to_tf32` ->
    `wmma::gpuport_float_to_tf32`. The sub-byte types and `bmma_sync` (`wmma::experimental`) are reported
    unconverted.
Why
    Standard SYCL 2020 has no tensor-core API (`joint_matrix` is an Intel extension). In the emulation every
    work-item holds whole tiles: a fragment's `num_elements` is the tile's size (M x K for `matrix_a`,
    K x N for `matrix_b`, M x N for the accumulator, `x[]` row by row), and each work-item of a warp loads,
    multiplies and stores the whole tile, computing what the warp computes together in CUDA. Element-wise
    loops over `frag.x[i]` (scaling by alpha and beta) then do what they do in CUDA, and the result does not
    depend on the sub-group size (1 on AdaptiveCpp's CPU backend). Products are summed in float (double
    for double, 64-bit integers for int accumulators), starting from the accumulator.
Example
    using namespace nvcuda;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a_frag;
    wmma::load_matrix_sync(a_frag, a + row * lda, lda);
    wmma::mma_sync(acc, a_frag, b_frag, acc);
Translated to
    using namespace gpuport_mma;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, sycl::half, wmma::row_major> a_frag;
    wmma::load_matrix_sync(a_frag, a + row * lda, lda);
    wmma::mma_sync(acc, a_frag, b_frag, acc);
Safety
    review: results equal the tensor cores' up to rounding (the emulation keeps float products and sums
    them in another order; the golden gemm.cu prints on AdaptiveCpp's CPU backend what the CUDA original
    prints on an H200: the half tiles exactly, tf32 within 1e-7), but not their speed: every work-item does the whole warp's work, and a
    16 x 16 float accumulator is 1 KiB of private memory. Every work-item stores the same values (float,
    double and int with relaxed atomic stores, so the repeated stores do not race). Code that reads a
    fragment's `x[i]` as a particular lane's element (CUDA leaves that mapping unspecified) computes
    something else.
References
    CUDA C++ Programming Guide, Warp Matrix Functions (wmma); CUDA's `crt/mma.h` (names, shapes,
    `__float_to_tf32`, `satf`); SYCL 2020 specification, 4.15.3 (atomic_ref).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ._libs import LibraryRule

WMMA = r"""#ifndef GPUPORT_SYCL_WMMA
#define GPUPORT_SYCL_WMMA
#include <climits>
#include <cstddef>
#include <type_traits>
// WMMA (mma.h) in standard SYCL: every work-item holds whole tiles, so a fragment's num_elements is the
// tile's size (M x K for matrix_a, K x N for matrix_b, M x N for the accumulator; x[] row by row), and
// each work-item of a warp loads, multiplies and stores the whole tile. Element-wise loops over x[] act as
// in CUDA. Stores write the same values from every work-item (float, double and int atomically).
namespace gpuport_mma {
namespace wmma {
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
namespace precision {
struct tf32 {};  // stored as float
}
enum layout_t { mem_row_major, mem_col_major };
template <typename Use, int M, int N, int K> struct gpuport_tile;
template <int M, int N, int K> struct gpuport_tile<matrix_a, M, N, K> { static constexpr int rows = M, cols = K; };
template <int M, int N, int K> struct gpuport_tile<matrix_b, M, N, K> { static constexpr int rows = K, cols = N; };
template <int M, int N, int K> struct gpuport_tile<accumulator, M, N, K> { static constexpr int rows = M, cols = N; };
template <typename T> struct gpuport_storage { using type = T; };
template <> struct gpuport_storage<precision::tf32> { using type = float; };
// products and sums: float (half, bfloat16, tf32, float), double, 64-bit for integer accumulators
template <typename T> struct gpuport_compute { using type = float; };
template <> struct gpuport_compute<double> { using type = double; };
template <> struct gpuport_compute<int> { using type = long long; };
template <typename Use, int M, int N, int K, typename T, typename Layout = void> struct fragment {
  using element_type = T;
  using storage_element_type = typename gpuport_storage<T>::type;
  static constexpr int rows = gpuport_tile<Use, M, N, K>::rows, cols = gpuport_tile<Use, M, N, K>::cols;
  enum { num_elements = rows * cols, num_storage_elements = rows * cols };
  storage_element_type x[num_elements];
};
// cvt.rna.tf32.f32: round to 10 mantissa bits, ties away from zero
inline float gpuport_float_to_tf32(float f) {
  unsigned int u = sycl::bit_cast<unsigned int>(f);
  if ((u & 0x7f800000u) != 0x7f800000u) u = (u + 0x1000u) & 0xffffe000u;
  return sycl::bit_cast<float>(u);
}
template <typename Use, int M, int N, int K, typename T, typename L, typename V>
inline void fill_fragment(fragment<Use, M, N, K, T, L> &f, const V &v) {
  for (int i = 0; i < f.num_elements; ++i) f.x[i] = static_cast<typename gpuport_storage<T>::type>(v);
}
// matrix_a / matrix_b: the layout is the fragment's
template <typename Use, int M, int N, int K, typename T, typename L, typename P>
inline void load_matrix_sync(fragment<Use, M, N, K, T, L> &f, const P *p, unsigned ldm) {
  static_assert(!std::is_void_v<L>, "an accumulator load takes a layout_t");
  using F = fragment<Use, M, N, K, T, L>;
  for (int r = 0; r < F::rows; ++r)
    for (int c = 0; c < F::cols; ++c)
      f.x[r * F::cols + c] = static_cast<typename F::storage_element_type>(
          std::is_same_v<L, row_major> ? p[std::size_t(r) * ldm + c] : p[std::size_t(c) * ldm + r]);
}
template <int M, int N, int K, typename T, typename P>
inline void load_matrix_sync(fragment<accumulator, M, N, K, T> &f, const P *p, unsigned ldm, layout_t layout) {
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c)
      f.x[r * N + c] =
          static_cast<T>(layout == mem_row_major ? p[std::size_t(r) * ldm + c] : p[std::size_t(c) * ldm + r]);
}
template <typename P> inline void gpuport_store(P *p, P v) {
  if constexpr (std::is_same_v<P, float> || std::is_same_v<P, double> || std::is_same_v<P, int>)
    sycl::atomic_ref<P, sycl::memory_order::relaxed, sycl::memory_scope::work_group>(*p).store(v);
  else
    *p = v;
}
template <typename P, int M, int N, int K, typename T>
inline void store_matrix_sync(P *p, const fragment<accumulator, M, N, K, T> &f, unsigned ldm, layout_t layout) {
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c)
      gpuport_store(layout == mem_row_major ? p + std::size_t(r) * ldm + c : p + std::size_t(c) * ldm + r,
                    static_cast<P>(f.x[r * N + c]));
}
// d = a * b + c (d may be c); satf (integer accumulators) clamps to the int range
template <int M, int N, int K, typename TD, typename TA, typename LA, typename TB, typename LB, typename TC>
inline void mma_sync(fragment<accumulator, M, N, K, TD> &d, const fragment<matrix_a, M, N, K, TA, LA> &a,
                     const fragment<matrix_b, M, N, K, TB, LB> &b, const fragment<accumulator, M, N, K, TC> &c,
                     bool satf = false) {
  using C = typename gpuport_compute<TD>::type;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      C s = static_cast<C>(c.x[i * N + j]);
      for (int k = 0; k < K; ++k) s += static_cast<C>(a.x[i * K + k]) * static_cast<C>(b.x[k * N + j]);
      if constexpr (std::is_integral_v<C>) {
        if (satf) s = s < INT_MIN ? INT_MIN : s > INT_MAX ? INT_MAX : s;
      }
      d.x[i * N + j] = static_cast<TD>(s);
    }
}
}  // namespace wmma
}  // namespace gpuport_mma
#endif
"""

# WMMA's parts the emulation leaves out: sub-byte precisions and bit matrix multiply
_UNSUPPORTED = ("experimental", "bmma_sync")


class LibWmma(LibraryRule):
    code = "GP272"
    name = "lib-wmma"
    targets = frozenset({"sycl"})
    summary = "Emulate WMMA (mma.h, nvcuda::wmma) with whole-tile fragments per work-item in standard SYCL."
    triggers = (b"nvcuda", b"wmma", b"mma.h")
    headers = {"mma.h": [WMMA]}
    library = "WMMA"
    mapped_summary = "fragments, fill/load/store/mma_sync, layouts, half/bfloat16/tf32/double/int8 tiles"
    family = "wmma"
    safety = Safety.REVIEW
    needs_queue = False

    def message(self, name: str, new: str) -> str:
        return f"`{name}` -> `{new}` (WMMA emulated per work-item: results up to rounding, not tensor-core speed)"

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        yield from super().run(ctx)
        words = {w for w in _UNSUPPORTED if w.encode() in ctx.identifiers}
        if not words or b"wmma" not in ctx.identifiers:
            return
        found = ts.captures("[(identifier) (namespace_identifier)] @n", ctx.root).get("n", [])
        for node in found:
            word = ctx.text(node)
            if word in words and not ctx.is_claimed(node.start_byte, node.end_byte):
                yield self.unconverted(
                    node.start_byte,
                    node.end_byte,
                    f"WMMA `{word}` (sub-byte precisions, bmma_sync) is not emulated in standard SYCL "
                    f"({self.code} maps {self.mapped_summary}); port it by hand",
                    family=self.family,
                    symbol=word,
                )
