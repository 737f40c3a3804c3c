// cuFFT in standard SYCL (GP270): 1-D complex transforms (a power-of-two and another length, batched,
// forward then inverse), a 2-D real-to-complex transform and back, and an advanced-layout plan. It prints
// every result; tests/test_sycl_libs_run.py checks them against numpy's FFT.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif
#ifndef GPUPORT_VEC_double2
#define GPUPORT_VEC_double2
struct alignas(16) double2 { double x, y; };
inline double2 make_double2(double x, double y) { return double2{x, y}; }
#endif
#ifndef GPUPORT_SYCL_FFT_RESULT
#define GPUPORT_SYCL_FFT_RESULT
// cuFFT's cufftResult: an int, as a type of its own (overloads on it and on cudaError_t stay apart).
struct gpuport_fft_result {
  int value;
  gpuport_fft_result(int v = 0) : value(v) {}
  operator int() const { return value; }
};
#endif
#ifndef GPUPORT_SYCL_FFT
#define GPUPORT_SYCL_FFT
#include <cstddef>
#include <type_traits>
#include <utility>
// cuFFT in standard SYCL: plans hold the sizes and layout; a transform gathers its input into a packed
// complex buffer, transforms it one axis at a time (radix-2 Stockham passes for power-of-two lengths, a
// direct DFT for the others), and scatters the result. Unnormalised, forward = exp(-2*pi*i*j*k/n), as
// cuFFT. Real transforms use CUDA's layouts: the complex side keeps n/2 + 1 values of the last axis.
struct gpuport_fft_plan {
  int rank = 1, type = 0;
  long long n[3] = {1, 1, 1}, batch = 1;
  bool advanced = false;  // cufftPlanMany with inembed/onembed: strides and distances as given
  long long inembed[3] = {1, 1, 1}, onembed[3] = {1, 1, 1};
  long long istride = 1, idist = 0, ostride = 1, odist = 0;
  sycl::queue *q = nullptr;
  int xt_half = 0;  // cufftXtMakePlanMany with CUDA_C_16F/CUDA_R_16F data: half in memory, float inside
};
typedef gpuport_fft_plan *gpuport_fft_handle;
inline gpuport_fft_result gpuport_fft_make_plan_many(gpuport_fft_handle p, int rank, const int *n, const int *inembed,
                                      int istride, int idist, const int *onembed, int ostride, int odist,
                                      int type, int batch, std::size_t *work = nullptr) {
  if (p == nullptr || rank < 1 || rank > 3 || batch < 1) return 4;  // CUFFT_INVALID_VALUE
  p->rank = rank;
  p->type = type;
  p->batch = batch;
  p->advanced = inembed != nullptr && onembed != nullptr;
  for (int d = 0; d < rank; ++d) {
    if (n[d] < 1) return 8;  // CUFFT_INVALID_SIZE
    p->n[d] = n[d];
    p->inembed[d] = p->advanced ? inembed[d] : 1;
    p->onembed[d] = p->advanced ? onembed[d] : 1;
  }
  p->istride = p->advanced ? istride : 1;
  p->ostride = p->advanced ? ostride : 1;
  p->idist = idist;
  p->odist = odist;
  if (work != nullptr) *work = 0;
  return 0;
}
inline gpuport_fft_result gpuport_fft_create(gpuport_fft_handle *p) {
  *p = new gpuport_fft_plan();
  return 0;
}
inline gpuport_fft_result gpuport_fft_plan_many(gpuport_fft_handle *p, int rank, int *n, int *inembed, int istride, int idist,
                                 int *onembed, int ostride, int odist, int type, int batch) {
  gpuport_fft_create(p);
  return gpuport_fft_make_plan_many(*p, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch);
}
inline gpuport_fft_result gpuport_fft_make_plan1d(gpuport_fft_handle p, int nx, int type, int batch, std::size_t *work = nullptr) {
  const int n[1] = {nx};
  return gpuport_fft_make_plan_many(p, 1, n, nullptr, 1, 0, nullptr, 1, 0, type, batch, work);
}
inline gpuport_fft_result gpuport_fft_make_plan2d(gpuport_fft_handle p, int nx, int ny, int type, std::size_t *work = nullptr) {
  const int n[2] = {nx, ny};
  return gpuport_fft_make_plan_many(p, 2, n, nullptr, 1, 0, nullptr, 1, 0, type, 1, work);
}
inline gpuport_fft_result gpuport_fft_make_plan3d(gpuport_fft_handle p, int nx, int ny, int nz, int type,
                                   std::size_t *work = nullptr) {
  const int n[3] = {nx, ny, nz};
  return gpuport_fft_make_plan_many(p, 3, n, nullptr, 1, 0, nullptr, 1, 0, type, 1, work);
}
inline gpuport_fft_result gpuport_fft_plan1d(gpuport_fft_handle *p, int nx, int type, int batch) {
  gpuport_fft_create(p);
  return gpuport_fft_make_plan1d(*p, nx, type, batch);
}
inline gpuport_fft_result gpuport_fft_plan2d(gpuport_fft_handle *p, int nx, int ny, int type) {
  gpuport_fft_create(p);
  return gpuport_fft_make_plan2d(*p, nx, ny, type);
}
inline gpuport_fft_result gpuport_fft_plan3d(gpuport_fft_handle *p, int nx, int ny, int nz, int type) {
  gpuport_fft_create(p);
  return gpuport_fft_make_plan3d(*p, nx, ny, nz, type);
}
inline gpuport_fft_result gpuport_fft_destroy(gpuport_fft_handle p) {
  delete p;
  return 0;
}
inline gpuport_fft_result gpuport_fft_set_stream(gpuport_fft_handle p, sycl::queue *q) {
  p->q = q;
  return 0;
}
// cufftEstimate*/cufftGetSize*/cufftSetWorkArea/cufftSetAutoAllocation: the helpers need no work area.
inline void gpuport_fft_no_work(std::size_t *work) { *work = 0; }
template <typename T> inline void gpuport_fft_no_work(T) {}
template <typename... A> inline gpuport_fft_result gpuport_fft_work_area(A... args) {
  (gpuport_fft_no_work(args), ...);
  return 0;
}
// Where element `i` (row-major over the logical sizes `dims`) of transform `b` lives.
struct gpuport_fft_layout {
  int rank;
  long long dims[3], embed[3], stride, dist;
  bool advanced;
  long long offset(long long b, const long long *idx) const {
    long long lin = 0;
    for (int d = 0; d < rank; ++d) lin = lin * (advanced && d > 0 ? embed[d] : dims[d]) + idx[d];
    return b * dist + lin * stride;
  }
};
// One axis of length n, `inner` elements apart, over `lines` lines of the packed buffer (re, im pairs).
// Returns the buffer holding the result; the other one is scratch.
template <typename T>
T *gpuport_fft_axis(sycl::queue &q, T *a, T *b, long long lines, long long n, long long inner, int sign) {
  const T two_pi = T(6.283185307179586476925286766559);
  if (n == 1) return a;
  if ((n & (n - 1)) == 0) {
    for (long long ns = 1; ns < n; ns *= 2) {
      const long long half = n / 2;
      q.parallel_for(sycl::range<1>(lines * half), [=](sycl::id<1> id) {
         const long long t = id[0], line = t / half, j = t % half;
         const long long base = (line / inner) * n * inner + line % inner;
         const long long i0 = base + j * inner, i1 = base + (j + half) * inner;
         const T angle = T(sign) * two_pi * T(j % ns) / T(2 * ns);
         const T c = sycl::cos(angle), s = sycl::sin(angle);
         const T tr = a[2 * i1] * c - a[2 * i1 + 1] * s, ti = a[2 * i1] * s + a[2 * i1 + 1] * c;
         const long long k = (j / ns) * ns * 2 + j % ns;
         const long long o0 = base + k * inner, o1 = base + (k + ns) * inner;
         b[2 * o0] = a[2 * i0] + tr;
         b[2 * o0 + 1] = a[2 * i0 + 1] + ti;
         b[2 * o1] = a[2 * i0] - tr;
         b[2 * o1 + 1] = a[2 * i0 + 1] - ti;
       }).wait();
      std::swap(a, b);
    }
    return a;
  }
  q.parallel_for(sycl::range<1>(lines * n), [=](sycl::id<1> id) {
     const long long t = id[0], line = t / n, k = t % n;
     const long long base = (line / inner) * n * inner + line % inner;
     T re = 0, im = 0;
     for (long long j = 0; j < n; ++j) {
       const T angle = T(sign) * two_pi * T((j * k) % n) / T(n);
       const T c = sycl::cos(angle), s = sycl::sin(angle), xr = a[2 * (base + j * inner)],
               xi = a[2 * (base + j * inner) + 1];
       re += xr * c - xi * s;
       im += xr * s + xi * c;
     }
     b[2 * (base + k * inner)] = re;
     b[2 * (base + k * inner) + 1] = im;
   }).wait();
  return b;
}
// A real element (float, double, sycl::half) or a complex one (a struct with x and y).
template <class V, class = void> struct gpuport_fft_real : std::true_type {};
template <class V> struct gpuport_fft_real<V, std::void_t<decltype(V::x)>> : std::false_type {};
// kind 0: complex -> complex, 1: real -> complex (R2C, D2Z), 2: complex -> real (C2R, Z2D).
template <typename T, typename In, typename Out>
gpuport_fft_result gpuport_fft_exec(gpuport_fft_handle p, const In *in, Out *out, int sign, int kind) {
  if (p == nullptr) return 1;  // CUFFT_INVALID_PLAN
  sycl::queue &q = p->q != nullptr ? *p->q : gpuport_queue();
  const int rank = p->rank;
  long long total = 1;
  for (int d = 0; d < rank; ++d) total *= p->n[d];
  const long long count = total * p->batch;
  // The complex side of a real transform keeps n/2 + 1 values of the last axis.
  gpuport_fft_layout full{rank, {p->n[0], p->n[1], p->n[2]}, {0, 0, 0}, 1, total, p->advanced};
  gpuport_fft_layout half = full;
  half.dims[rank - 1] = p->n[rank - 1] / 2 + 1;
  half.dist = total / p->n[rank - 1] * half.dims[rank - 1];
  gpuport_fft_layout lin = kind == 2 ? half : full, lout = kind == 1 ? half : full;
  for (int d = 0; d < 3; ++d) {
    lin.embed[d] = p->inembed[d];
    lout.embed[d] = p->onembed[d];
  }
  lin.stride = p->istride;
  lout.stride = p->ostride;
  if (p->advanced) {  // the basic layout ignores the strides and distances given (cuFFT's rule)
    lin.dist = p->idist;
    lout.dist = p->odist;
  }
  T *a = sycl::malloc_device<T>(2 * count, q), *b = sycl::malloc_device<T>(2 * count, q);
  const long long n0 = p->n[0], n1 = p->n[1], n2 = p->n[2];
  auto split = [=](long long r, long long *idx) {  // row-major index over the sizes -> multi-index
    const long long ns[3] = {n0, n1, n2};
    for (int d = rank - 1; d >= 0; --d) {
      idx[d] = r % ns[d];
      r /= ns[d];
    }
  };
  q.parallel_for(sycl::range<1>(count), [=](sycl::id<1> id) {
     const long long t = id[0], bt = t / total;
     long long idx[3] = {0, 0, 0};
     split(t % total, idx);
     if constexpr (gpuport_fft_real<In>::value) {  // real input
       a[2 * t] = in[lin.offset(bt, idx)];
       a[2 * t + 1] = 0;
     } else if (kind == 2 && idx[rank - 1] >= lin.dims[rank - 1]) {
       // Hermitian symmetry: X[k] = conj(X[-k]) fills the half the input does not hold.
       const long long ns[3] = {n0, n1, n2};
       long long mirror[3];
       for (int d = 0; d < rank; ++d) mirror[d] = (ns[d] - idx[d]) % ns[d];
       const In v = in[lin.offset(bt, mirror)];
       a[2 * t] = v.x;
       a[2 * t + 1] = -v.y;
     } else {
       const In v = in[lin.offset(bt, idx)];
       a[2 * t] = v.x;
       a[2 * t + 1] = v.y;
     }
   }).wait();
  long long inner = 1;
  for (int d = rank - 1; d >= 0; --d) {
    T *result = gpuport_fft_axis(q, a, b, count / p->n[d], p->n[d], inner, sign);
    if (result != a) std::swap(a, b);
    inner *= p->n[d];
  }
  q.parallel_for(sycl::range<1>(count), [=](sycl::id<1> id) {
     const long long t = id[0], bt = t / total;
     long long idx[3] = {0, 0, 0};
     split(t % total, idx);
     if constexpr (gpuport_fft_real<Out>::value) {  // real output: the real part
       out[lout.offset(bt, idx)] = Out(a[2 * t]);
     } else {
       if (kind == 1 && idx[rank - 1] >= lout.dims[rank - 1]) return;
       Out v;
       v.x = decltype(v.x)(a[2 * t]);
       v.y = decltype(v.y)(a[2 * t + 1]);
       out[lout.offset(bt, idx)] = v;
     }
   }).wait();
  sycl::free(a, q);
  sycl::free(b, q);
  return 0;
}
template <typename C> inline gpuport_fft_result gpuport_fft_exec_c2c(gpuport_fft_handle p, C *in, C *out, int direction) {
  return gpuport_fft_exec<decltype(C{}.x)>(p, in, out, direction < 0 ? -1 : 1, 0);
}
template <typename R, typename C> inline gpuport_fft_result gpuport_fft_exec_r2c(gpuport_fft_handle p, R *in, C *out) {
  return gpuport_fft_exec<R>(p, in, out, -1, 1);
}
template <typename C, typename R> inline gpuport_fft_result gpuport_fft_exec_c2r(gpuport_fft_handle p, C *in, R *out) {
  return gpuport_fft_exec<R>(p, in, out, 1, 2);
}
#endif
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#define CHECK_FFT(call)                                                   \
    do {                                                                  \
        gpuport_fft_result status = (call);                                      \
        if (status != 0) {                                    \
            fprintf(stderr, "cuFFT error %d at line %d\n", status, __LINE__); \
            return 1;                                                     \
        }                                                                 \
    } while (0)

static void print_complex(const char *name, const double2 *d, int n) {
    double2 h[64];
    gpuport_queue().memcpy(h, d, n * sizeof(double2)).wait();
    printf("%s", name);
    for (int i = 0; i < n; ++i) printf(" %.9g %.9g", h[i].x, h[i].y);
    printf("\n");
}

int main() {
    // 1-D, batch 2, lengths 8 and 6: forward, then inverse (unnormalised: n times the input)
    for (int n = 8; n >= 6; n -= 2) {
        double2 h[16];
        for (int i = 0; i < 2 * n; ++i) {
            h[i].x = sin(0.37 * i + 0.1);
            h[i].y = cos(1.3 * i);
        }
        double2 *d;
        d = static_cast<std::remove_reference_t<decltype(d)>>(sycl::malloc_device(2 * n * sizeof(double2), gpuport_queue()));
        gpuport_queue().memcpy(d, h, 2 * n * sizeof(double2)).wait();
        gpuport_fft_handle plan;
        CHECK_FFT(gpuport_fft_plan1d(&plan, n, 0x69, 2));
        CHECK_FFT(gpuport_fft_exec_c2c(plan, d, d, (-1)));
        print_complex(n == 8 ? "fwd8" : "fwd6", d, 2 * n);
        CHECK_FFT(gpuport_fft_exec_c2c(plan, d, d, 1));
        print_complex(n == 8 ? "inv8" : "inv6", d, 2 * n);
        gpuport_fft_destroy(plan);
        sycl::free(d, gpuport_queue());
    }
    // 2-D 4 x 6 real -> complex (4 x 4 half spectrum) and back
    double hr[24];
    for (int i = 0; i < 24; ++i) hr[i] = sin(0.37 * i + 0.1);
    double *r;
    double2 *z;
    r = static_cast<std::remove_reference_t<decltype(r)>>(sycl::malloc_device(sizeof(hr), gpuport_queue()));
    z = static_cast<std::remove_reference_t<decltype(z)>>(sycl::malloc_device(16 * sizeof(double2), gpuport_queue()));
    gpuport_queue().memcpy(r, hr, sizeof(hr)).wait();
    gpuport_fft_handle forward, backward;
    CHECK_FFT(gpuport_fft_plan2d(&forward, 4, 6, 0x6a));
    CHECK_FFT(gpuport_fft_plan2d(&backward, 4, 6, 0x6c));
    CHECK_FFT(gpuport_fft_exec_r2c(forward, r, z));
    print_complex("r2c", z, 16);
    CHECK_FFT(gpuport_fft_exec_c2r(backward, z, r));
    gpuport_queue().memcpy(hr, r, sizeof(hr)).wait();
    printf("c2r");
    for (int i = 0; i < 24; ++i) printf(" %.9g", hr[i]);
    printf("\n");
    // advanced layout: 3 transforms of 8, input every 2nd element, 17 apart; packed output
    int n[1] = {8}, inembed[1] = {8}, onembed[1] = {8};
    double2 hm[51];
    for (int i = 0; i < 51; ++i) {
        hm[i].x = sin(0.37 * i + 0.1);
        hm[i].y = cos(1.3 * i);
    }
    double2 *in, *out;
    in = static_cast<std::remove_reference_t<decltype(in)>>(sycl::malloc_device(sizeof(hm), gpuport_queue()));
    out = static_cast<std::remove_reference_t<decltype(out)>>(sycl::malloc_device(24 * sizeof(double2), gpuport_queue()));
    gpuport_queue().memcpy(in, hm, sizeof(hm)).wait();
    gpuport_fft_handle many;
    size_t work = 1;
    CHECK_FFT(gpuport_fft_create(&many));
    CHECK_FFT(gpuport_fft_make_plan_many(many, 1, n, inembed, 2, 17, onembed, 1, 8, 0x69, 3, &work));
    CHECK_FFT(gpuport_fft_exec_c2c(many, in, out, (-1)));
    print_complex("many", out, 24);
    printf("work %zu\n", work);
    gpuport_fft_destroy(forward);
    gpuport_fft_destroy(backward);
    gpuport_fft_destroy(many);
    return 0;
}
