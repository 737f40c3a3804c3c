// A helper header (the CUDA samples' helper_cuda.h does this) defines its functions only when the CUDA
// headers they need were included before it, by testing those headers' include guards.
#include <cuda_runtime.h>
#include <curand.h>

#ifdef __DRIVER_TYPES_H__
static const char *error_name(cudaError_t e) { return cudaGetErrorName(e); }
#endif

#ifdef __CUDA_RUNTIME_H__
inline int device_count()
{
    int n = 0;
    cudaGetDeviceCount(&n);
    return n;
}
#endif

#ifdef CUBLAS_API_H_
// only when cuBLAS was included: HIP tests hipblas.h's guard instead
#endif

#ifdef NVJPEGAPI
// only when nvJPEG was included: no HIP header defines it, so this stays disabled
#endif
