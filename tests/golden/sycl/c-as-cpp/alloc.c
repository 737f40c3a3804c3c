/* darknet's cuda.c: a C file that calls the CUDA runtime becomes C++ for SYCL, where the void * that
   malloc, calloc and realloc return needs a cast into a typed pointer (C converts it silently). */
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>

float *cuda_make_array(float *x, size_t n)
{
    float *x_gpu;
    cudaMalloc((void **)&x_gpu, n * sizeof(float));
    if (x) cudaMemcpy(x_gpu, x, n * sizeof(float), cudaMemcpyHostToDevice);
    return x_gpu;
}

float cuda_compare(float *x_gpu, float *x, size_t n)
{
    float *tmp = calloc(n, sizeof(float));
    const char **names = malloc(2 * sizeof(char *));
    void *raw = malloc(16);
    float err = 0;
    size_t i;
    cudaMemcpy(tmp, x_gpu, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (i = 0; i < n; ++i) err += (tmp[i] - x[i]) * (tmp[i] - x[i]);
    tmp = realloc(tmp, 2 * n * sizeof(float));
    names[0] = "cuda";
    free(raw);
    free(names);
    free(tmp);
    return err;
}
