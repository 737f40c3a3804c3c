#include <cuda_runtime.h>
void query(){ struct cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0); }
