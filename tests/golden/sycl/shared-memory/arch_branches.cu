// shoc's reduction and scan kernels: an old architecture's shared array under `#if __CUDA_ARCH__ <= 130`,
// and, in the `#else` that sm_90 takes, the same name as a pointer into the dynamic block. Only the branch
// nvcc's device pass compiles shapes the kernel's parameters; the other's declaration goes too.
#include <cstdio>

template <class T>
class SharedMem {
  public:
    __device__ inline T *getPointer() {
        extern __shared__ T s[];
        return s;
    }
};

template <class T, int blockSize>
__global__ void reduce(const T *g_idata, T *g_odata) {
    int tid = threadIdx.x;
#if __CUDA_ARCH__ <= 130
    extern volatile __shared__ float sdata[];
#else
    SharedMem<T> shared;
    volatile T *sdata = shared.getPointer();
#endif
    sdata[tid] = g_idata[blockIdx.x * blockSize + tid];
    __syncthreads();
    for (int s = blockSize / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

int main() {
    const int n = 4 * 256;
    float h[n], sums[4];
    for (int i = 0; i < n; i++) h[i] = (float)(i % 7);
    float *in, *out;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, 4 * sizeof(float));
    cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    reduce<float, 256><<<4, 256, 256 * sizeof(float)>>>(in, out);
    cudaMemcpy(sums, out, 4 * sizeof(float), cudaMemcpyDeviceToHost);
    printf("%g %g %g %g\n", sums[0], sums[1], sums[2], sums[3]);
    cudaFree(in);
    cudaFree(out);
    return 0;
}
