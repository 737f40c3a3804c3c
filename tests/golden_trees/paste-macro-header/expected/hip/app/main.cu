#include "check.h"

__global__ void square( int *p, int n )
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if ( i < n ) p[i] = p[i] * p[i];
}

int main()
{
    hipError_t status;
    const int n = 64;
    int h[n];
    int *d = 0;
    for ( int i = 0; i < n; i++ ) h[i] = i;
    cuda(hipMalloc( (void **) &d, n * sizeof(int) ));
    cuda(hipMemcpy( d, h, n * sizeof(int), hipMemcpyHostToDevice ));
    square<<<1, n>>>( d, n );
    cuda(hipMemcpy( h, d, n * sizeof(int), hipMemcpyDeviceToHost ));
    cuda(hipFree( d ));
    printf( "%s\n", h[9] == 81 ? "PASS" : "FAIL" );
    return 0;
Error:
    printf( "FAIL\n" );
    return 1;
}
