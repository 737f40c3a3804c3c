// The out-argument written `(void **)(&p)` (cuda-samples' dct8x8), for pitched and plain allocations.
#include <cstdio>

int main() {
    float *dst;
    short *src;
    size_t stride, stride2;
    cudaMallocPitch((void **)(&dst), &stride, 64 * sizeof(float), 16);
    if (cudaMallocPitch((void **)( &src ), &stride2, 64 * sizeof(short), 16) != cudaSuccess) return 1;
    float *plain;
    cudaMalloc((void **)(&plain), 256);
    printf("%zu %zu\n", stride / sizeof(float), stride2 / sizeof(short));
    cudaFree(dst);
    cudaFree(src);
    cudaFree(plain);
    return 0;
}
