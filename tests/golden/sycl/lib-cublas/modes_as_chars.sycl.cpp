// The CUDA library samples' cublas_utils.h prints matrices by fill mode; side and diagonal modes are passed
// around the same way. In SYCL they are the BLAS letters, as the operations are.
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

void print_mode(char uplo, char side, char diag) {
  printf("%c %c %c\n", uplo == 'L' ? 'L' : uplo == 'U' ? 'U' : 'F',
         side == 'L' ? 'L' : 'R', diag == 'U' ? 'U' : 'N');
}

int main() {
  print_mode('U', 'R', 'N');
  return 0;
}
