// CUDA events are pointers: created on demand, 0 until then, tested before being destroyed (the CUDA
// Handbook's cleanup after `Error:`). A sycl::event always exists.
#include <cstdio>

__global__ void k(float *p) { p[threadIdx.x] += 1.0f; }

int main()
{
    cudaEvent_t evStart = 0, evStop = 0;
    float *d = 0, ms = 0.0f;
    cudaMalloc(&d, 32 * sizeof(float));
    cudaEventCreate(&evStart);
    cudaEventCreate(&evStop);
    cudaEventRecord(evStart, 0);
    k<<<1, 32>>>(d);
    cudaEventRecord(evStop, 0);
    cudaEventSynchronize(evStop);
    cudaEventElapsedTime(&ms, evStart, evStop);
    printf("%s\n", ms >= 0.0f ? "PASS" : "FAIL");
    if ( evStart ) cudaEventDestroy( evStart );
    if ( evStop && !evStart ) printf("unreachable\n");
    cudaFree(d);
    return 0;
}
