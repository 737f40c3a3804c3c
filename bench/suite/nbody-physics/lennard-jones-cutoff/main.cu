// Lennard-Jones forces and potential energy in a periodic box (reduced units, sigma = eps = 1),
// all pairs with the minimum-image convention and a shifted-force cutoff at rc = 2.5 (force and
// energy both go continuously to zero at rc, so pairs right at the cutoff do not matter).
// The kernel is templated on whether the energy is accumulated: the energy variant reduces
// per-thread energies with warp shuffles and adds one value per warp with a float atomicAdd.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t err = (call);                                                          \
        if (err != cudaSuccess) {                                                          \
            fprintf(stderr, "CUDA error: %s (%s:%d)\n", cudaGetErrorString(err), __FILE__, \
                    __LINE__);                                                             \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

struct LJParams {
    float box, inv_box, rc2, fm_rc, u_rc, rc;
};

__device__ __forceinline__ float warp_reduce_sum(float v) {
    for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_xor_sync(0xffffffffu, v, off);
    return v;
}

template <bool WITH_ENERGY>
__global__ void lj_forces(const float4* __restrict__ pos, float4* __restrict__ force, float* __restrict__ energy,
                          int n, LJParams p) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    float3 f = make_float3(0.f, 0.f, 0.f);
    float u = 0.f;
    if (i < n) {
        const float4 pi = pos[i];
        for (int j = 0; j < n; ++j) {
            if (j == i) continue;
            const float4 pj = pos[j];
            float dx = pi.x - pj.x, dy = pi.y - pj.y, dz = pi.z - pj.z;
            dx -= p.box * rintf(dx * p.inv_box);
            dy -= p.box * rintf(dy * p.inv_box);
            dz -= p.box * rintf(dz * p.inv_box);
            const float r2 = dx * dx + dy * dy + dz * dz;
            if (r2 < p.rc2) {
                const float inv_r = rsqrtf(r2);
                const float inv_r2 = inv_r * inv_r;
                const float sr6 = inv_r2 * inv_r2 * inv_r2;
                // -dU/dr minus its value at rc, divided by r to scale the displacement vector.
                const float fm = 24.f * sr6 * (2.f * sr6 - 1.f) * inv_r;
                const float s = (fm - p.fm_rc) * inv_r;
                f.x += s * dx;
                f.y += s * dy;
                f.z += s * dz;
                if (WITH_ENERGY) {
                    const float r = r2 * inv_r;
                    u += 4.f * sr6 * (sr6 - 1.f) - p.u_rc + (r - p.rc) * p.fm_rc;
                }
            }
        }
        force[i] = make_float4(f.x, f.y, f.z, 0.f);
    }
    if (WITH_ENERGY) {
        u = warp_reduce_sum(0.5f * u);  // each pair is seen by both particles
        if ((threadIdx.x % warpSize) == 0) atomicAdd(energy, u);
    }
}

int main(int argc, char** argv) {
    const int cells = argc > 1 ? atoi(argv[1]) : 16;  // particles on a cells^3 lattice
    const int n = cells * cells * cells;
    const double density = 0.8;
    LJParams p;
    p.box = (float)std::cbrt(n / density);
    p.inv_box = 1.0f / p.box;
    p.rc = 2.5f;
    p.rc2 = p.rc * p.rc;
    {
        double rc = p.rc, s6 = std::pow(rc, -6.0);
        p.fm_rc = (float)(24.0 * s6 * (2.0 * s6 - 1.0) / rc);
        p.u_rc = (float)(4.0 * s6 * (s6 - 1.0));
    }

    std::vector<float4> h(n);
    uint32_t seed = 777u;
    auto jitter = [&]() {
        seed = seed * 1664525u + 1013904223u;
        return ((float)(seed >> 8) / 16777216.0f - 0.5f) * 0.2f;
    };
    const float a = p.box / cells;
    for (int z = 0, k = 0; z < cells; ++z)
        for (int y = 0; y < cells; ++y)
            for (int x = 0; x < cells; ++x, ++k)
                h[k] = make_float4((x + 0.5f) * a + jitter(), (y + 0.5f) * a + jitter(), (z + 0.5f) * a + jitter(), 0.f);

    float4 *d_pos, *d_force;
    float* d_energy;
    CUDA_CHECK(cudaMalloc(&d_pos, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&d_force, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&d_energy, sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_pos, h.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_energy, 0, sizeof(float)));

    const int threads = 128, blocks = (n + threads - 1) / threads;
    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    lj_forces<false><<<blocks, threads>>>(d_pos, d_force, d_energy, n, p);  // forces only (warm path)
    lj_forces<true><<<blocks, threads>>>(d_pos, d_force, d_energy, n, p);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
    std::vector<float4> f(n);
    float energy;
    CUDA_CHECK(cudaMemcpy(f.data(), d_force, n * sizeof(float4), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&energy, d_energy, sizeof(float), cudaMemcpyDeviceToHost));

    // CPU reference in double.
    double e_ref = 0, fmax = 0, max_err = 0, fsum_x = 0, fsum_y = 0, fsum_z = 0;
    const double L = p.box, rc = p.rc, fm_rc = p.fm_rc, u_rc = p.u_rc;
    std::vector<double> ref(3 * (size_t)n, 0.0);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            if (i == j) continue;
            double d[3] = {(double)h[i].x - h[j].x, (double)h[i].y - h[j].y, (double)h[i].z - h[j].z};
            for (double& c : d) c -= L * std::nearbyint(c / L);
            double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            if (r2 >= rc * rc) continue;
            double r = std::sqrt(r2), s6 = 1.0 / (r2 * r2 * r2);
            double fm = 24.0 * s6 * (2.0 * s6 - 1.0) / r;
            for (int c = 0; c < 3; ++c) ref[3 * i + c] += (fm - fm_rc) / r * d[c];
            e_ref += 0.5 * (4.0 * s6 * (s6 - 1.0) - u_rc + (r - rc) * fm_rc);
        }
    for (int i = 0; i < n; ++i) {
        fmax = std::max(fmax, std::fabs(ref[3 * i]));
        max_err = std::max({max_err, std::fabs(f[i].x - ref[3 * i]), std::fabs(f[i].y - ref[3 * i + 1]),
                            std::fabs(f[i].z - ref[3 * i + 2])});
        fsum_x += f[i].x; fsum_y += f[i].y; fsum_z += f[i].z;
    }
    const bool ok = max_err < 1e-3 * fmax && std::fabs(energy - e_ref) < 1e-4 * std::fabs(e_ref);
    printf("RESULT potential_energy %.6g\n", energy);
    printf("RESULT force0 %.6g %.6g %.6g\n", f[0].x, f[0].y, f[0].z);
    printf("RESULT force_mid %.6g %.6g %.6g\n", f[n / 2].x, f[n / 2].y, f[n / 2].z);
    printf("RESULT force_last %.6g %.6g %.6g\n", f[n - 1].x, f[n - 1].y, f[n - 1].z);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "energy gpu %.8g ref %.8g; max force err %.3g (max |f| %.3g); net force %.3g %.3g %.3g\n",
            energy, e_ref, max_err, fmax, fsum_x, fsum_y, fsum_z);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_pos);
    cudaFree(d_force);
    cudaFree(d_energy);
    return ok ? 0 : 1;
}
