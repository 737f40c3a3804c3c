// All-pairs gravitational N-body: each block streams the bodies through a shared-memory tile
// (dynamic shared memory, one float4 per thread: xyz + mass), accelerations use rsqrtf with
// Plummer softening, and a kick-drift kernel advances the system (symplectic Euler).
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                     \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            fprintf(stderr, "CUDA error %s (%d) at %s:%d\n", cudaGetErrorString(e_), (int)e_, \
                    __FILE__, __LINE__);                                                     \
            exit(EXIT_FAILURE);                                                              \
        }                                                                                    \
    } while (0)

#define BLOCK 256
#define SOFTENING2 1e-3f

__device__ __forceinline__ float3 body_interaction(float4 bi, float4 bj, float3 ai) {
    float3 r = make_float3(bj.x - bi.x, bj.y - bi.y, bj.z - bi.z);
    float dist2 = r.x * r.x + r.y * r.y + r.z * r.z + SOFTENING2;
    float inv = rsqrtf(dist2);
    float s = bj.w * inv * inv * inv;  // m_j / |r|^3
    ai.x = fmaf(r.x, s, ai.x);
    ai.y = fmaf(r.y, s, ai.y);
    ai.z = fmaf(r.z, s, ai.z);
    return ai;
}

__global__ void __launch_bounds__(BLOCK)
compute_accel(const float4* __restrict__ pos, float4* __restrict__ acc, int n) {
    extern __shared__ float4 tile[];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float4 me = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float3 a = make_float3(0.f, 0.f, 0.f);
    for (int base = 0; base < n; base += blockDim.x) {
        const int j = base + threadIdx.x;
        tile[threadIdx.x] = (j < n) ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);  // zero mass pads
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < blockDim.x; ++k) a = body_interaction(me, tile[k], a);
        __syncthreads();
    }
    if (i < n) acc[i] = make_float4(a.x, a.y, a.z, 0.f);
}

__global__ void kick_drift(float4* __restrict__ pos, float4* __restrict__ vel, const float4* __restrict__ acc,
                           int n, float dt) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float4 p = pos[i], v = vel[i], a = acc[i];
        v.x += a.x * dt; v.y += a.y * dt; v.z += a.z * dt;
        p.x += v.x * dt; p.y += v.y * dt; p.z += v.z * dt;
        pos[i] = p;
        vel[i] = v;
    }
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 8192;
    const int steps = argc > 2 ? atoi(argv[2]) : 4;
    const float dt = 1e-3f;

    std::vector<float4> hp(n), hv(n);
    uint64_t st = 0x9E3779B97F4A7C15ull;
    auto rnd = [&]() {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        return (float)((st >> 40) & 0xffffff) / 16777216.0f * 2.0f - 1.0f;
    };
    for (int i = 0; i < n; ++i) {
        float x, y, z;
        do { x = rnd(); y = rnd(); z = rnd(); } while (x * x + y * y + z * z > 1.0f);  // uniform ball
        hp[i] = make_float4(x, y, z, 1.0f / n);
        hv[i] = make_float4(-y * 0.3f, x * 0.3f, 0.f, 0.f);  // slow rotation
    }

    float4 *d_pos, *d_vel, *d_acc;
    CUDA_CHECK(cudaMalloc(&d_pos, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&d_vel, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&d_acc, n * sizeof(float4)));
    CUDA_CHECK(cudaMemcpy(d_pos, hp.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_vel, hv.data(), n * sizeof(float4), cudaMemcpyHostToDevice));

    const int blocks = (n + BLOCK - 1) / BLOCK;
    const size_t shmem = BLOCK * sizeof(float4);
    cudaEvent_t e0, e1;
    CUDA_CHECK(cudaEventCreate(&e0));
    CUDA_CHECK(cudaEventCreate(&e1));
    CUDA_CHECK(cudaEventRecord(e0));
    for (int s = 0; s < steps; ++s) {
        compute_accel<<<blocks, BLOCK, shmem>>>(d_pos, d_acc, n);
        kick_drift<<<blocks, BLOCK>>>(d_pos, d_vel, d_acc, n, dt);
    }
    compute_accel<<<blocks, BLOCK, shmem>>>(d_pos, d_acc, n);  // accelerations at the final positions
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(e1));
    CUDA_CHECK(cudaEventSynchronize(e1));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    std::vector<float4> rp(n), rv(n), ra(n);
    CUDA_CHECK(cudaMemcpy(rp.data(), d_pos, n * sizeof(float4), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(rv.data(), d_vel, n * sizeof(float4), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(ra.data(), d_acc, n * sizeof(float4), cudaMemcpyDeviceToHost));

    // CPU reference in double.
    std::vector<double> px(n), py(n), pz(n), vx(n), vy(n), vz(n), ax(n), ay(n), az(n), scale(n);
    for (int i = 0; i < n; ++i) {
        px[i] = hp[i].x; py[i] = hp[i].y; pz[i] = hp[i].z;
        vx[i] = hv[i].x; vy[i] = hv[i].y; vz[i] = hv[i].z;
    }
    const double m = 1.0f / n;
    auto accel = [&]() {
        for (int i = 0; i < n; ++i) {
            double a0 = 0, a1 = 0, a2 = 0, sc = 0;
            for (int j = 0; j < n; ++j) {
                double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
                double d2 = dx * dx + dy * dy + dz * dz + (double)SOFTENING2;
                double s = m / (d2 * std::sqrt(d2));
                a0 += dx * s; a1 += dy * s; a2 += dz * s;
                sc += std::sqrt(d2 - (double)SOFTENING2) * s;
            }
            ax[i] = a0; ay[i] = a1; az[i] = a2; scale[i] = sc;
        }
    };
    for (int s = 0; s < steps; ++s) {
        accel();
        for (int i = 0; i < n; ++i) {
            vx[i] += ax[i] * dt; vy[i] += ay[i] * dt; vz[i] += az[i] * dt;
            px[i] += vx[i] * dt; py[i] += vy[i] * dt; pz[i] += vz[i] * dt;
        }
    }
    accel();

    // Acceleration error judged against the sum of |term| (the net force can cancel to ~0).
    int bad = 0;
    double max_rel = 0, ke = 0, asum = 0;
    for (int i = 0; i < n; ++i) {
        double e = std::fabs(ra[i].x - ax[i]) + std::fabs(ra[i].y - ay[i]) + std::fabs(ra[i].z - az[i]);
        max_rel = std::max(max_rel, e / scale[i]);
        if (e > 1e-4 * scale[i]) ++bad;
        double ep = std::fabs(rp[i].x - px[i]) + std::fabs(rp[i].y - py[i]) + std::fabs(rp[i].z - pz[i]);
        if (ep > 1e-5) ++bad;
        ke += 0.5 * m * ((double)rv[i].x * rv[i].x + (double)rv[i].y * rv[i].y + (double)rv[i].z * rv[i].z);
        asum += std::sqrt((double)ra[i].x * ra[i].x + (double)ra[i].y * ra[i].y + (double)ra[i].z * ra[i].z);
    }
    printf("RESULT kinetic_energy %.6g\n", ke);
    printf("RESULT accel_magnitude_sum %.6g\n", asum);
    printf("RESULT pos0 %.6g %.6g %.6g\n", rp[0].x, rp[0].y, rp[0].z);
    printf("RESULT pos_mid %.6g %.6g %.6g\n", rp[n / 2].x, rp[n / 2].y, rp[n / 2].z);
    printf("RESULT pos_last %.6g %.6g %.6g\n", rp[n - 1].x, rp[n - 1].y, rp[n - 1].z);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max relative accel error %.3g, bad %d\n", max_rel, bad);
    printf("%s\n", bad ? "FAIL" : "PASS");
    cudaFree(d_pos);
    cudaFree(d_vel);
    cudaFree(d_acc);
    return bad ? 1 : 0;
}
