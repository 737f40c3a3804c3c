// gpuport: include_renames=kernels.cu:kernels.hip
// A driver that includes its kernel files (the tree renames them to .cpp for SYCL).
#include <hip/hip_runtime.h>
#include <cstdio>
#include "kernels.hip"
#include "sub/more.cu"
#include "helpers.h"

int main() { return 0; }
