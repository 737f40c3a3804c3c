#include <cuda_runtime.h>
#define ROWS 4
#define COLS 3
__constant__ float c_table[ROWS][COLS] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
__constant__ char c_words[8][16];

__global__ void lookup(const int *r, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = c_table[r[i] % ROWS][i % COLS] + c_words[i % 8][0];
}

void setup(const char (*words)[16])
{
    cudaMemcpyToSymbol(c_words, words, 8 * 16);
}
