#include <sycl/sycl.hpp>
#include "stand_ins.h"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define cuda( fn ) do { \
    status = (fn); \
    if ( 0 != status ) { fprintf( stderr, "%s: %s\n", #fn, "SYCL error (SYCL reports errors as exceptions)" ); goto Error; } \
} while (0);
