/* A C file whose CUDA calls need the SYCL runtime: it becomes C++. */
#include <stdlib.h>
#include <hip/hip_runtime.h>

float *device_buffer(int n)
{
    float *p = 0;
    hipMalloc((void **)&p, n * sizeof(float));
    return p;
}

/* C converts calloc's void * silently; as C++ (GP271) the results get casts. */
float *host_copy(const float *x, int n)
{
    float *tmp = calloc(n, sizeof(float));
    int i;
    unsigned char **rows;
    rows = malloc(2 * sizeof(unsigned char *));
    for (i = 0; i < n; ++i) tmp[i] = x[i];
    free(rows);
    return tmp;
}
