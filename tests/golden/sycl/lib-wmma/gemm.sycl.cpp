// WMMA in standard SYCL (GP272): every work-item holds whole tiles. Three kernels, one per spelling of the
// namespace: a 32 x 32 x 32 GEMM of 16 x 16 x 16 half tiles with float accumulators scaled element-wise
// (using namespace nvcuda), a 32 x 8 x 16 tile with a half accumulator and a column-major matrix_a stored
// column-major (nvcuda::wmma:: spelled out), and a 16 x 16 x 8 tf32 tile (using namespace nvcuda::wmma).
// It prints every result; tests/test_sycl_libs_run.py checks them against numpy.
#include <cmath>

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
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif


using namespace gpuport_mma;

#define MDIM 32
#define NDIM 32
#define KDIM 32

// D = alpha * A * B + beta * C: A row-major, B column-major, C and D row-major; one warp per 16 x 16 tile
void wmma_gemm(const sycl::half *a, const sycl::half *b, const float *c, float *d, float alpha, float beta, const sycl::nd_item<3> &item) {
    int tile_m = item.get_group(1) * 16, tile_n = item.get_group(2) * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, sycl::half, wmma::row_major> a_frag;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, sycl::half, wmma::col_major> b_frag;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c_frag;
    wmma::fill_fragment(acc, 0.0f);
    for (int k = 0; k < KDIM; k += 16) {
        wmma::load_matrix_sync(a_frag, a + tile_m * KDIM + k, KDIM);
        wmma::load_matrix_sync(b_frag, b + tile_n * KDIM + k, KDIM);
        wmma::mma_sync(acc, a_frag, b_frag, acc);
    }
    wmma::load_matrix_sync(c_frag, c + tile_m * NDIM + tile_n, NDIM, wmma::mem_row_major);
    for (int i = 0; i < c_frag.num_elements; i++) c_frag.x[i] = alpha * acc.x[i] + beta * c_frag.x[i];
    wmma::store_matrix_sync(d + tile_m * NDIM + tile_n, c_frag, NDIM, wmma::mem_row_major);
}

// E = A' * B[0:16, 0:8] with A' the 32 x 16 matrix A seen column-major; E stored column-major
void wmma_tall(const sycl::half *a, const sycl::half *b, sycl::half *e, const sycl::nd_item<3> &item) {
    gpuport_mma::wmma::fragment<gpuport_mma::wmma::matrix_a, 32, 8, 16, sycl::half, gpuport_mma::wmma::col_major> a_frag;
    gpuport_mma::wmma::fragment<gpuport_mma::wmma::matrix_b, 32, 8, 16, sycl::half, gpuport_mma::wmma::col_major> b_frag;
    gpuport_mma::wmma::fragment<gpuport_mma::wmma::accumulator, 32, 8, 16, sycl::half> acc;
    gpuport_mma::wmma::fill_fragment(acc, sycl::half(0.0f));
    gpuport_mma::wmma::load_matrix_sync(a_frag, a, KDIM);
    gpuport_mma::wmma::load_matrix_sync(b_frag, b, KDIM);
    gpuport_mma::wmma::mma_sync(acc, a_frag, b_frag, acc);
    gpuport_mma::wmma::store_matrix_sync(e, acc, MDIM, gpuport_mma::wmma::mem_col_major);
}

// F = tf32(A32[0:16, 0:8]) * tf32(B32[0:8, 0:16]), row-major float inputs rounded to tf32
void wmma_tf32(const float *a, const float *b, float *f, const sycl::nd_item<3> &item) {
    using namespace gpuport_mma::wmma;
    fragment<matrix_a, 16, 16, 8, precision::tf32, row_major> a_frag;
    fragment<matrix_b, 16, 16, 8, precision::tf32, row_major> b_frag;
    fragment<accumulator, 16, 16, 8, float> acc;
    fill_fragment(acc, 0.0f);
    load_matrix_sync(a_frag, a, 8);
    load_matrix_sync(b_frag, b, 16);
    for (int i = 0; i < a_frag.num_elements; i++) a_frag.x[i] = gpuport_float_to_tf32(a_frag.x[i]);
    for (int i = 0; i < b_frag.num_elements; i++) b_frag.x[i] = gpuport_float_to_tf32(b_frag.x[i]);
    mma_sync(acc, a_frag, b_frag, acc);
    store_matrix_sync(f, acc, 16, mem_row_major);
}

static void print_row(const char *name, const float *v, int n) {
    printf("%s", name);
    for (int i = 0; i < n; ++i) printf(" %.9g", v[i]);
    printf("\n");
}

int main() {
    sycl::half ha[MDIM * KDIM], hb[KDIM * NDIM], he[MDIM * 8];
    float hc[MDIM * NDIM], hd[MDIM * NDIM], hf[16 * 16], fa[16 * 8], fb[8 * 16];
    for (int i = 0; i < MDIM * KDIM; ++i) ha[i] = sycl::half(((i * 7) % 11 - 5) / 4.0f);
    for (int i = 0; i < KDIM * NDIM; ++i) hb[i] = sycl::half(((i * 5) % 13 - 6) / 8.0f);
    for (int i = 0; i < MDIM * NDIM; ++i) hc[i] = (float)(i % 9 - 4);
    for (int i = 0; i < 16 * 8; ++i) fa[i] = sinf(0.37f * i + 0.1f);
    for (int i = 0; i < 8 * 16; ++i) fb[i] = cosf(1.3f * i);
    sycl::half *a, *b, *e;
    float *c, *d, *a32, *b32, *f;
    a = (sycl::half *)sycl::malloc_device(sizeof(ha), gpuport_queue());
    b = (sycl::half *)sycl::malloc_device(sizeof(hb), gpuport_queue());
    c = (float *)sycl::malloc_device(sizeof(hc), gpuport_queue());
    d = (float *)sycl::malloc_device(sizeof(hd), gpuport_queue());
    e = (sycl::half *)sycl::malloc_device(sizeof(he), gpuport_queue());
    a32 = (float *)sycl::malloc_device(sizeof(fa), gpuport_queue());
    b32 = (float *)sycl::malloc_device(sizeof(fb), gpuport_queue());
    f = (float *)sycl::malloc_device(sizeof(hf), gpuport_queue());
    gpuport_queue().memcpy(a, ha, sizeof(ha)).wait();
    gpuport_queue().memcpy(b, hb, sizeof(hb)).wait();
    gpuport_queue().memcpy(c, hc, sizeof(hc)).wait();
    gpuport_queue().memcpy(a32, fa, sizeof(fa)).wait();
    gpuport_queue().memcpy(b32, fb, sizeof(fb)).wait();
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, MDIM / 16, NDIM / 16) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { wmma_gemm(a, b, c, d, 1.5f, -0.5f, item); });
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { wmma_tall(a, b, e, item); });
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { wmma_tf32(a32, b32, f, item); });
    gpuport_queue().memcpy(hd, d, sizeof(hd)).wait();
    gpuport_queue().memcpy(he, e, sizeof(he)).wait();
    gpuport_queue().memcpy(hf, f, sizeof(hf)).wait();
    print_row("gemm", hd, MDIM * NDIM);
    float fe[MDIM * 8];
    for (int i = 0; i < MDIM * 8; ++i) fe[i] = static_cast<float>(he[i]);
    print_row("tall", fe, MDIM * 8);
    print_row("tf32", hf, 16 * 16);
    sycl::free(a, gpuport_queue());
    sycl::free(b, gpuport_queue());
    sycl::free(c, gpuport_queue());
    sycl::free(d, gpuport_queue());
    sycl::free(e, gpuport_queue());
    sycl::free(a32, gpuport_queue());
    sycl::free(b32, gpuport_queue());
    sycl::free(f, gpuport_queue());
    return 0;
}
