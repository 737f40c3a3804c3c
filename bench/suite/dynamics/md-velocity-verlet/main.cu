// Lennard-Jones fluid, velocity Verlet in the NVE ensemble. Runs a short trajectory on the GPU
// and the same trajectory in double on the CPU, and checks positions and energies.
#include <cmath>
#include <cstdint>
#include <vector>
#include <algorithm>
#include "md.cuh"

struct CpuMD {
    const MDParams& p;
    std::vector<double> x, v, f;
    double epot = 0;
    explicit CpuMD(const MDParams& prm) : p(prm), x(3 * prm.n), v(3 * prm.n), f(3 * prm.n) {}
    void forces() {
        std::fill(f.begin(), f.end(), 0.0);
        epot = 0;
        const double L = p.box;
        for (int i = 0; i < p.n; ++i)
            for (int j = 0; j < p.n; ++j) {
                if (i == j) continue;
                double d[3];
                for (int c = 0; c < 3; ++c) {
                    d[c] = x[3 * i + c] - x[3 * j + c];
                    d[c] -= L * std::nearbyint(d[c] / L);
                }
                double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
                if (r2 >= (double)p.rc * p.rc) continue;
                double r = std::sqrt(r2), s6 = 1.0 / (r2 * r2 * r2);
                double fm = 24.0 * s6 * (2.0 * s6 - 1.0) / r;
                for (int c = 0; c < 3; ++c) f[3 * i + c] += (fm - p.fm_rc) / r * d[c];
                epot += 0.5 * (4.0 * s6 * (s6 - 1.0) - p.u_rc + (r - p.rc) * p.fm_rc);
            }
    }
    void step() {
        for (int k = 0; k < 3 * p.n; ++k) {
            v[k] += 0.5 * p.dt * f[k];
            x[k] += p.dt * v[k];
            x[k] -= p.box * std::floor(x[k] / p.box);
        }
        forces();
        for (int k = 0; k < 3 * p.n; ++k) v[k] += 0.5 * p.dt * f[k];
    }
    double ekin() const {
        double e = 0;
        for (double vk : v) e += 0.5 * vk * vk;
        return e;
    }
};

int main(int argc, char** argv) {
    const int cells = argc > 1 ? atoi(argv[1]) : 12;
    const int steps = argc > 2 ? atoi(argv[2]) : 50;
    MDParams p;
    p.n = cells * cells * cells;
    p.box = (float)std::cbrt(p.n / 0.75);
    p.inv_box = 1.0f / p.box;
    p.rc = 2.5f;
    p.rc2 = p.rc * p.rc;
    const double s6 = std::pow((double)p.rc, -6.0);
    p.fm_rc = (float)(24.0 * s6 * (2.0 * s6 - 1.0) / p.rc);
    p.u_rc = (float)(4.0 * s6 * (s6 - 1.0));
    p.dt = 0.002f;
    const int n = p.n;

    // Simple-cubic lattice, random velocities at temperature ~1 with zero total momentum.
    std::vector<float4> hx(n), hv(n);
    uint64_t st = 12345;
    auto uni = [&]() {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        return (double)(st >> 11) / 9007199254740992.0;
    };
    const float a = p.box / cells;
    double mom[3] = {0, 0, 0};
    for (int k = 0; k < n; ++k) {
        int ix = k % cells, iy = (k / cells) % cells, iz = k / (cells * cells);
        hx[k] = make_float4((ix + 0.5f) * a, (iy + 0.5f) * a, (iz + 0.5f) * a, 0.f);
        float vx = (float)(uni() * 2 - 1) * 1.7f, vy = (float)(uni() * 2 - 1) * 1.7f, vz = (float)(uni() * 2 - 1) * 1.7f;
        hv[k] = make_float4(vx, vy, vz, 0.f);
        mom[0] += vx; mom[1] += vy; mom[2] += vz;
    }
    for (int k = 0; k < n; ++k) {
        hv[k].x -= (float)(mom[0] / n);
        hv[k].y -= (float)(mom[1] / n);
        hv[k].z -= (float)(mom[2] / n);
    }

    MDState s;
    CUDA_CHECK(cudaMalloc(&s.pos, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&s.vel, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&s.force, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&s.energies, 2 * sizeof(double)));
    CUDA_CHECK(cudaMemcpy(s.pos, hx.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(s.vel, hv.data(), n * sizeof(float4), cudaMemcpyHostToDevice));

    double e_gpu[2];
    CUDA_CHECK(cudaMemset(s.energies, 0, 2 * sizeof(double)));
    compute_forces(p, s);
    kinetic_energy(p, s);
    CUDA_CHECK(cudaMemcpy(e_gpu, s.energies, sizeof(e_gpu), cudaMemcpyDeviceToHost));
    const double e0_total = e_gpu[0] + e_gpu[1];

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    for (int t = 0; t < steps; ++t) {
        half_kick_drift(p, s);
        CUDA_CHECK(cudaMemsetAsync(s.energies, 0, 2 * sizeof(double)));
        compute_forces(p, s);
        half_kick(p, s);
    }
    kinetic_energy(p, s);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaMemcpy(e_gpu, s.energies, sizeof(e_gpu), cudaMemcpyDeviceToHost));
    std::vector<float4> rx(n);
    CUDA_CHECK(cudaMemcpy(rx.data(), s.pos, n * sizeof(float4), cudaMemcpyDeviceToHost));

    CpuMD cpu(p);
    for (int k = 0; k < n; ++k) {
        cpu.x[3 * k] = hx[k].x; cpu.x[3 * k + 1] = hx[k].y; cpu.x[3 * k + 2] = hx[k].z;
        cpu.v[3 * k] = hv[k].x; cpu.v[3 * k + 1] = hv[k].y; cpu.v[3 * k + 2] = hv[k].z;
    }
    cpu.forces();
    for (int t = 0; t < steps; ++t) cpu.step();
    const double ep_ref = cpu.epot, ek_ref = cpu.ekin();

    double max_dx = 0;
    for (int k = 0; k < n; ++k) {
        const float g[3] = {rx[k].x, rx[k].y, rx[k].z};
        for (int c = 0; c < 3; ++c) {
            double d = std::fabs(g[c] - cpu.x[3 * k + c]);
            d = std::min(d, (double)p.box - d);  // a particle may sit on opposite sides of the wrap
            max_dx = std::max(max_dx, d);
        }
    }
    const double drift = std::fabs(e_gpu[0] + e_gpu[1] - e0_total) / n;
    const bool ok = max_dx < 1e-3 && std::fabs(e_gpu[0] - ep_ref) < 1e-3 * std::fabs(ep_ref) &&
                    std::fabs(e_gpu[1] - ek_ref) < 1e-3 * ek_ref;
    printf("RESULT potential_per_atom %.6g\n", e_gpu[0] / n);
    printf("RESULT kinetic_per_atom %.6g\n", e_gpu[1] / n);
    printf("RESULT pos0 %.6g %.6g %.6g\n", rx[0].x, rx[0].y, rx[0].z);
    printf("RESULT pos_mid %.6g %.6g %.6g\n", rx[n / 2].x, rx[n / 2].y, rx[n / 2].z);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "epot %.8g (ref %.8g) ekin %.8g (ref %.8g) energy drift/atom %.3g max dx %.3g\n", e_gpu[0],
            ep_ref, e_gpu[1], ek_ref, drift, max_dx);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(s.pos); cudaFree(s.vel); cudaFree(s.force); cudaFree(s.energies);
    return ok ? 0 : 1;
}
