// gpuport: include_renames=kernels.cu:kernels.cpp,sub/more.cu:sub/more.cpp
// A driver that includes its kernel files (the tree renames them to .cpp for SYCL).
#include <cstdio>
#include "kernels.cpp"
#include "sub/more.cpp"
#include "helpers.h"

int main() { return 0; }
