#include <cstdio>
#include <vector>
#include "kernels.cuh"

int main()
{
    const int n = 4 * BLOCK;
    std::vector<float> h(n, 1.0f);
    float *d_in, *d_out;
    hipMalloc(&d_in, n * sizeof(float));
    hipMalloc(&d_out, 4 * sizeof(float));
    hipMemcpy(d_in, h.data(), n * sizeof(float), hipMemcpyHostToDevice);
    block_sum<<<n / BLOCK, BLOCK>>>(d_in, d_out, n);
    float sums[4];
    hipMemcpy(sums, d_out, sizeof(sums), hipMemcpyDeviceToHost);
    bool ok = true;
    for (int b = 0; b < 4; ++b)
        ok = ok && sums[b] == (float)BLOCK;
    printf("%s\n", ok ? "PASS" : "FAIL");
    hipFree(d_in);
    hipFree(d_out);
    return ok ? 0 : 1;
}
