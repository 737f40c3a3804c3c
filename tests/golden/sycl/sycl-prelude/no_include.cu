// A kernel file that relies on nvcc's implicit includes.
__global__ void zero(int *p) { p[threadIdx.x] = 0; }
