// Velocity Verlet integration kernels and the kinetic-energy reduction.
#include "md.cuh"

__device__ __forceinline__ float wrap(float x, float box, float inv_box) { return x - box * floorf(x * inv_box); }

__global__ void half_kick_drift_kernel(float4* __restrict__ pos, float4* __restrict__ vel,
                                       const float4* __restrict__ force, MDParams p) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < p.n; i += blockDim.x * gridDim.x) {
        float4 v = vel[i];
        const float4 f = force[i];
        const float h = 0.5f * p.dt;
        v.x += h * f.x; v.y += h * f.y; v.z += h * f.z;
        float4 x = pos[i];
        x.x = wrap(x.x + p.dt * v.x, p.box, p.inv_box);
        x.y = wrap(x.y + p.dt * v.y, p.box, p.inv_box);
        x.z = wrap(x.z + p.dt * v.z, p.box, p.inv_box);
        pos[i] = x;
        vel[i] = v;
    }
}

__global__ void half_kick_kernel(float4* __restrict__ vel, const float4* __restrict__ force, MDParams p) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < p.n; i += blockDim.x * gridDim.x) {
        float4 v = vel[i];
        const float4 f = force[i];
        const float h = 0.5f * p.dt;
        v.x += h * f.x; v.y += h * f.y; v.z += h * f.z;
        vel[i] = v;
    }
}

__global__ void kinetic_kernel(const float4* __restrict__ vel, double* __restrict__ ekin, int n) {
    __shared__ float partial[MD_THREADS];
    float acc = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        const float4 v = vel[i];
        acc += 0.5f * (v.x * v.x + v.y * v.y + v.z * v.z);
    }
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(ekin, (double)partial[0]);
}

static int blocks_for(int n) { return (n + MD_THREADS - 1) / MD_THREADS; }

void half_kick_drift(const MDParams& p, MDState& s) {
    half_kick_drift_kernel<<<blocks_for(p.n), MD_THREADS>>>(s.pos, s.vel, s.force, p);
    CUDA_CHECK(cudaGetLastError());
}

void half_kick(const MDParams& p, MDState& s) {
    half_kick_kernel<<<blocks_for(p.n), MD_THREADS>>>(s.vel, s.force, p);
    CUDA_CHECK(cudaGetLastError());
}

void kinetic_energy(const MDParams& p, MDState& s) {
    kinetic_kernel<<<32, MD_THREADS>>>(s.vel, s.energies + 1, p.n);
    CUDA_CHECK(cudaGetLastError());
}
