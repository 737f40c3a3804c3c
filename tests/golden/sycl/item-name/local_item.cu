#include <cuda_runtime.h>

struct Work {
    unsigned int id;
    unsigned int mask;
};

// The kernel's own `item` would hide the nd_item parameter the translation adds.
__global__ void count_bits(const Work *in, unsigned int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Work item = in[i];
        out[item.id] = __popc(item.mask) + threadIdx.x;
    }
}

__device__ unsigned int weight(const Work &item) { return __popc(item.mask) * blockDim.x; }

__global__ void weigh(const Work *in, unsigned int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = weight(in[i]);
}

int main() {
    const int n = 256;
    Work *d_in;
    unsigned int *d_out;
    cudaMalloc(&d_in, n * sizeof(Work));
    cudaMalloc(&d_out, n * sizeof(unsigned int));
    count_bits<<<1, n>>>(d_in, d_out, n);
    weigh<<<1, n>>>(d_in, d_out, n);
    cudaDeviceSynchronize();
    // a member named `item` never collides
    struct { int item; } s = {1};
    cudaFree(d_in);
    cudaFree(d_out);
    return s.item - 1;
}
