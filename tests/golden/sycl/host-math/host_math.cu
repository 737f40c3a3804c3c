// Host code keeps the C library's math (floor of an integer is floor(double)); device code gets sycl::.
// Host code's clock() is <ctime>'s, timing the host, not the SM's counter.
#include <cmath>
#include <cstdio>
#include <ctime>

__device__ float scale(float v) { return floorf(v) + sqrtf(v); }

__global__ void k(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = scale(x[i]) + powf(x[i], 2.0f);
}

static const double kRoot2 = sqrt(2.0);

int blocks_for(size_t shared_per_block, size_t bytes, int sms) {
    return sms * (int)floor(shared_per_block / bytes) + (int)ceil(kRoot2);
}

int main() {
    float *x;
    cudaMalloc(&x, 256 * sizeof(float));
    clock_t start = clock();
    int b = blocks_for(49152, 4096, 2);
    k<<<b, 32>>>(x, 256);
    printf("%d %f %d\n", b, pow(2.0, 0.5), (int)(clock() >= start));
    cudaFree(x);
    return 0;
}
