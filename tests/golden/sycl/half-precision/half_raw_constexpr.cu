// DeepSpeed reduction_utils.h builds half constants from bits in constant expressions.
#include <cuda_fp16.h>
__device__ __half zero_half() { constexpr __half_raw zero = {0x0000}; return *((const __half *)&zero); }
