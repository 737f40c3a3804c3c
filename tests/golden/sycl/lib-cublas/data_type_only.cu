// cudaDataType values in a file that does not use cuBLAS (qsim's util_cuda.h picks one per element
// type for a library it calls elsewhere): the data-type enum comes alone, guarded.
#include <cuda_runtime.h>
#include <complex>
#include <type_traits>

template <typename T>
inline auto GetCudaType()
{
    if (std::is_same_v<T, float>) {
        return CUDA_R_32F;
    } else if (std::is_same_v<T, double>) {
        return CUDA_R_64F;
    } else if (std::is_same_v<T, std::complex<float>>) {
        return CUDA_C_32F;
    }
    return CUDA_C_64F;
}

cudaDataType_t float_type() { return GetCudaType<float>(); }
