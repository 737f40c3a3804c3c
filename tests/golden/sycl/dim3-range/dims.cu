#include <cuda_runtime.h>
#define BX 32
#define BY 8
void config(int w, int h) {
    dim3 block(BX, BY);
    dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
    dim3 one;
    grid.z = 1;
    int threads = block.x * block.y * one.z;
    (void)threads;
}
