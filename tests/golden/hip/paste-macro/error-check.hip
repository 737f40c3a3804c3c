// An error-check macro that pastes `cuda` onto its argument (the CUDA Handbook's chError.h style),
// a CPU build's stand-ins under CUDA's names, and a driver error-string switch.
#include <stdio.h>
#include <hip/hip_runtime.h>

#ifdef NO_CUDA
#define cudaMemcpyHostToDevice 0
struct cudaDeviceProp { int major; int minor; };
#endif

#define cuda( fn ) do { \
        status = (fn); \
        if ( hipSuccess != status ) { \
            fprintf( stderr, "%s failed\n", #fn ); \
            goto Error; \
        } \
    } while (0);

inline const char *driverErrorString( hipError_t status )
{
    switch ( status ) {
    case hipSuccess: return "CUDA_SUCCESS";
    case hipErrorInvalidValue: return "CUDA_ERROR_INVALID_VALUE";
    default: return "other";
    }
}

__global__ void scale( float *p, float a, int n )
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if ( i < n ) p[i] *= a;
}

int main()
{
    hipError_t status;
    float *d = 0;
    float h[256] = {0};
    cuda(hipMalloc( (void **) &d, sizeof(h) ));
    cuda(hipMemcpy( d, h, sizeof(h), hipMemcpyHostToDevice ));
    scale<<<1, 256>>>( d, 2.0f, 256 );
    cuda(hipDeviceSynchronize());
    cuda(cudaProjectOwnCheck());  // no table knows cudaProjectOwnCheck: the prefix is written back
    cuda(hipMemcpy( h, d, sizeof(h), hipMemcpyDeviceToHost ));
    printf( "%f\n", h[0] );
Error:
    hipFree( d );
    return status != hipSuccess;
}
