// cuBLASLt as llm.c calls it: descriptors, layouts, a preference, the heuristic, and matmuls with the
// bias and GELU-bias epilogues; one batched with strides, one with row-major layouts, one scaled per row. Every result row
// is printed for the run test to check against numpy.
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
#ifndef GPUPORT_SYCL_BLASLT
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
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#define CHECK(x) do { gpuport_blas_status s = (x); if (s != 0) { printf("status %d at %d\n", (int)s, __LINE__); return 1; } } while (0)

static void fill(float *h, int n, int seed) {
    for (int i = 0; i < n; i++) h[i] = (float)((i * 7 + seed * 3) % 11) / 8.0f - 0.6f;
}

static void print(const char *name, const float *d, int n) {
    float h[256];
    gpuport_queue().memcpy(h, d, n * sizeof(float)).wait();
    printf("%s", name);
    for (int i = 0; i < n; i++) printf(" %.6f", h[i]);
    printf("\n");
}

int main() {
    const int M = 5, N = 3, K = 4, BATCH = 2;  // D (M x N) = op(A) (M x K) op(B) (K x N)
    float hA[BATCH * K * M], hB[BATCH * K * N], hbias[M];
    fill(hA, BATCH * K * M, 1);
    fill(hB, BATCH * K * N, 2);
    fill(hbias, M, 3);
    float *A, *B, *bias, *D;
    A = (float *)sycl::malloc_device(sizeof(hA), gpuport_queue());
    B = (float *)sycl::malloc_device(sizeof(hB), gpuport_queue());
    bias = (float *)sycl::malloc_device(sizeof(hbias), gpuport_queue());
    D = (float *)sycl::malloc_device(BATCH * M * N * sizeof(float), gpuport_queue());
    gpuport_queue().memcpy(A, hA, sizeof(hA)).wait();
    gpuport_queue().memcpy(B, hB, sizeof(hB)).wait();
    gpuport_queue().memcpy(bias, hbias, sizeof(hbias)).wait();

    gpuport_blas_handle lt;
    CHECK(gpuport_blas_create(&lt));
    gpuport_blaslt_matmul_desc desc;
    gpuport_blaslt_layout aLayout, bLayout, dLayout;
    gpuport_blaslt_preference pref;
    gpuport_blaslt_heuristic heuristic;
    int returned = 0;
    size_t workspace = 1 << 20;
    char opT = 'T', opN = 'N';
    int epilogue = gpuport_blaslt_epilogue_bias;
    CHECK(gpuport_blaslt_matmul_desc_create(&desc, gpuport_blas_r_32f, gpuport_blas_r_32f));
    CHECK(gpuport_blaslt_matmul_desc_set_attribute(desc, gpuport_blaslt_desc_transa, &opT, sizeof(opT)));
    CHECK(gpuport_blaslt_matmul_desc_set_attribute(desc, gpuport_blaslt_desc_transb, &opN, sizeof(opN)));
    CHECK(gpuport_blaslt_matmul_desc_set_attribute(desc, gpuport_blaslt_desc_epilogue, &epilogue, sizeof(epilogue)));
    CHECK(gpuport_blaslt_matmul_desc_set_attribute(desc, gpuport_blaslt_desc_bias_pointer, &bias, sizeof(bias)));
    // A stored K x M (transposed by the descriptor), B K x N, D M x N; column-major
    CHECK(gpuport_blaslt_layout_create(&aLayout, gpuport_blas_r_32f, K, M, K));
    CHECK(gpuport_blaslt_layout_create(&bLayout, gpuport_blas_r_32f, K, N, K));
    CHECK(gpuport_blaslt_layout_create(&dLayout, gpuport_blas_r_32f, M, N, M));
    CHECK(gpuport_blaslt_preference_create(&pref));
    CHECK(gpuport_blaslt_preference_set_attribute(pref, gpuport_blaslt_pref_max_workspace_bytes, &workspace,
                                               sizeof(workspace)));
    CHECK(gpuport_blaslt_algo_get_heuristic(lt, desc, aLayout, bLayout, dLayout, dLayout, pref, 1, &heuristic,
                                         &returned));
    if (returned != 1) return 1;
    const float alpha = 1.0f, beta = 0.0f;
    CHECK(gpuport_blaslt_matmul(lt, desc, &alpha, A, aLayout, B, bLayout, &beta, D, dLayout, D, dLayout, &heuristic.algo,
                         NULL, 0, 0));
    print("bias", D, M * N);

    // GELU after the bias, alpha 0.5
    epilogue = gpuport_blaslt_epilogue_gelu_bias;
    CHECK(gpuport_blaslt_matmul_desc_set_attribute(desc, gpuport_blaslt_desc_epilogue, &epilogue, sizeof(epilogue)));
    const float half_alpha = 0.5f;
    CHECK(gpuport_blaslt_matmul(lt, desc, &half_alpha, A, aLayout, B, bLayout, &beta, D, dLayout, D, dLayout,
                         &heuristic.algo, NULL, 0, 0));
    print("gelu_bias", D, M * N);

    // Batched, no epilogue: two products stride K*M, K*N and M*N elements apart
    epilogue = gpuport_blaslt_epilogue_default;
    CHECK(gpuport_blaslt_matmul_desc_set_attribute(desc, gpuport_blaslt_desc_epilogue, &epilogue, sizeof(epilogue)));
    int batch = BATCH;
    long long strideA = K * M, strideB = K * N, strideD = M * N;
    CHECK(gpuport_blaslt_layout_set_attribute(aLayout, gpuport_blaslt_layout_batch_count, &batch, sizeof(batch)));
    CHECK(gpuport_blaslt_layout_set_attribute(bLayout, gpuport_blaslt_layout_batch_count, &batch, sizeof(batch)));
    CHECK(gpuport_blaslt_layout_set_attribute(dLayout, gpuport_blaslt_layout_batch_count, &batch, sizeof(batch)));
    CHECK(gpuport_blaslt_layout_set_attribute(aLayout, gpuport_blaslt_layout_strided_batch_offset, &strideA,
                                           sizeof(strideA)));
    CHECK(gpuport_blaslt_layout_set_attribute(bLayout, gpuport_blaslt_layout_strided_batch_offset, &strideB,
                                           sizeof(strideB)));
    CHECK(gpuport_blaslt_layout_set_attribute(dLayout, gpuport_blaslt_layout_strided_batch_offset, &strideD,
                                           sizeof(strideD)));
    CHECK(gpuport_blaslt_matmul(lt, desc, &alpha, A, aLayout, B, bLayout, &beta, D, dLayout, D, dLayout, &heuristic.algo,
                         NULL, 0, 0));
    print("batched", D, BATCH * M * N);

    // Row-major layouts, no transposes: D (M x N) = A' (M x K) B' (K x N), with A' and B' read row by row
    gpuport_blaslt_layout rA, rB, rD;
    int row = gpuport_blaslt_order_row;
    CHECK(gpuport_blaslt_layout_create(&rA, gpuport_blas_r_32f, M, K, K));
    CHECK(gpuport_blaslt_layout_create(&rB, gpuport_blas_r_32f, K, N, N));
    CHECK(gpuport_blaslt_layout_create(&rD, gpuport_blas_r_32f, M, N, N));
    CHECK(gpuport_blaslt_layout_set_attribute(rA, gpuport_blaslt_layout_order, &row, sizeof(row)));
    CHECK(gpuport_blaslt_layout_set_attribute(rB, gpuport_blaslt_layout_order, &row, sizeof(row)));
    CHECK(gpuport_blaslt_layout_set_attribute(rD, gpuport_blaslt_layout_order, &row, sizeof(row)));
    CHECK(gpuport_blaslt_matmul_desc_set_attribute(desc, gpuport_blaslt_desc_transa, &opN, sizeof(opN)));
    CHECK(gpuport_blaslt_matmul(lt, desc, &alpha, A, rA, B, rB, &beta, D, rD, D, rD, &heuristic.algo, NULL, 0, 0));
    print("rowmajor", D, M * N);

    // alpha a device vector, one scale per row of D, beta zero and not given (bitsandbytes' int8 path)
    int vec = gpuport_blaslt_pointer_mode_alpha_device_vector_beta_zero;
    CHECK(gpuport_blaslt_matmul_desc_set_attribute(desc, gpuport_blaslt_desc_pointer_mode, &vec, sizeof(vec)));
    CHECK(gpuport_blaslt_matmul(lt, desc, bias, A, rA, B, rB, NULL, D, rD, D, rD, &heuristic.algo, NULL, 0, 0));
    print("row_scaled", D, M * N);

    gpuport_blaslt_layout_destroy(rA);
    gpuport_blaslt_layout_destroy(rB);
    gpuport_blaslt_layout_destroy(rD);
    gpuport_blaslt_preference_destroy(pref);
    gpuport_blaslt_layout_destroy(aLayout);
    gpuport_blaslt_layout_destroy(bLayout);
    gpuport_blaslt_layout_destroy(dLayout);
    gpuport_blaslt_matmul_desc_destroy(desc);
    gpuport_blas_destroy(lt);
    sycl::free(A, gpuport_queue());
    sycl::free(B, gpuport_queue());
    sycl::free(bias, gpuport_queue());
    sycl::free(D, gpuport_queue());
    return 0;
}
