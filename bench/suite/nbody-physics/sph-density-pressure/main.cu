// Smoothed-particle hydrodynamics: density by summation with the poly6 kernel and pressure from
// the Tait equation of state. Particles are streamed through a shared-memory tile; the SPH
// constants (smoothing length, kernel normalisation, particle mass, EOS) live in constant memory.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                      \
    do {                                                                                      \
        cudaError_t e = (call);                                                               \
        if (e != cudaSuccess) {                                                               \
            fprintf(stderr, "CUDA error in %s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
            exit(EXIT_FAILURE);                                                               \
        }                                                                                     \
    } while (0)

#define TILE 128

struct SphParams {
    float h2;         // smoothing length squared
    float poly6;      // 315 / (64 pi h^9)
    float mass;       // particle mass
    float rho0;       // rest density
    float stiffness;  // Tait B
    float gamma;      // Tait exponent
};
__constant__ SphParams c_sph;

__global__ void sph_density(const float4* __restrict__ pos, float* __restrict__ rho, float* __restrict__ pressure,
                            int n) {
    __shared__ float4 tile[TILE];
    const int i = blockIdx.x * TILE + threadIdx.x;
    const float4 pi = (i < n) ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float sum = 0.f;
    for (int base = 0; base < n; base += TILE) {
        const int j = base + threadIdx.x;
        // Padding particles are placed far away so they never fall inside the kernel support.
        tile[threadIdx.x] = (j < n) ? pos[j] : make_float4(1e30f, 1e30f, 1e30f, 0.f);
        __syncthreads();
        for (int k = 0; k < TILE; ++k) {
            const float dx = pi.x - tile[k].x, dy = pi.y - tile[k].y, dz = pi.z - tile[k].z;
            const float r2 = dx * dx + dy * dy + dz * dz;
            if (r2 < c_sph.h2) {
                const float d = c_sph.h2 - r2;
                sum += d * d * d;
            }
        }
        __syncthreads();
    }
    if (i < n) {
        const float density = c_sph.mass * c_sph.poly6 * sum;
        rho[i] = density;
        pressure[i] = c_sph.stiffness * (powf(density / c_sph.rho0, c_sph.gamma) - 1.f);
    }
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 16384;
    const double h = 0.08;
    SphParams P;
    P.h2 = (float)(h * h);
    P.poly6 = (float)(315.0 / (64.0 * M_PI * std::pow(h, 9.0)));
    P.rho0 = 1000.f;
    P.mass = 0.007f;
    P.stiffness = 50.f;
    P.gamma = 7.f;
    CUDA_CHECK(cudaMemcpyToSymbol(c_sph, &P, sizeof(P)));

    // A dam-break-like block of fluid: jittered lattice in a 0.6 x 0.6 x 0.4 region, denser at the bottom.
    std::vector<float4> hp(n);
    uint32_t s = 4242u;
    auto uni = [&]() {
        s = s * 1664525u + 1013904223u;
        return (float)(s >> 8) / 16777216.0f;
    };
    const int side = (int)std::ceil(std::cbrt((double)n));
    for (int k = 0; k < n; ++k) {
        int ix = k % side, iy = (k / side) % side, iz = k / (side * side);
        float spacing = 0.6f / side;
        float squash = 1.0f - 0.25f * (float)iy / side;
        hp[k] = make_float4((ix + uni() * 0.3f) * spacing, (iy + uni() * 0.3f) * spacing * squash,
                            (iz + uni() * 0.3f) * spacing * 0.67f, 0.f);
    }

    float4* d_pos;
    float *d_rho, *d_p;
    CUDA_CHECK(cudaMalloc(&d_pos, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&d_rho, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_p, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_pos, hp.data(), n * sizeof(float4), cudaMemcpyHostToDevice));

    cudaEvent_t a, b;
    CUDA_CHECK(cudaEventCreate(&a));
    CUDA_CHECK(cudaEventCreate(&b));
    CUDA_CHECK(cudaEventRecord(a));
    sph_density<<<(n + TILE - 1) / TILE, TILE>>>(d_pos, d_rho, d_p, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(b));
    CUDA_CHECK(cudaEventSynchronize(b));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
    std::vector<float> rho(n), pr(n);
    CUDA_CHECK(cudaMemcpy(rho.data(), d_rho, n * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(pr.data(), d_p, n * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0;
    double rho_sum = 0, p_sum = 0, max_rel = 0;
    for (int i = 0; i < n; ++i) {
        double sum = 0;
        for (int j = 0; j < n; ++j) {
            double dx = (double)hp[i].x - hp[j].x, dy = (double)hp[i].y - hp[j].y, dz = (double)hp[i].z - hp[j].z;
            double r2 = dx * dx + dy * dy + dz * dz;
            if (r2 < P.h2) sum += std::pow(P.h2 - r2, 3.0);
        }
        double ref_rho = (double)P.mass * P.poly6 * sum;
        double ref_p = P.stiffness * (std::pow(ref_rho / P.rho0, (double)P.gamma) - 1.0);
        double rel = std::fabs(rho[i] - ref_rho) / ref_rho;
        max_rel = std::max(max_rel, rel);
        // Pressure amplifies relative density error by gamma; compare against the density scale.
        if (rel > 1e-4 || std::fabs(pr[i] - ref_p) > 1e-3 * P.stiffness * P.gamma * std::pow(ref_rho / P.rho0, 6.0) + 1e-3)
            ++bad;
        rho_sum += rho[i];
        p_sum += pr[i];
    }
    auto mm = std::minmax_element(rho.begin(), rho.end());
    printf("RESULT mean_density %.6g\n", rho_sum / n);
    printf("RESULT mean_pressure %.6g\n", p_sum / n);
    printf("RESULT density_min_max %.6g %.6g\n", *mm.first, *mm.second);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", rho[0], rho[n / 2], rho[n - 1], pr[n / 2]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max relative density error %.3g, bad %d\n", max_rel, bad);
    printf("%s\n", bad ? "FAIL" : "PASS");
    cudaFree(d_pos);
    cudaFree(d_rho);
    cudaFree(d_p);
    return bad ? 1 : 0;
}
