#include <cstdio>
#include <vector>
#include "kernels.cuh"

int main()
{
    const int n = 4 * BLOCK;
    std::vector<float> h(n, 1.0f);
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, 4 * sizeof(float));
    cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    block_sum<<<n / BLOCK, BLOCK>>>(d_in, d_out, n);
    float sums[4];
    cudaMemcpy(sums, d_out, sizeof(sums), cudaMemcpyDeviceToHost);
    bool ok = true;
    for (int b = 0; b < 4; ++b)
        ok = ok && sums[b] == (float)BLOCK;
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_in);
    cudaFree(d_out);
    return ok ? 0 : 1;
}
