#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <curand_kernel.h>

// The pointer's declared type is copied into the allocation's cast: its CUDA names are translated there.
struct cuPoint {
    float x, y;
};

int main() {
    const int n = 256;
    curandState *d_states;
    __half *d_h;
    cudaStream_t *streams;
    cuPoint *d_points;
    cudaMalloc(&d_states, n * sizeof(curandState));
    cudaMalloc((void **)&d_h, n * sizeof(__half));
    cudaMallocHost(&streams, 2 * sizeof(cudaStream_t));
    cudaMallocManaged(&d_points, n * sizeof(cuPoint));
    cudaFree(d_states);
    cudaFree(d_h);
    cudaFreeHost(streams);
    cudaFree(d_points);
    return 0;
}
