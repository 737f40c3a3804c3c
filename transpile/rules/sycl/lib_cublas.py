"""GP254 lib-cublas: the most used cuBLAS calls become small inline standard-SYCL helpers.

What it does
    Renames cuBLAS (`cublas_v2.h`) names to helpers with the same arguments, defined once in place of the
    `#include <cublas_v2.h>` (guarded by `GPUPORT_SYCL_BLAS`):
    handles (`cublasCreate/Destroy/SetStream/GetStream/SetPointerMode/GetPointerMode`, `cublasSetMathMode`
    a no-op) -> `gpuport_blas_*`; `cublasHandle_t` -> `gpuport_blas_handle`; `cublasStatus_t` -> `int`,
    `CUBLAS_STATUS_SUCCESS` -> `0`; `CUBLAS_OP_N/T/C` -> `'N'/'T'/'C'`; pointer modes -> `false`/`true`;
    `cublasSgemm/Dgemm` -> `gpuport_blas_gemm<float|double>`, `cublas[SD]gemmStridedBatched` ->
    `gpuport_blas_gemm_strided_batched<..>`, `cublasGemmEx` (half/float/double data, float or double
    compute) -> `gpuport_blas_gemm_ex`; `cublas[SD]gemv` -> `gpuport_blas_gemv<..>`; level 1
    `axpy/dot/nrm2/asum/scal/copy/swap`, `cublasI[sd]amax/amin` (S and D) -> `gpuport_blas_<op><T>`;
    `cublasSetVector/GetVector/SetMatrix/GetMatrix` (and `Async`) -> `gpuport_blas_copy_vector/matrix[_async]`.
    The legacy API (`#include <cublas.h>`: no handle, scalars by value, `dot/nrm2/asum/i?amax/amin` return
    their result) gets, in place of that include, the same helpers plus a block guarded by
    `GPUPORT_SYCL_BLAS_LEGACY`: overloads of the same `gpuport_blas_<op><T>` names without the handle and
    with scalars by value (every legacy signature has another argument count than its v2 namesake, so C++
    picks the right one and a call is the same rename under either header, wherever the header is
    included from), working on one program-wide context; `cublasInit/Shutdown/GetError` ->
    `gpuport_blas_init/shutdown/get_error` (0), `cublasAlloc/Free` -> `gpuport_blas_alloc/free` (USM
    device memory), `cublasSetKernelStream` -> `gpuport_blas_set_kernel_stream`. Other cuBLAS names are
    reported unconverted.
    CUDA's `cudaDataType` values (`CUDA_R_32F`, `CUDA_C_64F`, ...) become `gpuport_blas_r_32f`, ...; a
    file that uses them without including cuBLAS gets the guarded enum alone, before the first use.
Why
    Standard SYCL 2020 has no BLAS; oneMKL is a vendor library that AdaptiveCpp's CPU target and other
    implementations lack. A column-major GEMM, a few element-wise kernels and a work-group reduction are
    short enough to be emitted readably into the file. Keeping cuBLAS's argument order means each call
    is a rename, so calls inside macros (`CUBLAS_CHECK(...)`) translate too.
Example
    CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &alpha, d_A, lda, d_B, ldb,
                             &beta, d_C, ldc));
Translated to
    CUBLAS_CHECK(gpuport_blas_gemm<float>(handle, 'T', 'N', m, n, k, &alpha, d_A, lda, d_B, ldb,
                             &beta, d_C, ldc));
    (`gpuport_blas_gemm` computes C = alpha op(A) op(B) + beta C column-major on the handle's queue; C is
    not read when beta is 0, as in cuBLAS.)
    The legacy API's `cublasSgemm('t', 'n', m, n, k, 1, A, lda, B, ldb, 0, C, ldc)` (cublas.h) becomes
    `gpuport_blas_gemm<float>('t', 'n', m, n, k, 1, A, lda, B, ldb, 0, C, ldc)`: the legacy overload.
Safety
    safe in meaning: results are written as cuBLAS writes them (host pointer mode: scalars read from and
    results written to host memory, blocking; device pointer mode: device memory). The kernels are
    simple, not tuned: a naive GEMM, so expect lower speed than cuBLAS; sums are in a different order, so
    rounding differs slightly. Math modes (tensor-op/TF32) are ignored: arithmetic is full precision.
    `cublasGemmEx` with half compute (`CUBLAS_COMPUTE_16F`) accumulates in float. Status codes other than
    success are not produced (SYCL reports errors as exceptions), so the legacy `cublasGetError()` is
    always 0. Legacy calls run in order on `gpuport_queue()` (CUDA's default stream) or the queue given to
    `cublasSetKernelStream`, asynchronously as in cuBLAS; legacy results (`cublasSdot`) are returned after
    waiting. `cublasFree` waits for queued work first, as `cudaFree` does.
References
    cuBLAS documentation (cuBLAS API: helper functions, level-1 and level-3 functions, cublasGemmEx);
    SYCL 2020 specification, 4.9.4 (parallel_for), 4.17.4.5 (reduce_over_group), 4.8 (USM).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ._libs import DATA_TYPES, LibraryRule
from ._memory_helpers import block_edit

_DATA_TYPE_PREFIXES = ("gpuport_blas_r_", "gpuport_blas_c_")

BLAS_HELPERS = (
    r"""#ifndef GPUPORT_SYCL_BLAS
#define GPUPORT_SYCL_BLAS
#include <algorithm>
#include <cmath>
#include <vector>
// The cuBLAS subset gpuport maps, in standard SYCL 2020: column-major matrices, as in cuBLAS.
struct gpuport_blas_context {
  sycl::queue *queue;
  bool device_pointers;  // CUBLAS_POINTER_MODE_DEVICE: scalars and results live in device memory
};
typedef gpuport_blas_context *gpuport_blas_handle;
"""
    + DATA_TYPES
    + r"""inline int gpuport_blas_create(gpuport_blas_handle *h) {
  *h = new gpuport_blas_context{&gpuport_queue(), false};
  return 0;
}
inline int gpuport_blas_destroy(gpuport_blas_handle h) {
  h->queue->wait();
  delete h;
  return 0;
}
inline int gpuport_blas_set_stream(gpuport_blas_handle h, sycl::queue *q) {
  h->queue = q ? q : &gpuport_queue();
  return 0;
}
inline int gpuport_blas_get_stream(gpuport_blas_handle h, sycl::queue **q) {
  *q = h->queue;
  return 0;
}
inline int gpuport_blas_set_pointer_mode(gpuport_blas_handle h, bool device) {
  h->device_pointers = device;
  return 0;
}
inline int gpuport_blas_get_pointer_mode(gpuport_blas_handle h, bool *device) {
  *device = h->device_pointers;
  return 0;
}
inline int gpuport_blas_set_math_mode(gpuport_blas_handle, int) { return 0; }  // always full precision
// A scalar argument (alpha, beta): a host pointer, or a device pointer in device pointer mode.
template <typename T> T gpuport_blas_scalar(gpuport_blas_handle h, const T *p) {
  if (!h->device_pointers) return *p;
  T v;
  h->queue->memcpy(&v, p, sizeof(T)).wait();
  return v;
}
// A result (dot, nrm2, amax...): to host memory, or to device memory in device pointer mode.
template <typename T> int gpuport_blas_result(gpuport_blas_handle h, T *out, T v) {
  if (h->device_pointers)
    h->queue->memcpy(out, &v, sizeof(T)).wait();
  else
    *out = v;
  return 0;
}
// Element i of a strided vector of n elements (a negative increment walks it backwards, as in BLAS).
inline long long gpuport_blas_at(long long i, int n, int inc) {
  return inc >= 0 ? i * inc : (n - 1 - i) * (long long)-inc;
}
// op(f(0), ..., f(n-1)) for a SYCL function object op: one partial per work-group, combined on the host.
template <typename T, typename Op, typename F> T gpuport_blas_reduce(sycl::queue &q, int n, T init, Op op, F f) {
  const size_t wg = std::min<size_t>(256, q.get_device().get_info<sycl::info::device::max_work_group_size>());
  const size_t groups = std::max<size_t>(1, std::min<size_t>((n + wg - 1) / wg, 1024));
  T *partial = sycl::malloc_device<T>(groups, q);
  q.parallel_for(sycl::nd_range<1>(groups * wg, wg), [=](sycl::nd_item<1> it) {
    T acc = init;
    for (long long i = it.get_global_id(0); i < n; i += (long long)(groups * wg)) acc = op(acc, f(i));
    acc = sycl::reduce_over_group(it.get_group(), acc, op);
    if (it.get_local_id(0) == 0) partial[it.get_group(0)] = acc;
  });
  std::vector<T> host(groups);
  q.memcpy(host.data(), partial, groups * sizeof(T)).wait();
  sycl::free(partial, q);
  T r = init;
  for (const T &v : host) r = op(r, v);
  return r;
}
// C = alpha op(A) op(B) + beta C for `batch` matrices stride_* elements apart; op is 'N', 'T' or 'C'
// (the same as 'T' for real types). TS is the scalar and accumulation type. C is not read if beta == 0.
template <typename TA, typename TB, typename TC, typename TS>
int gpuport_blas_gemm_batch(gpuport_blas_handle h, char transa, char transb, int m, int n, int k, TS alpha,
                            const TA *a, int lda, long long stride_a, const TB *b, int ldb, long long stride_b,
                            TS beta, TC *c, int ldc, long long stride_c, int batch) {
  if (m <= 0 || n <= 0 || batch <= 0) return 0;
  const bool ta = transa != 'N' && transa != 'n', tb = transb != 'N' && transb != 'n';
  h->queue->parallel_for(sycl::range<3>(batch, n, m), [=](sycl::item<3> it) {
    const long long l = it[0], j = it[1], i = it[2];
    const TA *al = a + l * stride_a;
    const TB *bl = b + l * stride_b;
    TS acc = 0;
    for (long long p = 0; p < k; ++p)
      acc += static_cast<TS>(ta ? al[p + i * lda] : al[i + p * lda]) *
             static_cast<TS>(tb ? bl[j + p * ldb] : bl[p + j * ldb]);
    TC &out = c[l * stride_c + i + j * ldc];
    out = static_cast<TC>(beta == TS(0) ? alpha * acc : alpha * acc + beta * static_cast<TS>(out));
  });
  return 0;
}
template <typename T>
int gpuport_blas_gemm(gpuport_blas_handle h, char transa, char transb, int m, int n, int k, const T *alpha,
                      const T *a, int lda, const T *b, int ldb, const T *beta, T *c, int ldc) {
  return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, gpuport_blas_scalar(h, alpha), a, lda, 0LL, b, ldb,
                                 0LL, gpuport_blas_scalar(h, beta), c, ldc, 0LL, 1);
}
template <typename T>
int gpuport_blas_gemm_strided_batched(gpuport_blas_handle h, char transa, char transb, int m, int n, int k,
                                      const T *alpha, const T *a, int lda, long long stride_a, const T *b,
                                      int ldb, long long stride_b, const T *beta, T *c, int ldc,
                                      long long stride_c, int batch) {
  return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, gpuport_blas_scalar(h, alpha), a, lda, stride_a, b,
                                 ldb, stride_b, gpuport_blas_scalar(h, beta), c, ldc, stride_c, batch);
}
// y = alpha op(A) x + beta y, A m x n column-major; op 'N' (y has m elements, x n) or 'T'/'C' (y n, x m).
// y is not read if beta == 0.
template <typename T>
int gpuport_blas_gemv(gpuport_blas_handle h, char trans, int m, int n, const T *alpha, const T *a, int lda,
                      const T *x, int incx, const T *beta, T *y, int incy) {
  const T al = gpuport_blas_scalar(h, alpha), be = gpuport_blas_scalar(h, beta);
  if (m <= 0 || n <= 0) return 0;
  const bool t = trans != 'N' && trans != 'n';
  const int ny = t ? n : m, nx = t ? m : n;
  h->queue->parallel_for(sycl::range<1>(ny), [=](sycl::id<1> id) {
    const long long i = id[0];
    T acc = 0;
    for (long long p = 0; p < nx; ++p)
      acc += (t ? a[p + i * lda] : a[i + p * lda]) * x[gpuport_blas_at(p, nx, incx)];
    T &out = y[gpuport_blas_at(i, ny, incy)];
    out = be == T(0) ? al * acc : al * acc + be * out;
  });
  return 0;
}
// cublasGemmEx: A and B half, float or double (the same type), C the same or float; float compute
// (half compute accumulates in float too), double compute for double data. 15: not supported.
inline int gpuport_blas_gemm_ex(gpuport_blas_handle h, char transa, char transb, int m, int n, int k,
                                const void *alpha, const void *a, int a_type, int lda, const void *b, int b_type,
                                int ldb, const void *beta, void *c, int c_type, int ldc, int compute_type, int) {
  using half = sycl::half;
  if (a_type != b_type) return 15;
  if (compute_type == gpuport_blas_r_64f) {
    if (a_type != gpuport_blas_r_64f || c_type != gpuport_blas_r_64f) return 15;
    return gpuport_blas_gemm(h, transa, transb, m, n, k, (const double *)alpha, (const double *)a, lda,
                             (const double *)b, ldb, (const double *)beta, (double *)c, ldc);
  }
  float al, be;
  if (compute_type == gpuport_blas_r_16f) {
    al = gpuport_blas_scalar(h, (const half *)alpha);
    be = gpuport_blas_scalar(h, (const half *)beta);
  } else {
    al = gpuport_blas_scalar(h, (const float *)alpha);
    be = gpuport_blas_scalar(h, (const float *)beta);
  }
  if (a_type == gpuport_blas_r_16f && c_type == gpuport_blas_r_16f)
    return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, al, (const half *)a, lda, 0LL, (const half *)b, ldb,
                                   0LL, be, (half *)c, ldc, 0LL, 1);
  if (a_type == gpuport_blas_r_16f && c_type == gpuport_blas_r_32f)
    return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, al, (const half *)a, lda, 0LL, (const half *)b, ldb,
                                   0LL, be, (float *)c, ldc, 0LL, 1);
  if (a_type == gpuport_blas_r_32f && c_type == gpuport_blas_r_32f)
    return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, al, (const float *)a, lda, 0LL, (const float *)b,
                                   ldb, 0LL, be, (float *)c, ldc, 0LL, 1);
  return 15;
}
template <typename T>
int gpuport_blas_axpy(gpuport_blas_handle h, int n, const T *alpha, const T *x, int incx, T *y, int incy) {
  const T a = gpuport_blas_scalar(h, alpha);
  if (n > 0)
    h->queue->parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      y[gpuport_blas_at(i[0], n, incy)] += a * x[gpuport_blas_at(i[0], n, incx)];
    });
  return 0;
}
template <typename T> int gpuport_blas_scal(gpuport_blas_handle h, int n, const T *alpha, T *x, int incx) {
  const T a = gpuport_blas_scalar(h, alpha);
  if (n > 0) h->queue->parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { x[i[0] * incx] *= a; });
  return 0;
}
template <typename T> int gpuport_blas_copy(gpuport_blas_handle h, int n, const T *x, int incx, T *y, int incy) {
  if (n > 0)
    h->queue->parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      y[gpuport_blas_at(i[0], n, incy)] = x[gpuport_blas_at(i[0], n, incx)];
    });
  return 0;
}
template <typename T> int gpuport_blas_swap(gpuport_blas_handle h, int n, T *x, int incx, T *y, int incy) {
  if (n > 0)
    h->queue->parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      const T t = y[gpuport_blas_at(i[0], n, incy)];
      y[gpuport_blas_at(i[0], n, incy)] = x[gpuport_blas_at(i[0], n, incx)];
      x[gpuport_blas_at(i[0], n, incx)] = t;
    });
  return 0;
}
template <typename T>
int gpuport_blas_dot(gpuport_blas_handle h, int n, const T *x, int incx, const T *y, int incy, T *result) {
  return gpuport_blas_result(h, result, gpuport_blas_reduce(*h->queue, n, T(0), sycl::plus<T>(), [=](long long i) {
    return x[gpuport_blas_at(i, n, incx)] * y[gpuport_blas_at(i, n, incy)];
  }));
}
template <typename T> int gpuport_blas_nrm2(gpuport_blas_handle h, int n, const T *x, int incx, T *result) {
  const T sq = gpuport_blas_reduce(*h->queue, n, T(0), sycl::plus<T>(), [=](long long i) {
    const T v = x[i * incx];
    return v * v;
  });
  return gpuport_blas_result(h, result, incx > 0 ? T(std::sqrt(sq)) : T(0));
}
template <typename T> int gpuport_blas_asum(gpuport_blas_handle h, int n, const T *x, int incx, T *result) {
  const T s = gpuport_blas_reduce(*h->queue, n, T(0), sycl::plus<T>(),
                                  [=](long long i) { return sycl::fabs(x[i * incx]); });
  return gpuport_blas_result(h, result, incx > 0 ? s : T(0));
}
// 1-based index of the first element of largest (amax) or smallest (amin) magnitude; 0 when n <= 0.
template <typename T> int gpuport_blas_iamax(gpuport_blas_handle h, int n, const T *x, int incx, int *result) {
  if (n <= 0 || incx <= 0) return gpuport_blas_result(h, result, 0);
  const T m = gpuport_blas_reduce(*h->queue, n, T(0), sycl::maximum<T>(),
                                  [=](long long i) { return sycl::fabs(x[i * incx]); });
  const int first = gpuport_blas_reduce(*h->queue, n, n, sycl::minimum<int>(), [=](long long i) {
    return sycl::fabs(x[i * incx]) == m ? (int)i : n;
  });
  return gpuport_blas_result(h, result, first + 1);
}
template <typename T> int gpuport_blas_iamin(gpuport_blas_handle h, int n, const T *x, int incx, int *result) {
  if (n <= 0 || incx <= 0) return gpuport_blas_result(h, result, 0);
  const T m = gpuport_blas_reduce(*h->queue, n, T(INFINITY), sycl::minimum<T>(),
                                  [=](long long i) { return sycl::fabs(x[i * incx]); });
  const int first = gpuport_blas_reduce(*h->queue, n, n, sycl::minimum<int>(), [=](long long i) {
    return sycl::fabs(x[i * incx]) == m ? (int)i : n;
  });
  return gpuport_blas_result(h, result, first + 1);
}
// cublasSet/GetVector and cublasSet/GetMatrix: strided copies between host and device memory.
inline int gpuport_blas_copy_vector_async(int n, int elem_size, const void *src, int inc_src, void *dst,
                                          int inc_dst, sycl::queue *q) {
  if (!q) q = &gpuport_queue();
  if (inc_src == 1 && inc_dst == 1) {
    q->memcpy(dst, src, (size_t)n * elem_size);
    return 0;
  }
  for (long long i = 0; i < n; ++i)
    q->memcpy((char *)dst + i * inc_dst * elem_size, (const char *)src + i * inc_src * elem_size, elem_size);
  return 0;
}
inline int gpuport_blas_copy_vector(int n, int elem_size, const void *src, int inc_src, void *dst, int inc_dst) {
  gpuport_blas_copy_vector_async(n, elem_size, src, inc_src, dst, inc_dst, &gpuport_queue());
  gpuport_queue().wait();
  return 0;
}
inline int gpuport_blas_copy_matrix_async(int rows, int cols, int elem_size, const void *src, int ld_src,
                                          void *dst, int ld_dst, sycl::queue *q) {
  if (!q) q = &gpuport_queue();
  if (ld_src == rows && ld_dst == rows) {
    q->memcpy(dst, src, (size_t)rows * cols * elem_size);
    return 0;
  }
  for (long long j = 0; j < cols; ++j)
    q->memcpy((char *)dst + j * ld_dst * elem_size, (const char *)src + j * ld_src * elem_size,
              (size_t)rows * elem_size);
  return 0;
}
inline int gpuport_blas_copy_matrix(int rows, int cols, int elem_size, const void *src, int ld_src, void *dst,
                                    int ld_dst) {
  gpuport_blas_copy_matrix_async(rows, cols, elem_size, src, ld_src, dst, ld_dst, &gpuport_queue());
  gpuport_queue().wait();
  return 0;
}
#endif
"""
)

BLAS_LEGACY_HELPERS = r"""#ifndef GPUPORT_SYCL_BLAS_LEGACY
#define GPUPORT_SYCL_BLAS_LEGACY
// The legacy cuBLAS API (cublas.h): no handle, scalars by value, level-1 results returned. Overloads of
// the helpers above (one argument fewer, or more), working on one program-wide context: host scalars, on
// gpuport_queue() or the queue cublasSetKernelStream gives.
inline gpuport_blas_handle gpuport_blas_legacy_handle() {
  static gpuport_blas_context context{&gpuport_queue(), false};
  return &context;
}
inline int gpuport_blas_init() {
  gpuport_blas_legacy_handle();
  return 0;
}
inline int gpuport_blas_shutdown() {
  gpuport_blas_legacy_handle()->queue->wait();
  return 0;
}
inline int gpuport_blas_get_error() { return 0; }  // errors are SYCL exceptions
inline int gpuport_blas_set_kernel_stream(sycl::queue *q) {
  return gpuport_blas_set_stream(gpuport_blas_legacy_handle(), q);
}
// cublasAlloc/cublasFree: device memory (7: CUBLAS_STATUS_INVALID_VALUE, 3: CUBLAS_STATUS_ALLOC_FAILED).
inline int gpuport_blas_alloc(int n, int elem_size, void **p) {
  if (n <= 0 || elem_size <= 0) return 7;
  *p = sycl::malloc_device((size_t)n * elem_size, gpuport_queue());
  return *p ? 0 : 3;
}
inline int gpuport_blas_free(const void *p) {
  gpuport_blas_legacy_handle()->queue->wait();  // as cudaFree, after the work that may use it
  gpuport_queue().wait();
  sycl::free(const_cast<void *>(p), gpuport_queue());
  return 0;
}
template <typename T>
void gpuport_blas_gemm(char transa, char transb, int m, int n, int k, T alpha, const T *a, int lda, const T *b,
                       int ldb, T beta, T *c, int ldc) {
  gpuport_blas_gemm<T>(gpuport_blas_legacy_handle(), transa, transb, m, n, k, &alpha, a, lda, b, ldb, &beta, c,
                       ldc);
}
template <typename T>
void gpuport_blas_gemv(char trans, int m, int n, T alpha, const T *a, int lda, const T *x, int incx, T beta, T *y,
                       int incy) {
  gpuport_blas_gemv<T>(gpuport_blas_legacy_handle(), trans, m, n, &alpha, a, lda, x, incx, &beta, y, incy);
}
template <typename T> void gpuport_blas_axpy(int n, T alpha, const T *x, int incx, T *y, int incy) {
  gpuport_blas_axpy<T>(gpuport_blas_legacy_handle(), n, &alpha, x, incx, y, incy);
}
template <typename T> void gpuport_blas_scal(int n, T alpha, T *x, int incx) {
  gpuport_blas_scal<T>(gpuport_blas_legacy_handle(), n, &alpha, x, incx);
}
template <typename T> void gpuport_blas_copy(int n, const T *x, int incx, T *y, int incy) {
  gpuport_blas_copy<T>(gpuport_blas_legacy_handle(), n, x, incx, y, incy);
}
template <typename T> void gpuport_blas_swap(int n, T *x, int incx, T *y, int incy) {
  gpuport_blas_swap<T>(gpuport_blas_legacy_handle(), n, x, incx, y, incy);
}
template <typename T> T gpuport_blas_dot(int n, const T *x, int incx, const T *y, int incy) {
  T r;
  gpuport_blas_dot<T>(gpuport_blas_legacy_handle(), n, x, incx, y, incy, &r);
  return r;
}
template <typename T> T gpuport_blas_nrm2(int n, const T *x, int incx) {
  T r;
  gpuport_blas_nrm2<T>(gpuport_blas_legacy_handle(), n, x, incx, &r);
  return r;
}
template <typename T> T gpuport_blas_asum(int n, const T *x, int incx) {
  T r;
  gpuport_blas_asum<T>(gpuport_blas_legacy_handle(), n, x, incx, &r);
  return r;
}
template <typename T> int gpuport_blas_iamax(int n, const T *x, int incx) {
  int r;
  gpuport_blas_iamax<T>(gpuport_blas_legacy_handle(), n, x, incx, &r);
  return r;
}
template <typename T> int gpuport_blas_iamin(int n, const T *x, int incx) {
  int r;
  gpuport_blas_iamin<T>(gpuport_blas_legacy_handle(), n, x, incx, &r);
  return r;
}
#endif
"""

# The names this rule maps and what each becomes: the tables' rows routed to GP254 (`rule:GP254 spelling`).


class LibCublas(LibraryRule):
    code = "GP254"
    name = "lib-cublas"
    targets = frozenset({"sycl"})
    summary = (
        "Map cuBLAS (v2 and legacy API) handles, GEMM (S/D, strided batched, GemmEx), GEMV and level-1 calls "
        "to inline SYCL helpers."
    )
    triggers = (b"cublas", b"CUBLAS", b"CUDA_R_", b"CUDA_C_", b"cudaDataType")
    headers = {
        "cublas_v2.h": [BLAS_HELPERS],
        "cublas_api.h": [BLAS_HELPERS],
        "cublas.h": [BLAS_HELPERS, BLAS_LEGACY_HELPERS],
    }
    library_names = re.compile(r"cublas\w*|CUBLAS_\w+")
    library = "cuBLAS"
    mapped_summary = (
        "handles, [SD]gemm, [SD]gemmStridedBatched, GemmEx, [SD]gemv, [SD]axpy/dot/nrm2/asum/scal/copy/swap, "
        "I[sd]amax/amin, Set/Get Vector/Matrix; legacy Init/Shutdown/Alloc/Free/GetError/SetKernelStream"
    )
    family = "cublas"

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        found = list(super().run(ctx))
        yield from found
        # `CUDA_R_32F` in a file that does not include cuBLAS (qsim's `GetCudaType<T>()`): the data-type
        # enum alone, before the first use; guarded, so a cuBLAS include elsewhere does not clash.
        if not any(inc.path in self.headers for inc in ctx.includes):
            uses = [d.start for d in found if d.edits and d.edits[0].text.startswith(_DATA_TYPE_PREFIXES)]
            if uses:
                at = min(uses)
                yield self.converted(
                    at,
                    at,
                    "inline gpuport data-type enum (CUDA's cudaDataType)",
                    [block_edit(ctx, at, DATA_TYPES)],
                    family=self.family,
                )
