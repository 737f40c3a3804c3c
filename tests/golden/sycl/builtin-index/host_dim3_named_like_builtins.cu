// Host code may name its own dim3 variables blockDim and gridDim (NVIDIA's simpleTensorCoreGEMM does):
// GP212 makes them ranges, and GP204 does not report their members as builtins outside device code.
__global__ void fill(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }

int main() {
    float *a;
    cudaMalloc(&a, 1024 * sizeof(float));
    dim3 gridDim;
    dim3 blockDim;
    blockDim.x = 128;
    gridDim.x = (1024 + blockDim.x - 1) / blockDim.x;
    fill<<<gridDim, blockDim>>>(a);
    cudaFree(a);
    return 0;
}
