// cudaDataType values in a file that does not use cuBLAS (qsim's util_cuda.h picks one per element
// type for a library it calls elsewhere): the data-type enum comes alone, guarded.
#include <sycl/sycl.hpp>
#include <complex>
#include <type_traits>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
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

template <typename T>
inline auto GetCudaType()
{
    if (std::is_same_v<T, float>) {
        return gpuport_blas_r_32f;
    } else if (std::is_same_v<T, double>) {
        return gpuport_blas_r_64f;
    } else if (std::is_same_v<T, std::complex<float>>) {
        return gpuport_blas_c_32f;
    }
    return gpuport_blas_c_64f;
}

int float_type() { return GetCudaType<float>(); }
