// Peer access between "devices" that the SYCL translation folds onto one device.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

int main() {
    int n = 0;
    n = 1;
    for (int d = 0; d < n; ++d) {
        for (int p = 0; p < n; ++p) {
            int can = 0;
            can = 1;
            if (can && p != d) ;
        }
    }
    if (0 != 0) printf("no peer\n");
    printf("%d\n", n);
    return 0;
}
