// C-style error handling jumps past the events' declaration (NVIDIA's transpose post): a sycl::event
// has a constructor, so the declaration moves to the top of the function.
#include <cstdio>

__global__ void fill(float *x) { x[threadIdx.x] = 1.0f; }

int run(float *x) {
    int rc = 0;
    if (x == nullptr) goto error_exit;
    {
        cudaEvent_t startEvent, stopEvent;
        (void)startEvent;
    }
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    fill<<<1, 32>>>(x);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms;
    cudaEventElapsedTime(&ms, start, stop);
    printf("%f\n", ms >= 0 ? 1.0 : 0.0);
    return rc;
error_exit:
    printf("error\n");
    return 1;
}

int main() {
    float *x;
    cudaMalloc(&x, 32 * sizeof(float));
    return run(x);
}
