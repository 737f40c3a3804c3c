// A floor comparison whose group holds inline PTX (moderngpu's shuffles behind `__CUDA_ARCH__ >= 300`)
// stays a reported number: renamed, it would send the device pass into the PTX, which no AMD GPU runs;
// kept, the device pass takes the branch it took before. (Its own line's `defined(__CUDA_ARCH__)` is still
// the device-pass test.)
#include <cuda_runtime.h>
__device__ int lane_bits(int x)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 300
    int r;
    asm("shf.l.wrap.b32 %0, %1, %1, 1;" : "=r"(r) : "r"(x));
    return r;
#else
    return (x << 1) | ((unsigned)x >> 31);
#endif
}
