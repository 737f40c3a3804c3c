// A header that includes library_types.h for cudaDataType alone (CUDALibrarySamples' cublas_utils.h, the
// TensorRT plugins' common headers): the include becomes the data-type enum, guarded.
#include <sycl/sycl.hpp>
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
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

inline size_t element_size(int t)
{
    switch (t) {
    case gpuport_blas_r_16f: return 2;
    case gpuport_blas_r_32f: return 4;
    case gpuport_blas_r_64f: return 8;
    case gpuport_blas_c_32f: return 8;
    default: return 0;
    }
}
