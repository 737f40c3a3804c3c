// Cache and shared-memory bank configuration (rodinia hotspot3D): hints a SYCL device decides itself.
__global__ void k(float *a) { a[0] = 1; }
int main() { cudaFuncSetCacheConfig(k, cudaFuncCachePreferL1); cudaDeviceSetCacheConfig(cudaFuncCachePreferShared); cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte); float *a; cudaMalloc(&a, 4); k<<<1,1>>>(a); }
