#include <sycl/sycl.hpp>
#include "check.h"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void square( int *p, int n, const sycl::nd_item<3> &item )
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if ( i < n ) p[i] = p[i] * p[i];
}

int main()
{
    int status;
    const int n = 64;
    int h[n];
    int *d = 0;
    for ( int i = 0; i < n; i++ ) h[i] = i;
    cuda((d = (int *)sycl::malloc_device(n * sizeof(int), gpuport_queue()), 0));
    cuda((gpuport_queue().memcpy( d, h, n * sizeof(int)).wait(), 0));
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) { square( d, n , item); });
    cuda((gpuport_queue().memcpy( h, d, n * sizeof(int)).wait(), 0));
    cuda((sycl::free( d, gpuport_queue()), 0));
    printf( "%s\n", h[9] == 81 ? "PASS" : "FAIL" );
    return 0;
Error:
    printf( "FAIL\n" );
    return 1;
}
