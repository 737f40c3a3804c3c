#include <cuda_runtime.h>
#include <curand.h>

#define CURAND_CHECK(call)                                 \
    do {                                                   \
        curandStatus_t st_ = (call);                       \
        if (st_ != CURAND_STATUS_SUCCESS) return (int)st_; \
    } while (0)

int fill(float *d_u, double *d_z, size_t n, cudaStream_t stream) {
    curandGenerator_t gen;
    CURAND_CHECK(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
    CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
    CURAND_CHECK(curandSetStream(gen, stream));
    CURAND_CHECK(curandGenerateUniform(gen, d_u, n));
    CURAND_CHECK(curandGenerateNormalDouble(gen, d_z, n, 0.0, 1.0));
    CURAND_CHECK(curandDestroyGenerator(gen));
    return 0;
}
