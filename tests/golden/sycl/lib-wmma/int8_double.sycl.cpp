// WMMA's integer and double tiles in standard SYCL (GP272): signed char inputs with int accumulators
// (satf clamps to the int range) and the 8 x 8 x 4 double tile, through a device function that takes
// fragments by reference.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_WMMA
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
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

using namespace gpuport_mma;

void tile_product(wmma::fragment<wmma::accumulator, 16, 16, 16, int> &acc,
                             const signed char *a, const signed char *b) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a_frag;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b_frag;
    wmma::load_matrix_sync(a_frag, a, 16);
    wmma::load_matrix_sync(b_frag, b, 16);
    wmma::mma_sync(acc, a_frag, b_frag, acc, true);
}

void int8_gemm(const signed char *a, const signed char *b, int *c, const sycl::nd_item<3> &item) {
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
    wmma::fill_fragment(acc, 0);
    tile_product(acc, a, b);
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_col_major);
}

void dmma(const double *a, const double *b, double *c, const sycl::nd_item<3> &item) {
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a_frag;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> b_frag;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
    wmma::load_matrix_sync(acc, c, 8, wmma::mem_row_major);
    wmma::load_matrix_sync(a_frag, a, 4);
    wmma::load_matrix_sync(b_frag, b, 8);
    wmma::mma_sync(acc, a_frag, b_frag, acc);
    wmma::store_matrix_sync(c, acc, 8, wmma::mem_row_major);
}

void launch(const signed char *a8, const signed char *b8, int *c8, const double *a, const double *b, double *c) {
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { int8_gemm(a8, b8, c8, item); });
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { dmma(a, b, c, item); });
}
