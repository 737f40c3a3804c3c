#include <cstdio>
#include <cuda_runtime.h>
#define CUDA_CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(e)); } } while (0)

// Copies a w x h image in and out of pitched device memory.
void roundtrip(const float *img, float *out, int w, int h, cudaStream_t s) {
    float *d;
    size_t pitch;
    CUDA_CHECK(cudaMallocPitch(&d, &pitch, w * sizeof(float), h));
    cudaMemset2D(d, pitch, 0, w * sizeof(float), h);
    CUDA_CHECK(cudaMemcpy2D(d, pitch, img, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice));
    cudaMemcpy2DAsync(out, w * sizeof(float), d, pitch, w * sizeof(float), h, cudaMemcpyDeviceToHost, s);
    cudaMemset2DAsync(d, pitch, 0xff, w * sizeof(float), h);
    cudaMemcpy2DAsync(out, w * sizeof(float), d, pitch, w * sizeof(float), h, cudaMemcpyDefault, 0);
    CUDA_CHECK(cudaStreamSynchronize(s));
    cudaFree(d);
}

void raw(void **p, size_t *pitch) {
    cudaMallocPitch(p, pitch, 64, 4);
}
