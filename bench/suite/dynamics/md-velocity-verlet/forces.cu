// Shifted-force Lennard-Jones forces, all pairs with minimum image. Each block reduces its
// potential energy in shared memory and adds it to a double accumulator with atomicAdd.
#include "md.cuh"

__global__ void lj_force_kernel(const float4* __restrict__ pos, float4* __restrict__ force,
                                double* __restrict__ epot, MDParams p) {
    __shared__ float block_energy[MD_THREADS];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    float fx = 0.f, fy = 0.f, fz = 0.f, u = 0.f;
    if (i < p.n) {
        const float4 pi = pos[i];
        for (int j = 0; j < p.n; ++j) {
            if (j == i) continue;
            const float4 pj = pos[j];
            float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
            dx -= p.box * rintf(dx * p.inv_box);
            dy -= p.box * rintf(dy * p.inv_box);
            dz -= p.box * rintf(dz * p.inv_box);
            const float r2 = dx * dx + dy * dy + dz * dz;
            if (r2 >= p.rc2) continue;
            const float r = sqrtf(r2);
            const float inv_r2 = 1.f / r2;
            const float sr6 = inv_r2 * inv_r2 * inv_r2;
            const float fm = 24.f * sr6 * (2.f * sr6 - 1.f) / r;
            const float s = (fm - p.fm_rc) / r;
            fx += s * dx;
            fy += s * dy;
            fz += s * dz;
            u += 4.f * sr6 * (sr6 - 1.f) - p.u_rc + (r - p.rc) * p.fm_rc;
        }
        force[i] = make_float4(fx, fy, fz, 0.f);
    }
    block_energy[threadIdx.x] = 0.5f * u;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) block_energy[threadIdx.x] += block_energy[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(epot, (double)block_energy[0]);
}

void compute_forces(const MDParams& p, MDState& s) {
    lj_force_kernel<<<(p.n + MD_THREADS - 1) / MD_THREADS, MD_THREADS>>>(s.pos, s.force, s.energies, p);
    CUDA_CHECK(cudaGetLastError());
}
