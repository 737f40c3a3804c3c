// A grid size computed by a macro calling ceil: nvcc's implicit <cmath> made it visible; the translation includes it.
#include <cuda_runtime.h>
#define N ceil(15 * 1.0 / 4)
__global__ void k(int *x) { x[0] = 1; }
int main() { int *d; cudaMalloc(&d, 4); k<<<N, 4>>>(d); return 0; }
