"""GP254 lib-cublas: the most used cuBLAS calls become small inline standard-SYCL helpers.

What it does
    Renames cuBLAS (`cublas_v2.h`) names to helpers with the same arguments, defined once in place of the
    `#include <cublas_v2.h>` (guarded by `GPUPORT_SYCL_BLAS`):
    handles (`cublasCreate/Destroy/SetStream/GetStream/SetPointerMode/GetPointerMode`, `cublasSetMathMode`
    a no-op) -> `gpuport_blas_*`; `cublasHandle_t` -> `gpuport_blas_handle`; `cublasStatus_t` -> `gpuport_blas_status` (an
    int as a type of its own, so overloads on it and on `cudaError_t` stay apart; the helpers return it),
    `CUBLAS_STATUS_SUCCESS` -> `0`; `CUBLAS_OP_N/T/C` -> `'N'/'T'/'C'` (and the fill, diagonal and side
    modes likewise: `'L'/'U'/'F'`, `'N'/'U'`, `'L'/'R'`, for the helpers that print or pass them); pointer modes -> `false`/`true`;
    `cublasSgemm/Dgemm` -> `gpuport_blas_gemm<float|double>`, `cublas[SD]gemmStridedBatched` ->
    `gpuport_blas_gemm_strided_batched<..>`, `cublasGemmEx` (half/float/double data, float or double
    compute) -> `gpuport_blas_gemm_ex`; `cublas[SD]gemv` -> `gpuport_blas_gemv<..>`; level 1
    `axpy/dot/nrm2/asum/scal/copy/swap`, `cublasI[sd]amax/amin` (S and D) -> `gpuport_blas_<op><T>`;
    `cublasSetVector/GetVector/SetMatrix/GetMatrix` (and `Async`) -> `gpuport_blas_copy_vector/matrix[_async]`;
    `cublasGemmStridedBatchedEx` (and `cublasGemmEx` with int8 data, int32 results) ->
    `gpuport_blas_gemm_strided_batched_ex`.
    cuBLASLt (`#include <cublasLt.h>`, a block guarded by `GPUPORT_SYCL_BLASLT`): its handle is the cuBLAS
    one; matmul descriptors (compute and scale type, transposes, epilogues default/relu/bias/relu-bias/
    gelu/gelu-bias, bias pointer and type), matrix layouts (type, rows, columns, leading dimension, column
    or row order, batch count and stride), preferences and the heuristic (one algorithm) ->
    `gpuport_blaslt_*`; `cublasLtMatmul` computes D = epilogue(alpha op(A) op(B) + beta C + bias) for
    float, half, bfloat16, double and int8 (int32 compute) data. Attribute values the helpers do not
    compute (device scalars, other epilogues and orders) make the setter return 15
    (`CUBLAS_STATUS_NOT_SUPPORTED`), so the program's status check stops it.
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
    cuBLAS documentation (cuBLAS API: helper functions, level-1 and level-3 functions, cublasGemmEx;
    cuBLASLt API: cublasLtMatmul, cublasLtMatmulDescAttributes_t, cublasLtMatrixLayoutAttribute_t,
    cublasLtEpilogue_t);
    SYCL 2020 specification, 4.9.4 (parallel_for), 4.17.4.5 (reduce_over_group), 4.8 (USM).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ._libs import DATA_TYPES, LibraryRule, status_type
from ._placement import block_edit

_DATA_TYPE_PREFIXES = ("gpuport_blas_r_", "gpuport_blas_c_")
# cuBLAS's complex routines the helpers map (cublasZgemm, cublasCdotc, cublasDznrm2, ...)
_COMPLEX_NAME = re.compile(r"cublas(?:[CZ](?:gemm|gemv|dotc|dotu)|Scnrm2|Dznrm2)(?:_v2)?")
_COMPLEX_CALL = re.compile(rb"cublas(?:[CZ](?:gemm|gemv|dotc|dotu)|Scnrm2|Dznrm2)")

BLAS_STATUS = status_type("gpuport_blas_status", "cuBLAS's cublasStatus_t")

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
    + BLAS_STATUS
    + r"""inline gpuport_blas_status gpuport_blas_create(gpuport_blas_handle *h) {
  *h = new gpuport_blas_context{&gpuport_queue(), false};
  return 0;
}
inline gpuport_blas_status gpuport_blas_destroy(gpuport_blas_handle h) {
  h->queue->wait();
  delete h;
  return 0;
}
inline gpuport_blas_status gpuport_blas_set_stream(gpuport_blas_handle h, sycl::queue *q) {
  h->queue = q ? q : &gpuport_queue();
  return 0;
}
inline gpuport_blas_status gpuport_blas_get_stream(gpuport_blas_handle h, sycl::queue **q) {
  *q = h->queue;
  return 0;
}
inline gpuport_blas_status gpuport_blas_set_pointer_mode(gpuport_blas_handle h, bool device) {
  h->device_pointers = device;
  return 0;
}
inline gpuport_blas_status gpuport_blas_get_pointer_mode(gpuport_blas_handle h, bool *device) {
  *device = h->device_pointers;
  return 0;
}
inline gpuport_blas_status gpuport_blas_set_math_mode(gpuport_blas_handle, int) { return 0; }  // always full precision
// A scalar argument (alpha, beta): a host pointer, or a device pointer in device pointer mode.
template <typename T> T gpuport_blas_scalar(gpuport_blas_handle h, const T *p) {
  if (!h->device_pointers) return *p;
  T v;
  h->queue->memcpy(&v, p, sizeof(T)).wait();
  return v;
}
// A result (dot, nrm2, amax...): to host memory, or to device memory in device pointer mode.
template <typename T> gpuport_blas_status gpuport_blas_result(gpuport_blas_handle h, T *out, T v) {
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
gpuport_blas_status gpuport_blas_gemm_batch(gpuport_blas_handle h, char transa, char transb, int m, int n, int k, TS alpha,
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
gpuport_blas_status gpuport_blas_gemm(gpuport_blas_handle h, char transa, char transb, int m, int n, int k, const T *alpha,
                      const T *a, int lda, const T *b, int ldb, const T *beta, T *c, int ldc) {
  return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, gpuport_blas_scalar(h, alpha), a, lda, 0LL, b, ldb,
                                 0LL, gpuport_blas_scalar(h, beta), c, ldc, 0LL, 1);
}
template <typename T>
gpuport_blas_status gpuport_blas_gemm_strided_batched(gpuport_blas_handle h, char transa, char transb, int m, int n, int k,
                                      const T *alpha, const T *a, int lda, long long stride_a, const T *b,
                                      int ldb, long long stride_b, const T *beta, T *c, int ldc,
                                      long long stride_c, int batch) {
  return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, gpuport_blas_scalar(h, alpha), a, lda, stride_a, b,
                                 ldb, stride_b, gpuport_blas_scalar(h, beta), c, ldc, stride_c, batch);
}
// y = alpha op(A) x + beta y, A m x n column-major; op 'N' (y has m elements, x n) or 'T'/'C' (y n, x m).
// y is not read if beta == 0.
template <typename T>
gpuport_blas_status gpuport_blas_gemv(gpuport_blas_handle h, char trans, int m, int n, const T *alpha, const T *a, int lda,
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
// cublasGemmStridedBatchedEx: as cublasGemmEx below, `batch` matrices stride_* elements apart; int8 data with
// int32 results and compute (int32 scalars) too.
inline gpuport_blas_status gpuport_blas_gemm_strided_batched_ex(gpuport_blas_handle h, char transa, char transb, int m, int n,
                                                int k, const void *alpha, const void *a, int a_type, int lda,
                                                long long stride_a, const void *b, int b_type, int ldb,
                                                long long stride_b, const void *beta, void *c, int c_type, int ldc,
                                                long long stride_c, int batch, int compute_type, int) {
  using half = sycl::half;
  if (a_type != b_type) return 15;
  if (a_type == gpuport_blas_r_8i && c_type == gpuport_blas_r_32i && compute_type == gpuport_blas_r_32i)
    return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, gpuport_blas_scalar(h, (const int *)alpha),
                                   (const signed char *)a, lda, stride_a, (const signed char *)b, ldb, stride_b,
                                   gpuport_blas_scalar(h, (const int *)beta), (int *)c, ldc, stride_c, batch);
  if (compute_type == gpuport_blas_r_64f && a_type == gpuport_blas_r_64f && c_type == gpuport_blas_r_64f)
    return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, gpuport_blas_scalar(h, (const double *)alpha),
                                   (const double *)a, lda, stride_a, (const double *)b, ldb, stride_b,
                                   gpuport_blas_scalar(h, (const double *)beta), (double *)c, ldc, stride_c, batch);
  if (compute_type == gpuport_blas_r_64f || compute_type == gpuport_blas_r_32i) return 15;
  const float al = compute_type == gpuport_blas_r_16f ? (float)gpuport_blas_scalar(h, (const half *)alpha)
                                                       : gpuport_blas_scalar(h, (const float *)alpha);
  const float be = compute_type == gpuport_blas_r_16f ? (float)gpuport_blas_scalar(h, (const half *)beta)
                                                       : gpuport_blas_scalar(h, (const float *)beta);
  if (a_type == gpuport_blas_r_16f && c_type == gpuport_blas_r_16f)
    return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, al, (const half *)a, lda, stride_a, (const half *)b,
                                   ldb, stride_b, be, (half *)c, ldc, stride_c, batch);
  if (a_type == gpuport_blas_r_16f && c_type == gpuport_blas_r_32f)
    return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, al, (const half *)a, lda, stride_a, (const half *)b,
                                   ldb, stride_b, be, (float *)c, ldc, stride_c, batch);
  if (a_type == gpuport_blas_r_32f && c_type == gpuport_blas_r_32f)
    return gpuport_blas_gemm_batch(h, transa, transb, m, n, k, al, (const float *)a, lda, stride_a,
                                   (const float *)b, ldb, stride_b, be, (float *)c, ldc, stride_c, batch);
  return 15;
}
// cublasGemmEx: A and B half, float or double (the same type), C the same or float; float compute
// (half compute accumulates in float too), double compute for double data. 15: not supported.
inline gpuport_blas_status gpuport_blas_gemm_ex(gpuport_blas_handle h, char transa, char transb, int m, int n, int k,
                                const void *alpha, const void *a, int a_type, int lda, const void *b, int b_type,
                                int ldb, const void *beta, void *c, int c_type, int ldc, int compute_type, int) {
  using half = sycl::half;
  if (a_type != b_type) return 15;
  if (compute_type == gpuport_blas_r_32i)
    return gpuport_blas_gemm_strided_batched_ex(h, transa, transb, m, n, k, alpha, a, a_type, lda, 0LL, b, b_type,
                                                ldb, 0LL, beta, c, c_type, ldc, 0LL, 1, compute_type, 0);
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
gpuport_blas_status gpuport_blas_axpy(gpuport_blas_handle h, int n, const T *alpha, const T *x, int incx, T *y, int incy) {
  const T a = gpuport_blas_scalar(h, alpha);
  if (n > 0)
    h->queue->parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      y[gpuport_blas_at(i[0], n, incy)] += a * x[gpuport_blas_at(i[0], n, incx)];
    });
  return 0;
}
template <typename T> gpuport_blas_status gpuport_blas_scal(gpuport_blas_handle h, int n, const T *alpha, T *x, int incx) {
  const T a = gpuport_blas_scalar(h, alpha);
  if (n > 0) h->queue->parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { x[i[0] * incx] *= a; });
  return 0;
}
template <typename T> gpuport_blas_status gpuport_blas_copy(gpuport_blas_handle h, int n, const T *x, int incx, T *y, int incy) {
  if (n > 0)
    h->queue->parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      y[gpuport_blas_at(i[0], n, incy)] = x[gpuport_blas_at(i[0], n, incx)];
    });
  return 0;
}
template <typename T> gpuport_blas_status gpuport_blas_swap(gpuport_blas_handle h, int n, T *x, int incx, T *y, int incy) {
  if (n > 0)
    h->queue->parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
      const T t = y[gpuport_blas_at(i[0], n, incy)];
      y[gpuport_blas_at(i[0], n, incy)] = x[gpuport_blas_at(i[0], n, incx)];
      x[gpuport_blas_at(i[0], n, incx)] = t;
    });
  return 0;
}
template <typename T>
gpuport_blas_status gpuport_blas_dot(gpuport_blas_handle h, int n, const T *x, int incx, const T *y, int incy, T *result) {
  return gpuport_blas_result(h, result, gpuport_blas_reduce(*h->queue, n, T(0), sycl::plus<T>(), [=](long long i) {
    return x[gpuport_blas_at(i, n, incx)] * y[gpuport_blas_at(i, n, incy)];
  }));
}
template <typename T> gpuport_blas_status gpuport_blas_nrm2(gpuport_blas_handle h, int n, const T *x, int incx, T *result) {
  const T sq = gpuport_blas_reduce(*h->queue, n, T(0), sycl::plus<T>(), [=](long long i) {
    const T v = x[i * incx];
    return v * v;
  });
  return gpuport_blas_result(h, result, incx > 0 ? T(std::sqrt(sq)) : T(0));
}
template <typename T> gpuport_blas_status gpuport_blas_asum(gpuport_blas_handle h, int n, const T *x, int incx, T *result) {
  const T s = gpuport_blas_reduce(*h->queue, n, T(0), sycl::plus<T>(),
                                  [=](long long i) { return sycl::fabs(x[i * incx]); });
  return gpuport_blas_result(h, result, incx > 0 ? s : T(0));
}
// 1-based index of the first element of largest (amax) or smallest (amin) magnitude; 0 when n <= 0.
template <typename T> gpuport_blas_status gpuport_blas_iamax(gpuport_blas_handle h, int n, const T *x, int incx, int *result) {
  if (n <= 0 || incx <= 0) return gpuport_blas_result(h, result, 0);
  const T m = gpuport_blas_reduce(*h->queue, n, T(0), sycl::maximum<T>(),
                                  [=](long long i) { return sycl::fabs(x[i * incx]); });
  const int first = gpuport_blas_reduce(*h->queue, n, n, sycl::minimum<int>(), [=](long long i) {
    return sycl::fabs(x[i * incx]) == m ? (int)i : n;
  });
  return gpuport_blas_result(h, result, first + 1);
}
template <typename T> gpuport_blas_status gpuport_blas_iamin(gpuport_blas_handle h, int n, const T *x, int incx, int *result) {
  if (n <= 0 || incx <= 0) return gpuport_blas_result(h, result, 0);
  const T m = gpuport_blas_reduce(*h->queue, n, T(INFINITY), sycl::minimum<T>(),
                                  [=](long long i) { return sycl::fabs(x[i * incx]); });
  const int first = gpuport_blas_reduce(*h->queue, n, n, sycl::minimum<int>(), [=](long long i) {
    return sycl::fabs(x[i * incx]) == m ? (int)i : n;
  });
  return gpuport_blas_result(h, result, first + 1);
}
// cublasSet/GetVector and cublasSet/GetMatrix: strided copies between host and device memory.
inline gpuport_blas_status gpuport_blas_copy_vector_async(int n, int elem_size, const void *src, int inc_src, void *dst,
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
inline gpuport_blas_status gpuport_blas_copy_vector(int n, int elem_size, const void *src, int inc_src, void *dst, int inc_dst) {
  gpuport_blas_copy_vector_async(n, elem_size, src, inc_src, dst, inc_dst, &gpuport_queue());
  gpuport_queue().wait();
  return 0;
}
inline gpuport_blas_status gpuport_blas_copy_matrix_async(int rows, int cols, int elem_size, const void *src, int ld_src,
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
inline gpuport_blas_status gpuport_blas_copy_matrix(int rows, int cols, int elem_size, const void *src, int ld_src, void *dst,
                                    int ld_dst) {
  gpuport_blas_copy_matrix_async(rows, cols, elem_size, src, ld_src, dst, ld_dst, &gpuport_queue());
  gpuport_queue().wait();
  return 0;
}
#endif
"""
)

BLAS_COMPLEX_HELPERS = r"""#ifndef GPUPORT_SYCL_BLAS_COMPLEX
#define GPUPORT_SYCL_BLAS_COMPLEX
// cuBLAS's complex forms (C: float, Z: double) on the translation's float2/double2 (x real, y imaginary).
template <typename C> inline C gpuport_blas_cmul(C a, C b) { return C{a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; }
template <typename C> inline C gpuport_blas_cadd(C a, C b) { return C{a.x + b.x, a.y + b.y}; }
template <typename C> inline C gpuport_blas_cconj(C a, bool conjugate) { return conjugate ? C{a.x, -a.y} : a; }
// C = alpha op(A) op(B) + beta C; op 'N', 'T' or 'C' (conjugate transpose). C is not read if beta == 0.
template <typename C>
gpuport_blas_status gpuport_blas_cgemm(gpuport_blas_handle h, char transa, char transb, int m, int n, int k, const C *alpha,
                       const C *a, int lda, const C *b, int ldb, const C *beta, C *c, int ldc) {
  const C al = gpuport_blas_scalar(h, alpha), be = gpuport_blas_scalar(h, beta);
  if (m <= 0 || n <= 0) return 0;
  const bool ta = transa != 'N' && transa != 'n', tb = transb != 'N' && transb != 'n';
  const bool ca = transa == 'C' || transa == 'c', cb = transb == 'C' || transb == 'c';
  h->queue->parallel_for(sycl::range<2>(n, m), [=](sycl::item<2> it) {
    const long long j = it[0], i = it[1];
    C acc{0, 0};
    for (long long p = 0; p < k; ++p)
      acc = gpuport_blas_cadd(acc, gpuport_blas_cmul(gpuport_blas_cconj(ta ? a[p + i * lda] : a[i + p * lda], ca),
                                                     gpuport_blas_cconj(tb ? b[j + p * ldb] : b[p + j * ldb], cb)));
    C &out = c[i + j * ldc];
    const C scaled = gpuport_blas_cmul(al, acc);
    out = be.x == 0 && be.y == 0 ? scaled : gpuport_blas_cadd(scaled, gpuport_blas_cmul(be, out));
  });
  return 0;
}
// y = alpha op(A) x + beta y, A m x n column-major; op 'N', 'T' or 'C'. y is not read if beta == 0.
template <typename C>
gpuport_blas_status gpuport_blas_cgemv(gpuport_blas_handle h, char trans, int m, int n, const C *alpha, const C *a, int lda,
                       const C *x, int incx, const C *beta, C *y, int incy) {
  const C al = gpuport_blas_scalar(h, alpha), be = gpuport_blas_scalar(h, beta);
  if (m <= 0 || n <= 0) return 0;
  const bool t = trans != 'N' && trans != 'n', cj = trans == 'C' || trans == 'c';
  const int ny = t ? n : m, nx = t ? m : n;
  h->queue->parallel_for(sycl::range<1>(ny), [=](sycl::id<1> id) {
    const long long i = id[0];
    C acc{0, 0};
    for (long long p = 0; p < nx; ++p)
      acc = gpuport_blas_cadd(acc, gpuport_blas_cmul(gpuport_blas_cconj(t ? a[p + i * lda] : a[i + p * lda], cj),
                                                     x[gpuport_blas_at(p, nx, incx)]));
    C &out = y[gpuport_blas_at(i, ny, incy)];
    const C scaled = gpuport_blas_cmul(al, acc);
    out = be.x == 0 && be.y == 0 ? scaled : gpuport_blas_cadd(scaled, gpuport_blas_cmul(be, out));
  });
  return 0;
}
// sum over i of conj(x_i) y_i (dotc) or x_i y_i (dotu): the real and imaginary parts reduced apart.
template <typename C>
gpuport_blas_status gpuport_blas_cdot(gpuport_blas_handle h, int n, const C *x, int incx, const C *y, int incy, C *result,
                      bool conjugate) {
  using R = decltype(C{}.x);
  auto term = [=](long long i) {
    return gpuport_blas_cmul(gpuport_blas_cconj(x[gpuport_blas_at(i, n, incx)], conjugate), y[gpuport_blas_at(i, n, incy)]);
  };
  const R re = gpuport_blas_reduce(*h->queue, n, R(0), sycl::plus<R>(), [=](long long i) { return term(i).x; });
  const R im = gpuport_blas_reduce(*h->queue, n, R(0), sycl::plus<R>(), [=](long long i) { return term(i).y; });
  return gpuport_blas_result(h, result, C{re, im});
}
template <typename C>
gpuport_blas_status gpuport_blas_cdotc(gpuport_blas_handle h, int n, const C *x, int incx, const C *y, int incy, C *result) {
  return gpuport_blas_cdot(h, n, x, incx, y, incy, result, true);
}
template <typename C>
gpuport_blas_status gpuport_blas_cdotu(gpuport_blas_handle h, int n, const C *x, int incx, const C *y, int incy, C *result) {
  return gpuport_blas_cdot(h, n, x, incx, y, incy, result, false);
}
// The Euclidean norm of a complex vector: a real result (Scnrm2, Dznrm2).
template <typename C, typename R>
gpuport_blas_status gpuport_blas_cnrm2(gpuport_blas_handle h, int n, const C *x, int incx, R *result) {
  const R sq = gpuport_blas_reduce(*h->queue, n, R(0), sycl::plus<R>(), [=](long long i) {
    const C v = x[i * incx];
    return R(v.x * v.x + v.y * v.y);
  });
  return gpuport_blas_result(h, result, incx > 0 ? R(std::sqrt(sq)) : R(0));
}
#endif
"""

BLAS_LEGACY_HELPERS = r"""#ifndef GPUPORT_SYCL_BLAS_LEGACY
#define GPUPORT_SYCL_BLAS_LEGACY
// The legacy cuBLAS API (cublas.h): no handle, scalars by value, level-1 results returned. Overloads of
// the helpers above (one argument fewer, or more), working on one program-wide context: host scalars, on
// gpuport_queue() or the queue cublasSetKernelStream gives.
inline gpuport_blas_handle gpuport_blas_legacy_handle() {
  static gpuport_blas_context context{&gpuport_queue(), false};
  return &context;
}
inline gpuport_blas_status gpuport_blas_init() {
  gpuport_blas_legacy_handle();
  return 0;
}
inline gpuport_blas_status gpuport_blas_shutdown() {
  gpuport_blas_legacy_handle()->queue->wait();
  return 0;
}
inline gpuport_blas_status gpuport_blas_get_error() { return 0; }  // errors are SYCL exceptions
inline gpuport_blas_status gpuport_blas_set_kernel_stream(sycl::queue *q) {
  return gpuport_blas_set_stream(gpuport_blas_legacy_handle(), q);
}
// cublasAlloc/cublasFree: device memory (7: CUBLAS_STATUS_INVALID_VALUE, 3: CUBLAS_STATUS_ALLOC_FAILED).
inline gpuport_blas_status gpuport_blas_alloc(int n, int elem_size, void **p) {
  if (n <= 0 || elem_size <= 0) return 7;
  *p = sycl::malloc_device((size_t)n * elem_size, gpuport_queue());
  return *p ? 0 : 3;
}
inline gpuport_blas_status gpuport_blas_free(const void *p) {
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

BLASLT_HELPERS = r"""#ifndef GPUPORT_SYCL_BLASLT
#define GPUPORT_SYCL_BLASLT
#include <cstdint>
#include <cstring>
// The cuBLASLt subset gpuport maps, on the cuBLAS helpers' handle: matrix layouts (type, rows, columns,
// leading dimension, column or row order, batch count and stride), a matmul descriptor (transposes,
// epilogue, bias) and D = epilogue(alpha op(A) op(B) + beta C + bias). There is one algorithm, so
// preferences choose nothing and the heuristic returns it.
enum gpuport_blaslt_epilogue {  // CUDA's values: bit 2 relu, bit 4 bias, bit 32 gelu
  gpuport_blaslt_epilogue_default = 1, gpuport_blaslt_epilogue_relu = 2, gpuport_blaslt_epilogue_bias = 4,
  gpuport_blaslt_epilogue_relu_bias = 6, gpuport_blaslt_epilogue_gelu = 32, gpuport_blaslt_epilogue_gelu_bias = 36
};
enum gpuport_blaslt_attribute {
  gpuport_blaslt_desc_compute_type, gpuport_blaslt_desc_scale_type, gpuport_blaslt_desc_pointer_mode,
  gpuport_blaslt_desc_transa, gpuport_blaslt_desc_transb, gpuport_blaslt_desc_epilogue,
  gpuport_blaslt_desc_bias_pointer, gpuport_blaslt_desc_bias_data_type,
  gpuport_blaslt_layout_type, gpuport_blaslt_layout_order, gpuport_blaslt_layout_rows, gpuport_blaslt_layout_cols,
  gpuport_blaslt_layout_ld, gpuport_blaslt_layout_batch_count, gpuport_blaslt_layout_strided_batch_offset,
  gpuport_blaslt_pref_max_workspace_bytes, gpuport_blaslt_pref_search_mode
};
enum gpuport_blaslt_order { gpuport_blaslt_order_col = 0, gpuport_blaslt_order_row = 1 };
// CUDA's values; alpha as a device vector (one per row of D) with beta zero or a host scalar
enum gpuport_blaslt_pointer_mode {
  gpuport_blaslt_pointer_mode_host = 0, gpuport_blaslt_pointer_mode_alpha_device_vector_beta_zero = 3,
  gpuport_blaslt_pointer_mode_alpha_device_vector_beta_host = 4
};
struct gpuport_blaslt_matmul_desc_s {
  int compute_type, scale_type;
  char transa, transb;
  int epilogue;
  const void *bias;
  int bias_type;  // -1: D's type
  int pointer_mode;
};
typedef gpuport_blaslt_matmul_desc_s *gpuport_blaslt_matmul_desc;
struct gpuport_blaslt_layout_s {
  int type;
  long long rows, cols, ld;
  int order, batch;
  long long stride;
};
typedef gpuport_blaslt_layout_s *gpuport_blaslt_layout;
struct gpuport_blaslt_preference_s {
  size_t max_workspace;
};
typedef gpuport_blaslt_preference_s *gpuport_blaslt_preference;
struct gpuport_blaslt_algo {
  uint64_t data[8];
};
struct gpuport_blaslt_heuristic {  // cublasLtMatmulHeuristicResult_t's fields
  gpuport_blaslt_algo algo;
  size_t workspaceSize;
  int state;
  float wavesCount;
  int reserved[4];
};
// An attribute's value as an integer, from its `size` bytes.
inline long long gpuport_blaslt_int(const void *buf, size_t size) {
  if (size == 1) return *(const char *)buf;
  if (size == 2) return *(const int16_t *)buf;
  if (size == 4) return *(const int32_t *)buf;
  if (size == 8) return *(const int64_t *)buf;
  return -1;
}
// A transpose as stored: the cuBLAS helpers' 'N'/'T'/'C', or CUDA's 0/1/2.
inline char gpuport_blaslt_op(long long v) { return v == 0 ? 'N' : v == 1 ? 'T' : v == 2 ? 'C' : (char)v; }
inline gpuport_blas_status gpuport_blaslt_matmul_desc_create(gpuport_blaslt_matmul_desc *d, int compute_type, int scale_type) {
  *d = new gpuport_blaslt_matmul_desc_s{compute_type, scale_type, 'N', 'N', gpuport_blaslt_epilogue_default,
                                        nullptr, -1, gpuport_blaslt_pointer_mode_host};
  return 0;
}
inline gpuport_blas_status gpuport_blaslt_matmul_desc_destroy(gpuport_blaslt_matmul_desc d) {
  delete d;
  return 0;
}
// 15 (CUBLAS_STATUS_NOT_SUPPORTED) for what the helpers do not compute: device scalars, other epilogues.
inline gpuport_blas_status gpuport_blaslt_matmul_desc_set_attribute(gpuport_blaslt_matmul_desc d, int attr, const void *buf,
                                                    size_t size) {
  const long long v = attr == gpuport_blaslt_desc_bias_pointer ? 0 : gpuport_blaslt_int(buf, size);
  switch (attr) {
  case gpuport_blaslt_desc_compute_type: d->compute_type = (int)v; return 0;
  case gpuport_blaslt_desc_scale_type: d->scale_type = (int)v; return 0;
  case gpuport_blaslt_desc_pointer_mode:
    if (v != gpuport_blaslt_pointer_mode_host && v != gpuport_blaslt_pointer_mode_alpha_device_vector_beta_zero &&
        v != gpuport_blaslt_pointer_mode_alpha_device_vector_beta_host)
      return 15;
    d->pointer_mode = (int)v;
    return 0;
  case gpuport_blaslt_desc_transa: d->transa = gpuport_blaslt_op(v); return 0;
  case gpuport_blaslt_desc_transb: d->transb = gpuport_blaslt_op(v); return 0;
  case gpuport_blaslt_desc_epilogue:
    if (v != 1 && v != 2 && v != 4 && v != 6 && v != 32 && v != 36) return 15;
    d->epilogue = (int)v;
    return 0;
  case gpuport_blaslt_desc_bias_pointer:
    if (size != sizeof(void *)) return 7;
    std::memcpy(&d->bias, buf, sizeof(void *));
    return 0;
  case gpuport_blaslt_desc_bias_data_type: d->bias_type = (int)v; return 0;
  }
  return 15;
}
inline gpuport_blas_status gpuport_blaslt_layout_create(gpuport_blaslt_layout *l, int type, uint64_t rows, uint64_t cols,
                                        int64_t ld) {
  *l = new gpuport_blaslt_layout_s{type, (long long)rows, (long long)cols, (long long)ld, gpuport_blaslt_order_col,
                                   1, 0};
  return 0;
}
inline gpuport_blas_status gpuport_blaslt_layout_destroy(gpuport_blaslt_layout l) {
  delete l;
  return 0;
}
inline gpuport_blas_status gpuport_blaslt_layout_set_attribute(gpuport_blaslt_layout l, int attr, const void *buf, size_t size) {
  const long long v = gpuport_blaslt_int(buf, size);
  switch (attr) {
  case gpuport_blaslt_layout_type: l->type = (int)v; return 0;
  case gpuport_blaslt_layout_order:
    if (v != gpuport_blaslt_order_col && v != gpuport_blaslt_order_row) return 15;
    l->order = (int)v;
    return 0;
  case gpuport_blaslt_layout_rows: l->rows = v; return 0;
  case gpuport_blaslt_layout_cols: l->cols = v; return 0;
  case gpuport_blaslt_layout_ld: l->ld = v; return 0;
  case gpuport_blaslt_layout_batch_count: l->batch = (int)v; return 0;
  case gpuport_blaslt_layout_strided_batch_offset: l->stride = v; return 0;
  }
  return 15;
}
inline gpuport_blas_status gpuport_blaslt_preference_create(gpuport_blaslt_preference *p) {
  *p = new gpuport_blaslt_preference_s{0};
  return 0;
}
inline gpuport_blas_status gpuport_blaslt_preference_destroy(gpuport_blaslt_preference p) {
  delete p;
  return 0;
}
inline gpuport_blas_status gpuport_blaslt_preference_set_attribute(gpuport_blaslt_preference p, int attr, const void *buf,
                                                   size_t size) {
  if (attr == gpuport_blaslt_pref_max_workspace_bytes) p->max_workspace = (size_t)gpuport_blaslt_int(buf, size);
  return 0;  // preferences steer the choice among algorithms; there is one
}
inline gpuport_blas_status gpuport_blaslt_algo_get_heuristic(gpuport_blas_handle, gpuport_blaslt_matmul_desc, gpuport_blaslt_layout,
                                             gpuport_blaslt_layout, gpuport_blaslt_layout, gpuport_blaslt_layout,
                                             gpuport_blaslt_preference, int requested,
                                             gpuport_blaslt_heuristic *results, int *returned) {
  *returned = 0;
  if (requested < 1) return 7;
  results[0] = gpuport_blaslt_heuristic{};
  results[0].wavesCount = 1.0f;
  *returned = 1;
  return 0;
}
// Element i of an array of library type `type` (cudaDataType), converted to T; and T stored as one.
template <typename T> T gpuport_blaslt_load(const void *p, int type, long long i) {
  switch (type) {
  case gpuport_blas_r_32f: return (T)((const float *)p)[i];
  case gpuport_blas_r_64f: return (T)((const double *)p)[i];
  case gpuport_blas_r_16f: return (T)(float)((const sycl::half *)p)[i];
  case gpuport_blas_r_16bf: return (T)sycl::bit_cast<float>((uint32_t)((const uint16_t *)p)[i] << 16);
  case gpuport_blas_r_8i: return (T)((const int8_t *)p)[i];
  case gpuport_blas_r_32i: return (T)((const int32_t *)p)[i];
  }
  return T(0);
}
template <typename T> void gpuport_blaslt_store(void *p, int type, long long i, T v) {
  switch (type) {
  case gpuport_blas_r_32f: ((float *)p)[i] = (float)v; return;
  case gpuport_blas_r_64f: ((double *)p)[i] = (double)v; return;
  case gpuport_blas_r_16f: ((sycl::half *)p)[i] = (sycl::half)(float)v; return;
  case gpuport_blas_r_16bf: {  // round to nearest even, as __float2bfloat16
    uint32_t b = sycl::bit_cast<uint32_t>((float)v);
    b += 0x7fffu + ((b >> 16) & 1u);
    ((uint16_t *)p)[i] = (uint16_t)(b >> 16);
    return;
  }
  case gpuport_blas_r_8i: ((int8_t *)p)[i] = (int8_t)(v < T(-128) ? T(-128) : v > T(127) ? T(127) : v); return;
  case gpuport_blas_r_32i: ((int32_t *)p)[i] = (int32_t)v; return;
  }
}
// Offset of element (r, c) of matrix `batch` of a layout.
inline long long gpuport_blaslt_at(const gpuport_blaslt_layout_s &l, long long batch, long long r, long long c) {
  return batch * l.stride + (l.order == gpuport_blaslt_order_row ? r * l.ld + c : r + c * l.ld);
}
// Acc accumulates the products; S (the scale type) takes alpha, beta, C, the bias and the epilogue.
template <typename Acc, typename S>
gpuport_blas_status gpuport_blaslt_matmul_as(sycl::queue &q, gpuport_blaslt_matmul_desc_s d, S alpha, const void *a,
                             gpuport_blaslt_layout_s la, const void *b, gpuport_blaslt_layout_s lb, S beta,
                             const void *c, gpuport_blaslt_layout_s lc, void *out, gpuport_blaslt_layout_s lo,
                             const void *alpha_vec) {
  const bool ta = d.transa != 'N' && d.transa != 'n', tb = d.transb != 'N' && d.transb != 'n';
  const long long m = lo.rows, n = lo.cols, k = ta ? la.rows : la.cols;
  if (m <= 0 || n <= 0 || lo.batch <= 0) return 0;
  if ((d.epilogue & 4) && d.bias == nullptr) return 7;
  const int bias_type = d.bias_type < 0 ? lo.type : d.bias_type;
  q.parallel_for(sycl::range<3>(lo.batch, n, m), [=](sycl::item<3> it) {
    const long long l = it[0], j = it[1], i = it[2];
    Acc acc = 0;
    for (long long p = 0; p < k; ++p)
      acc += gpuport_blaslt_load<Acc>(a, la.type, ta ? gpuport_blaslt_at(la, l, p, i) : gpuport_blaslt_at(la, l, i, p)) *
             gpuport_blaslt_load<Acc>(b, lb.type, tb ? gpuport_blaslt_at(lb, l, j, p) : gpuport_blaslt_at(lb, l, p, j));
    S v = (alpha_vec ? gpuport_blaslt_load<S>(alpha_vec, d.scale_type, i) : alpha) * (S)acc;
    if (beta != S(0)) v += beta * gpuport_blaslt_load<S>(c, lc.type, gpuport_blaslt_at(lc, l, i, j));
    if (d.epilogue & 4) v += gpuport_blaslt_load<S>(d.bias, bias_type, i);  // one bias per row of D
    if (d.epilogue & 2) v = v > S(0) ? v : S(0);
    if (d.epilogue & 32) {  // GELU, tanh approximation
      const float x = (float)v;
      v = (S)(0.5f * x * (1.0f + sycl::tanh(0.7978845608f * (x + 0.044715f * x * x * x))));
    }
    gpuport_blaslt_store<S>(out, lo.type, gpuport_blaslt_at(lo, l, i, j), v);
  });
  return 0;
}
// D = epilogue(alpha op(A) op(B) + beta C + bias) on `stream` (or the handle's queue); host scalars of the
// descriptor's scale type. The algorithm and workspace are not needed.
inline gpuport_blas_status gpuport_blaslt_matmul(gpuport_blas_handle h, gpuport_blaslt_matmul_desc d, const void *alpha, const void *a,
                                 gpuport_blaslt_layout la, const void *b, gpuport_blaslt_layout lb, const void *beta,
                                 const void *c, gpuport_blaslt_layout lc, void *out, gpuport_blaslt_layout lo,
                                 const gpuport_blaslt_algo *, void *, size_t, sycl::queue *stream) {
  sycl::queue &q = stream ? *stream : *h->queue;
  // alpha a device vector read per row in the kernel; beta zero (and maybe null) or a host scalar
  const bool vec = d->pointer_mode != gpuport_blaslt_pointer_mode_host;
  const void *alpha_vec = vec ? alpha : nullptr;
  const bool no_beta = d->pointer_mode == gpuport_blaslt_pointer_mode_alpha_device_vector_beta_zero;
  if (d->compute_type == gpuport_blas_r_64f)
    return gpuport_blaslt_matmul_as<double, double>(
        q, *d, vec ? 0.0 : gpuport_blaslt_load<double>(alpha, d->scale_type, 0), a, *la, b, *lb,
        no_beta ? 0.0 : gpuport_blaslt_load<double>(beta, d->scale_type, 0), c, *lc, out, *lo, alpha_vec);
  const float alpha_s = vec ? 0.0f : gpuport_blaslt_load<float>(alpha, d->scale_type, 0);
  const float beta_s = no_beta ? 0.0f : gpuport_blaslt_load<float>(beta, d->scale_type, 0);
  if (d->compute_type == gpuport_blas_r_32i)
    return gpuport_blaslt_matmul_as<int32_t, float>(q, *d, alpha_s, a, *la, b, *lb, beta_s, c, *lc, out, *lo,
                                                    alpha_vec);
  return gpuport_blaslt_matmul_as<float, float>(q, *d, alpha_s, a, *la, b, *lb, beta_s, c, *lc, out, *lo, alpha_vec);
}
#endif
"""

# The names this rule maps and what each becomes: the tables' rows routed to GP254 (`rule:GP254 spelling`).


class LibCublas(LibraryRule):
    code = "GP254"
    name = "lib-cublas"
    targets = frozenset({"sycl"})
    summary = (
        "Map cuBLAS (v2 and legacy API) handles, GEMM (S/D, strided batched, GemmEx), GEMV and level-1 calls, "
        "and cuBLASLt matmuls, to inline SYCL helpers."
    )
    triggers = (b"cublas", b"CUBLAS", b"CUDA_R_", b"CUDA_C_", b"cudaDataType", b"library_types.h")
    headers = {
        # library_types.h declares cudaDataType (and the library version enum): the data-type enum alone
        "library_types.h": [DATA_TYPES],
        "cublas_v2.h": [BLAS_HELPERS],
        "cublas_api.h": [BLAS_HELPERS],
        "cublas.h": [BLAS_HELPERS, BLAS_LEGACY_HELPERS],
        "cublasLt.h": [BLAS_HELPERS, BLASLT_HELPERS],
    }
    library_names = re.compile(r"cublas\w*|CUBLAS_\w+|CUBLASLT_\w+")
    library = "cuBLAS"

    def headers_for(self, ctx: RuleContext) -> dict[str, list[str]]:
        # the complex helpers only where a complex routine is called
        if not _COMPLEX_CALL.search(ctx.source) and not any(
            occ.name in ctx.tables.handled_by(self.code) and _COMPLEX_NAME.fullmatch(occ.name)
            for occ in ctx.occurrences
        ):
            return self.headers
        return {path: [*blocks, BLAS_COMPLEX_HELPERS] for path, blocks in self.headers.items()}

    mapped_summary = (
        "handles, [SDCZ]gemm, [SD]gemmStridedBatched, GemmEx, [SDCZ]gemv, [SD]axpy/dot/nrm2/asum/scal/copy/swap, "
        "[CZ]dotc/dotu, [Sc|Dz]nrm2, "
        "I[sd]amax/amin, Set/Get Vector/Matrix; legacy Init/Shutdown/Alloc/Free/GetError/SetKernelStream; "
        "cuBLASLt descriptors, layouts, preferences, heuristic and Matmul"
    )
    family = "cublas"

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        found = list(super().run(ctx))
        yield from found
        # A file that does not include cuBLAS itself still gets the types its renamed names need, each
        # guarded and before its first use, so a cuBLAS include elsewhere does not clash: `CUDA_R_32F`
        # (qsim's `GetCudaType<T>()`) the data-type enum; `cublasStatus_t` (a project's error helpers
        # reached through another header) the status type.
        included = [b for inc in ctx.includes for b in self.headers.get(inc.path, [])]
        alone = (
            (DATA_TYPES, "inline gpuport data-type enum (CUDA's cudaDataType)", _DATA_TYPE_PREFIXES),
            (BLAS_STATUS, "inline gpuport status type (cuBLAS's cublasStatus_t)", ("gpuport_blas_status",)),
        )
        for block, what, spellings in alone:
            if any(block in b for b in included):  # (the header's own block, or inside the helpers)
                continue
            uses = [d.start for d in found if d.edits and d.edits[0].text.startswith(spellings)]
            if uses:
                at = min(uses)
                yield self.converted(at, at, what, [block_edit(ctx, at, block)], family=self.family)
