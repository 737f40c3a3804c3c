#include <cstdio>
#include <cstdlib>
#include "kernels.cu"
#include "params.h"

int main()
{
    const int rows = 4 * HEIGHT, n = rows * WIDTH;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i)
        h[i] = 1.0f;
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, rows * sizeof(float));
    cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    dim3 block(WIDTH, HEIGHT);
    tile_sum<<<rows / HEIGHT, block>>>(d_in, d_out, n);
    cudaMemcpy(h, d_out, rows * sizeof(float), cudaMemcpyDeviceToHost);
    Sample s = make_sample(1.0f, 2.0f, 3);
    bool ok = s.pos.y == 2.0f;
    for (int r = 0; r < rows; ++r)
        ok = ok && h[r] == (float)WIDTH;
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_in);
    cudaFree(d_out);
    free(h);
    return ok ? 0 : 1;
}
