// A header that includes library_types.h for cudaDataType alone (CUDALibrarySamples' cublas_utils.h, the
// TensorRT plugins' common headers): the include becomes the data-type enum, guarded.
#include <cuda_runtime.h>
#include <library_types.h>

inline size_t element_size(cudaDataType_t t)
{
    switch (t) {
    case CUDA_R_16F: return 2;
    case CUDA_R_32F: return 4;
    case CUDA_R_64F: return 8;
    case CUDA_C_32F: return 8;
    default: return 0;
    }
}
