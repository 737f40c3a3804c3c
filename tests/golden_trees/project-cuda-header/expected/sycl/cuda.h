#ifndef PROJECT_CUDA_H
#define PROJECT_CUDA_H

#include <sycl/sycl.hpp>

#define BLOCK 256

void check_error(int status);
sycl::range<3> grid_for(size_t n);

#endif
