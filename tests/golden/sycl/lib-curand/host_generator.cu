// curandCreateGeneratorHost fills host memory; with the same seed it gives the numbers the device
// generator gives (MonteCarlo_gold.cpp of cuda-samples draws its reference paths this way).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <curand.h>

int main() {
    const size_t n = 1000;
    float *host = (float *)malloc(n * sizeof(float)), *back = (float *)malloc(n * sizeof(float));
    float *dev;
    cudaMalloc((void **)&dev, n * sizeof(float));

    curandGenerator_t hgen, dgen;
    curandCreateGeneratorHost(&hgen, CURAND_RNG_PSEUDO_DEFAULT);
    curandCreateGenerator(&dgen, CURAND_RNG_PSEUDO_DEFAULT);
    curandSetPseudoRandomGeneratorSeed(hgen, 42ULL);
    curandSetPseudoRandomGeneratorSeed(dgen, 42ULL);
    curandGenerateNormal(hgen, host, n, 0.0f, 1.0f);
    curandGenerateNormal(dgen, dev, n, 0.0f, 1.0f);
    cudaMemcpy(back, dev, n * sizeof(float), cudaMemcpyDeviceToHost);

    size_t same = 0;
    double mean = 0.0;
    for (size_t i = 0; i < n; ++i) {
        same += host[i] == back[i];
        mean += host[i];
    }
    printf("same %zu\n", same);
    printf("mean %f\n", mean / n);
    curandDestroyGenerator(hgen);
    curandDestroyGenerator(dgen);
    cudaFree(dev);
    free(host);
    free(back);
    return 0;
}
