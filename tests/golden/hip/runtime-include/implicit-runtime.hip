// A .cu file relying on nvcc's implicit cuda_runtime.h: kernels, built-ins and the runtime API.
#include <hip/hip_runtime.h>
__device__ __forceinline__ float square(float x) { return x * x; }

__global__ void squares(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = square((float)i);
}

int main()
{
    float *d;
    hipMalloc(&d, 64 * sizeof(float));
    squares<<<1, 64>>>(d, 64);
    hipError_t err = hipDeviceSynchronize();
    hipFree(d);
    return err == hipSuccess ? 0 : 1;
}
