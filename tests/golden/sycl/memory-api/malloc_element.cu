#include <cuda_runtime.h>

struct Buffers {
    float *data;
};

int main() {
    int *d_q[2];
    Buffers b;
    cudaMalloc(&d_q[0], 64 * sizeof(int));
    cudaMalloc((void **)&d_q[1], 64 * sizeof(int));
    cudaMalloc(&b.data, 16 * sizeof(float));
    cudaFree(d_q[0]);
    cudaFree(d_q[1]);
    cudaFree(b.data);
    return 0;
}
