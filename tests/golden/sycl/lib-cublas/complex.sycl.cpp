// cuBLAS's complex routines (qulacs' state-vector algebra): Zgemm with conjugate transposes, Zgemv, Zdotc,
// Zdotu, Dznrm2 and Cgemm, printed for tests/test_sycl_libs_run.py to check against numpy.
#include <cmath>
#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_SYCL_BLAS
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
#ifndef GPUPORT_SYCL_DATA_TYPE
#define GPUPORT_SYCL_DATA_TYPE
// CUDA's cudaDataType (library_types.h): which element type a library call's data has.
enum gpuport_blas_type {
  gpuport_blas_r_16f, gpuport_blas_c_16f,
  gpuport_blas_r_16bf, gpuport_blas_c_16bf,
  gpuport_blas_r_32f, gpuport_blas_c_32f,
  gpuport_blas_r_64f, gpuport_blas_c_64f,
  gpuport_blas_r_8i, gpuport_blas_c_8i,
  gpuport_blas_r_8u, gpuport_blas_c_8u,
  gpuport_blas_r_16i, gpuport_blas_c_16i,
  gpuport_blas_r_16u, gpuport_blas_c_16u,
  gpuport_blas_r_32i, gpuport_blas_c_32i,
  gpuport_blas_r_32u, gpuport_blas_c_32u,
  gpuport_blas_r_64i, gpuport_blas_c_64i,
  gpuport_blas_r_64u, gpuport_blas_c_64u,
};
#endif
#ifndef GPUPORT_SYCL_BLAS_STATUS
#define GPUPORT_SYCL_BLAS_STATUS
// cuBLAS's cublasStatus_t: an int, as a type of its own (overloads on it and on cudaError_t stay apart).
struct gpuport_blas_status {
  int value;
  gpuport_blas_status(int v = 0) : value(v) {}
  operator int() const { return value; }
};
#endif
inline gpuport_blas_status gpuport_blas_create(gpuport_blas_handle *h) {
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
#ifndef GPUPORT_SYCL_BLAS_COMPLEX
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
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_COMPLEX
#define GPUPORT_SYCL_COMPLEX
// cuComplex.h: a complex number is CUDA's float2/double2, real in .x, imaginary in .y.
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
inline float gpuport_crealf(float2 z) { return z.x; }
inline float gpuport_cimagf(float2 z) { return z.y; }
inline float2 gpuport_conjf(float2 z) { return float2{z.x, -z.y}; }
inline float2 gpuport_caddf(float2 a, float2 b) { return float2{a.x + b.x, a.y + b.y}; }
inline float2 gpuport_csubf(float2 a, float2 b) { return float2{a.x - b.x, a.y - b.y}; }
inline float2 gpuport_cmulf(float2 a, float2 b) {
  return float2{a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
}
// Scaled by |re| + |im| of the divisor first, as CUDA's cuCdiv: no overflow in |b|^2.
inline float2 gpuport_cdivf(float2 a, float2 b) {
  const float s = sycl::fabs(b.x) + sycl::fabs(b.y), inv = float(1) / s;
  const float ar = a.x * inv, ai = a.y * inv, br = b.x * inv, bi = b.y * inv;
  const float d = float(1) / (br * br + bi * bi);
  return float2{(ar * br + ai * bi) * d, (ai * br - ar * bi) * d};
}
inline float gpuport_cabsf(float2 z) { return sycl::hypot(z.x, z.y); }
// x * y + d, in CUDA's order of operations.
inline float2 gpuport_cfmaf(float2 x, float2 y, float2 d) {
  return float2{(x.x * y.x + d.x) + -x.y * y.y, (x.x * y.y + d.y) + x.y * y.x};
}
inline double gpuport_creal(double2 z) { return z.x; }
inline double gpuport_cimag(double2 z) { return z.y; }
inline double2 gpuport_conj(double2 z) { return double2{z.x, -z.y}; }
inline double2 gpuport_cadd(double2 a, double2 b) { return double2{a.x + b.x, a.y + b.y}; }
inline double2 gpuport_csub(double2 a, double2 b) { return double2{a.x - b.x, a.y - b.y}; }
inline double2 gpuport_cmul(double2 a, double2 b) {
  return double2{a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
}
// Scaled by |re| + |im| of the divisor first, as CUDA's cuCdiv: no overflow in |b|^2.
inline double2 gpuport_cdiv(double2 a, double2 b) {
  const double s = sycl::fabs(b.x) + sycl::fabs(b.y), inv = double(1) / s;
  const double ar = a.x * inv, ai = a.y * inv, br = b.x * inv, bi = b.y * inv;
  const double d = double(1) / (br * br + bi * bi);
  return double2{(ar * br + ai * bi) * d, (ai * br - ar * bi) * d};
}
inline double gpuport_cabs(double2 z) { return sycl::hypot(z.x, z.y); }
// x * y + d, in CUDA's order of operations.
inline double2 gpuport_cfma(double2 x, double2 y, double2 d) {
  return double2{(x.x * y.x + d.x) + -x.y * y.y, (x.x * y.y + d.y) + x.y * y.x};
}
inline double2 gpuport_complex_float_to_double(float2 z) { return double2{z.x, z.y}; }
inline float2 gpuport_complex_double_to_float(double2 z) { return float2{(float)z.x, (float)z.y}; }
#endif
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

static void print(const char *name, const double2 *v, int n) {
  printf("%s", name);
  for (int i = 0; i < n; i++) printf(" %.17g %.17g", gpuport_creal(v[i]), gpuport_cimag(v[i]));
  printf("\n");
}

int main() {
  const int m = 3, n = 2, k = 4;
  double2 *a, *b, *c, *x, *y, *r;
  float2 *fa, *fb, *fc;
  a = static_cast<std::remove_reference_t<decltype(a)>>(sycl::malloc_shared(m * k * sizeof(double2), gpuport_queue()));
  b = static_cast<std::remove_reference_t<decltype(b)>>(sycl::malloc_shared(k * n * sizeof(double2), gpuport_queue()));
  c = static_cast<std::remove_reference_t<decltype(c)>>(sycl::malloc_shared(m * n * sizeof(double2), gpuport_queue()));
  x = static_cast<std::remove_reference_t<decltype(x)>>(sycl::malloc_shared(k * sizeof(double2), gpuport_queue()));
  y = static_cast<std::remove_reference_t<decltype(y)>>(sycl::malloc_shared(m * sizeof(double2), gpuport_queue()));
  r = static_cast<std::remove_reference_t<decltype(r)>>(sycl::malloc_shared(2 * sizeof(double2), gpuport_queue()));
  fa = static_cast<std::remove_reference_t<decltype(fa)>>(sycl::malloc_shared(4 * sizeof(float2), gpuport_queue()));
  fb = static_cast<std::remove_reference_t<decltype(fb)>>(sycl::malloc_shared(4 * sizeof(float2), gpuport_queue()));
  fc = static_cast<std::remove_reference_t<decltype(fc)>>(sycl::malloc_shared(4 * sizeof(float2), gpuport_queue()));
  for (int i = 0; i < m * k; i++) a[i] = make_double2(0.5 * i - 1.0, 0.25 * (i % 3));
  for (int i = 0; i < k * n; i++) b[i] = make_double2(1.0 - 0.3 * i, 0.1 * i);
  for (int i = 0; i < m * n; i++) c[i] = make_double2(i, -i);
  for (int i = 0; i < k; i++) x[i] = make_double2(i + 1, 0.5 * i);
  for (int i = 0; i < m; i++) y[i] = make_double2(1, 1);
  for (int i = 0; i < 4; i++) {
    fa[i] = make_float2(i, 1);
    fb[i] = make_float2(1, -i);
    fc[i] = make_float2(0, 0);
  }
  gpuport_blas_handle h;
  gpuport_blas_create(&h);
  const double2 alpha = make_double2(1.5, -0.5), beta = make_double2(0.25, 1.0);
  // C (m x n) = alpha A B + beta C, A m x k, B k x n
  gpuport_blas_cgemm(h, 'N', 'N', m, n, k, &alpha, a, m, b, k, &beta, c, m);
  gpuport_queue().wait();
  print("zgemm_nn", c, m * n);
  // C (m x n) = alpha A B^H, B^H from an n x k matrix stored in b
  gpuport_blas_cgemm(h, 'N', 'C', m, n, k, &alpha, a, m, b, n, &beta, c, m);
  gpuport_queue().wait();
  print("zgemm_nc", c, m * n);
  // y (m) = alpha A x + beta y; then x-sized result of A^H y
  gpuport_blas_cgemv(h, 'N', m, k, &alpha, a, m, x, 1, &beta, y, 1);
  gpuport_queue().wait();
  print("zgemv_n", y, m);
  gpuport_blas_cgemv(h, 'C', m, k, &alpha, a, m, y, 1, &beta, x, 1);
  gpuport_queue().wait();
  print("zgemv_c", x, k);
  gpuport_blas_cdotc(h, k, x, 1, b, 1, &r[0]);
  gpuport_blas_cdotu(h, k, x, 1, b, 1, &r[1]);
  print("zdot", r, 2);
  double norm = 0;
  gpuport_blas_cnrm2(h, k, x, 1, &norm);
  printf("dznrm2 %.17g\n", norm);
  const float2 falpha = make_float2(1, 0), fbeta = make_float2(0, 0);
  gpuport_blas_cgemm(h, 'T', 'N', 2, 2, 2, &falpha, fa, 2, fb, 2, &fbeta, fc, 2);
  gpuport_queue().wait();
  printf("cgemm_tn");
  for (int i = 0; i < 4; i++) printf(" %.9g %.9g", gpuport_crealf(fc[i]), gpuport_cimagf(fc[i]));
  printf("\n");
  gpuport_blas_destroy(h);
  return 0;
}
