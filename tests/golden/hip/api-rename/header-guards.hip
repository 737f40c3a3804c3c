// A helper header (the CUDA samples' helper_cuda.h does this) defines its functions only when the CUDA
// headers they need were included before it, by testing those headers' include guards.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

#ifdef HIP_INCLUDE_HIP_DRIVER_TYPES_H
static const char *error_name(hipError_t e) { return hipGetErrorName(e); }
#endif

#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H
inline int device_count()
{
    int n = 0;
    hipGetDeviceCount(&n);
    return n;
}
#endif

#ifdef HIPBLAS_H
// only when cuBLAS was included: HIP tests hipblas.h's guard instead
#endif

#ifdef NVJPEGAPI
// only when nvJPEG was included: no HIP header defines it, so this stays disabled
#endif
