// An error-check macro that pastes `cuda` onto its argument (the CUDA Handbook's chError.h style),
// a CPU build's stand-ins under CUDA's names, and a driver error-string switch.
#include <stdio.h>
#include <cuda.h>

#ifdef NO_CUDA
#define cudaMemcpyHostToDevice 0
struct cudaDeviceProp { int major; int minor; };
#endif

#define cuda( fn ) do { \
        status = (cuda##fn); \
        if ( cudaSuccess != status ) { \
            fprintf( stderr, "%s failed\n", #fn ); \
            goto Error; \
        } \
    } while (0);

inline const char *driverErrorString( CUresult status )
{
    switch ( status ) {
    case CUDA_SUCCESS: return "CUDA_SUCCESS";
    case CUDA_ERROR_INVALID_VALUE: return "CUDA_ERROR_INVALID_VALUE";
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
    cudaError_t status;
    float *d = 0;
    float h[256] = {0};
    cuda(Malloc( (void **) &d, sizeof(h) ));
    cuda(Memcpy( d, h, sizeof(h), cudaMemcpyHostToDevice ));
    scale<<<1, 256>>>( d, 2.0f, 256 );
    cuda(DeviceSynchronize());
    cuda(ProjectOwnCheck());  // no table knows cudaProjectOwnCheck: the prefix is written back
    cuda(Memcpy( h, d, sizeof(h), cudaMemcpyDeviceToHost ));
    printf( "%f\n", h[0] );
Error:
    cudaFree( d );
    return status != cudaSuccess;
}
