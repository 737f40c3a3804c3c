#include <cuda_runtime.h>
#include <curand_kernel.h>

__global__ void setup(curandState *states, unsigned long long seed) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(seed, id, 0, &states[id]);
}

__global__ void sample(curandState *states, float *normals, float4 *quads, unsigned int *bits) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandState local = states[id];
    normals[id] = curand_normal(&local) + curand_uniform(&local);
    quads[id] = curand_uniform4(&local);
    bits[id] = curand(&local);
    states[id] = local;
}

__global__ void philox(unsigned long long seed, double *out) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandStatePhilox4_32_10_t st;
    curand_init(seed, id, 4, &st);
    out[id] = curand_normal_double(&st);
}
