// An error-check macro that pastes `cuda` onto its argument (the CUDA Handbook's chError.h style),
// a CPU build's stand-ins under CUDA's names, and a driver error-string switch.
#include <stdio.h>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#ifdef NO_CUDA
#define cudaMemcpyHostToDevice 0
struct cudaDeviceProp { int major; int minor; };
#endif

#define cuda( fn ) do { \
        status = (fn); \
        if ( 0 != status ) { \
            fprintf( stderr, "%s failed\n", #fn ); \
            goto Error; \
        } \
    } while (0);

inline const char *driverErrorString( int status )
{
    switch ( status ) {
    case 0: return "CUDA_SUCCESS";
    case 1: return "CUDA_ERROR_INVALID_VALUE";
    default: return "other";
    }
}

void scale( float *p, float a, int n, const sycl::nd_item<3> &item )
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if ( i < n ) p[i] *= a;
}

int main()
{
    int status;
    float *d = 0;
    float h[256] = {0};
    cuda((d = (float *)sycl::malloc_device(sizeof(h), gpuport_queue()), 0));
    cuda((gpuport_queue().memcpy( d, h, sizeof(h)).wait(), 0));
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { scale( d, 2.0f, 256 , item); });
    cuda((gpuport_queue().wait(), 0));
    cuda(cudaProjectOwnCheck());  // no table knows cudaProjectOwnCheck: the prefix is written back
    cuda((gpuport_queue().memcpy( h, d, sizeof(h)).wait(), 0));
    printf( "%f\n", h[0] );
Error:
    sycl::free( d, gpuport_queue());
    return status != 0;
}
