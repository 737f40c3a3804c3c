#include <cstdio>
#include "launch.cuh"

struct axpy {
    __device__ void operator()(int tid, int cta, int count, float a, const float *x, float *y) const {
        int i = cta * box_t::nt + tid;
        if (i < count) y[i] += a * x[i];
    }
};

int main() {
    const int n = 200;
    float hx[n], hy[n];
    for (int i = 0; i < n; i++) { hx[i] = i; hy[i] = 1.0f; }
    float *x, *y;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(y, hy, n * sizeof(float), cudaMemcpyHostToDevice);
    cta_launch<box_t>(axpy(), (n + box_t::nt - 1) / box_t::nt, n, 2.0f, (const float *)x, y);
    cudaMemcpy(hy, y, n * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) bad += hy[i] != 1.0f + 2.0f * i;
    printf(bad ? "FAIL %d\n" : "PASS\n", bad);
    return 0;
}
