// cudaMalloc into a pointer computed in place (HSOpticalFlow: cudaMalloc(pI0 + level, n)).
int main(){ float *p[4]; int level = 2; cudaMalloc(p + level, 64); cudaMalloc((void **)(p + 1), 64); cudaMalloc(&p[0], 64); cudaFree(p[2]); }
