"""GP270 lib-cufft: cuFFT's plans and transforms as an inline standard SYCL 2020 FFT.

What it does
    Renames cuFFT names to helpers with the same arguments, defined once in place of `#include <cufft.h>`
    (guarded by `GPUPORT_SYCL_FFT`, after the `float2`/`double2` structs cuFFT's complex types are):
    `cufftHandle` -> `gpuport_fft_handle` (a plan pointer); `cufftResult` -> `gpuport_fft_result` (an int
    as a type of its own, as cuBLAS's status is); `cufftPlan1d/2d/3d/Many`, `cufftCreate`,
    `cufftMakePlan1d/2d/3d/Many`, `cufftDestroy`, `cufftSetStream` -> `gpuport_fft_*`;
    `cufftExecC2C`/`Z2Z`, `R2C`/`D2Z`, `C2R`/`Z2D` -> `gpuport_fft_exec_c2c`/`r2c`/`c2r`; the work-area
    queries and settings (`cufftEstimate*`, `cufftGetSize*`, `cufftSetWorkArea`, `cufftSetAutoAllocation`)
    -> `gpuport_fft_work_area` (no work area is needed: sizes are 0); `cufftComplex` -> `float2`,
    `cufftDoubleComplex` -> `double2`, `cufftReal`/`cufftDoubleReal` -> `float`/`double`,
    `cufftResult`/`cufftType` -> `int`, and the `CUFFT_*` status, type and direction values -> cuFFT's
    numbers. `cufftMakePlanMany64`, and `cufftXtMakePlanMany`/`cufftXtExec` of `<cufftXt.h>` (single GPU;
    element types as cudaDataType values, half precision stored as half and transformed in float) ->
    `gpuport_fft_make_plan_many64`/`gpuport_fft_xt_make_plan_many`/`gpuport_fft_xt_exec`. Callbacks,
    multi-GPU Xt calls and plan properties are reported unconverted.
Why
    Standard SYCL 2020 has no FFT library (oneMKL DFT is a vendor library). The helper transforms a
    packed copy of the input one axis at a time: radix-2 Stockham passes for power-of-two lengths (log2 n
    kernels of n/2 butterflies, each pass writing the other buffer, so no bit reversal is needed), a
    direct DFT for other lengths; ranks 1-3, batches, cuFFT's basic and advanced (`inembed`, strides,
    distances) layouts, the half spectrum of real transforms (n/2 + 1 values on the last axis; C2R fills
    the other half by Hermitian symmetry). Unnormalised, forward sign -1, as cuFFT.
Example
    cufftPlan1d(&plan, n, CUFFT_C2C, batch);
    cufftExecC2C(plan, d_signal, d_signal, CUFFT_FORWARD);
Translated to
    gpuport_fft_plan1d(&plan, n, 0x29, batch);
    gpuport_fft_exec_c2c(plan, d_signal, d_signal, (-1));
Safety
    review: results equal cuFFT's up to rounding, but the helper is not tuned (non-power-of-two lengths
    cost O(n^2) per line; every pass waits): port performance-critical FFTs to a tuned library.
References
    cuFFT documentation (plans, data layouts, cufftType values, result codes); SYCL 2020 specification,
    4.17.5 (math functions); J. Stockham's autosort FFT (the pass structure of radix-2 FFTs on GPUs).
"""

from __future__ import annotations

import re

from ...diagnostics import Safety
from ._libs import DATA_TYPES, LibraryRule, status_type
from ._vectors import definition

FFT_RESULT = status_type("gpuport_fft_result", "cuFFT's cufftResult")

FFT = (
    FFT_RESULT
    + r"""#ifndef GPUPORT_SYCL_FFT
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
"""
)

# cufftXt.h's single-GPU plans and transforms, and the 64-bit plans: sizes as long long, the element
# types as cudaDataType values (the GP254 enum, defined with it). Half precision is stored as half and
# transformed in float (cuFFT computes half transforms in at least half precision).
FFT_XT = r"""#ifndef GPUPORT_SYCL_FFT_XT
#define GPUPORT_SYCL_FFT_XT
struct gpuport_fft_half2 { sycl::half x, y; };
inline gpuport_fft_result gpuport_fft_make_plan_many64(gpuport_fft_handle p, int rank, long long *n, long long *inembed,
                                        long long istride, long long idist, long long *onembed,
                                        long long ostride, long long odist, int type, long long batch,
                                        std::size_t *work = nullptr) {
  if (rank < 1 || rank > 3) return 4;  // CUFFT_INVALID_VALUE
  int n32[3] = {1, 1, 1}, ie[3] = {1, 1, 1}, oe[3] = {1, 1, 1};
  for (int d = 0; d < rank; ++d) {
    n32[d] = int(n[d]);
    if (inembed != nullptr) ie[d] = int(inembed[d]);
    if (onembed != nullptr) oe[d] = int(onembed[d]);
  }
  return gpuport_fft_make_plan_many(p, rank, n32, inembed ? ie : nullptr, int(istride), int(idist),
                                    onembed ? oe : nullptr, int(ostride), int(odist), type, int(batch), work);
}
inline gpuport_fft_result gpuport_fft_xt_make_plan_many(gpuport_fft_handle p, int rank, long long *n, long long *inembed,
                                         long long istride, long long idist, int itype, long long *onembed,
                                         long long ostride, long long odist, int otype, long long batch,
                                         std::size_t *work, int etype) {
  auto complex_type = [](int t) { return t == gpuport_blas_c_16f || t == gpuport_blas_c_32f || t == gpuport_blas_c_64f; };
  const bool dbl = etype == gpuport_blas_r_64f || etype == gpuport_blas_c_64f;
  const bool ic = complex_type(itype), oc = complex_type(otype);
  if (!ic && !oc) return 4;
  const int type = ic && oc ? (dbl ? 0x69 : 0x29) : ic ? (dbl ? 0x6c : 0x2c) : (dbl ? 0x6a : 0x2a);
  const int r = gpuport_fft_make_plan_many64(p, rank, n, inembed, istride, idist, onembed, ostride, odist,
                                             type, batch, work);
  p->xt_half = etype == gpuport_blas_c_16f || etype == gpuport_blas_r_16f;
  return r;
}
inline gpuport_fft_result gpuport_fft_xt_exec(gpuport_fft_handle p, void *in, void *out, int direction) {
  if (p == nullptr) return 1;  // CUFFT_INVALID_PLAN
  const int sign = direction < 0 ? -1 : 1;
  typedef gpuport_fft_half2 h2;
  switch (p->type) {
    case 0x29:
      return p->xt_half ? gpuport_fft_exec<float>(p, (h2 *)in, (h2 *)out, sign, 0)
                        : gpuport_fft_exec<float>(p, (float2 *)in, (float2 *)out, sign, 0);
    case 0x69: return gpuport_fft_exec<double>(p, (double2 *)in, (double2 *)out, sign, 0);
    case 0x2a:
      return p->xt_half ? gpuport_fft_exec<float>(p, (sycl::half *)in, (h2 *)out, -1, 1)
                        : gpuport_fft_exec<float>(p, (float *)in, (float2 *)out, -1, 1);
    case 0x6a: return gpuport_fft_exec<double>(p, (double *)in, (double2 *)out, -1, 1);
    case 0x2c:
      return p->xt_half ? gpuport_fft_exec<float>(p, (h2 *)in, (sycl::half *)out, 1, 2)
                        : gpuport_fft_exec<float>(p, (float2 *)in, (float *)out, 1, 2);
    case 0x6c: return gpuport_fft_exec<double>(p, (double2 *)in, (double *)out, 1, 2);
  }
  return 1;
}
#endif
"""


class LibCufft(LibraryRule):
    code = "GP270"
    name = "lib-cufft"
    targets = frozenset({"sycl"})
    summary = "Map cuFFT plans and transforms to an inline standard SYCL FFT (Stockham radix-2, direct DFT)."
    triggers = (b"cufft", b"CUFFT")
    headers = {
        "cufft.h": [definition("float2") + definition("double2"), FFT],
        "cufftXt.h": [definition("float2") + definition("double2"), FFT, DATA_TYPES, FFT_XT],
    }
    library_names = re.compile(r"cufft\w*|CUFFT_\w+")
    library = "cuFFT"
    mapped_summary = (
        "plans (1-3 D, many, many64, create/make/destroy, stream), C2C/Z2Z/R2C/D2Z/C2R/Z2D transforms, "
        "cufftXtMakePlanMany/cufftXtExec on one GPU, work-area queries, the complex and real types, result, "
        "type and direction values"
    )
    family = "cufft"
    safety = Safety.REVIEW

    def message(self, name: str, new: str) -> str:
        return f"`{name}` -> `{new}` (inline SYCL FFT: cuFFT's results up to rounding, not its speed)"
