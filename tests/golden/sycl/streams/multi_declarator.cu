#include <cuda_runtime.h>

// Several streams in one declaration, in a struct and as a const parameter.
struct Pipeline {
    cudaStream_t upload, compute;
    cudaEvent_t ready;
};

__global__ void twice(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}

void run(const cudaStream_t stream, float *d, int n) {
    twice<<<(n + 255) / 256, 256, 0, stream>>>(d, n);
}

int main() {
    const int n = 1024;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaStream_t s_up, s_comp, ring[2];
    cudaStreamCreate(&s_up);
    cudaStreamCreate(&s_comp);
    ring[0] = s_up;
    ring[1] = s_comp;
    Pipeline p{s_up, s_comp, {}};
    run(ring[1], d, n);
    run(p.upload, d, n);
    cudaStreamSynchronize(s_comp);
    cudaStreamSynchronize(s_up);
    cudaStreamDestroy(s_up);
    cudaStreamDestroy(s_comp);
    cudaFree(d);
    return 0;
}
