// A file that reads __CUDA_ARCH__ as a number (moderngpu, rodinia dwt2d) keeps its device-pass tests too:
// renamed, the device pass would reach the #error branch whose number is now 0.
#include <hip/hip_runtime.h>
#ifdef __CUDA_ARCH__
#if __CUDA_ARCH__ >= 700
#define TAG 2
#else
#error "old"
#endif
#else
#define TAG 0
#endif
__global__ void k(int *a) { a[0] = TAG; }
