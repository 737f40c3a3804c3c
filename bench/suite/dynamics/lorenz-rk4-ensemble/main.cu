// Ensemble integration of the Lorenz system, one thread per trajectory, classic RK4.
// The trajectories sweep rho over [20, 32] with slightly perturbed initial conditions. The
// integrator is templated on the real type; this program runs the double-precision instance
// (the flow is chaotic, so single precision would drift apart from the reference quickly).
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                     \
    do {                                                                                     \
        cudaError_t err = (call);                                                            \
        if (err != cudaSuccess) {                                                            \
            fprintf(stderr, "CUDA error %s:%d '%s'\n", __FILE__, __LINE__, cudaGetErrorString(err)); \
            exit(EXIT_FAILURE);                                                              \
        }                                                                                    \
    } while (0)

template <typename Real>
struct State {
    Real x, y, z;
};

template <typename Real>
__host__ __device__ inline State<Real> lorenz_rhs(const State<Real>& s, Real sigma, Real rho, Real beta) {
    return {sigma * (s.y - s.x), s.x * (rho - s.z) - s.y, s.x * s.y - beta * s.z};
}

template <typename Real>
__host__ __device__ inline State<Real> axpy(const State<Real>& s, Real h, const State<Real>& k) {
    return {s.x + h * k.x, s.y + h * k.y, s.z + h * k.z};
}

template <typename Real>
__host__ __device__ inline void rk4_step(State<Real>& s, Real dt, Real sigma, Real rho, Real beta) {
    const Real half = dt / 2;
    State<Real> k1 = lorenz_rhs(s, sigma, rho, beta);
    State<Real> k2 = lorenz_rhs(axpy(s, half, k1), sigma, rho, beta);
    State<Real> k3 = lorenz_rhs(axpy(s, half, k2), sigma, rho, beta);
    State<Real> k4 = lorenz_rhs(axpy(s, dt, k3), sigma, rho, beta);
    const Real w = dt / 6;
    s.x += w * (k1.x + 2 * k2.x + 2 * k3.x + k4.x);
    s.y += w * (k1.y + 2 * k2.y + 2 * k3.y + k4.y);
    s.z += w * (k1.z + 2 * k2.z + 2 * k3.z + k4.z);
}

template <typename Real>
__host__ __device__ inline Real rho_of(int i, int n) { return Real(20) + Real(12) * Real(i) / Real(n - 1); }

template <typename Real>
__host__ __device__ inline State<Real> initial_state(int i) {
    return {Real(1) + Real(1e-3) * Real(i % 97), Real(1), Real(20) + Real(1e-3) * Real(i % 89)};
}

template <typename Real>
__global__ void __launch_bounds__(128)
integrate_ensemble(State<Real>* __restrict__ final_state, Real* __restrict__ max_z, int n, int steps, Real dt) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const Real sigma = Real(10), beta = Real(8) / Real(3), rho = rho_of<Real>(i, n);
    State<Real> s = initial_state<Real>(i);
    Real zmax = s.z;
    for (int t = 0; t < steps; ++t) {
        rk4_step(s, dt, sigma, rho, beta);
        zmax = s.z > zmax ? s.z : zmax;
    }
    final_state[i] = s;
    max_z[i] = zmax;
}

int main(int argc, char** argv) {
    using Real = double;
    const int n = argc > 1 ? atoi(argv[1]) : 65536;
    const int steps = argc > 2 ? atoi(argv[2]) : 2000;
    const Real dt = 5e-4;

    State<Real>* d_state;
    Real* d_zmax;
    CUDA_CHECK(cudaMalloc(&d_state, n * sizeof(State<Real>)));
    CUDA_CHECK(cudaMalloc(&d_zmax, n * sizeof(Real)));

    cudaEvent_t a, b;
    CUDA_CHECK(cudaEventCreate(&a));
    CUDA_CHECK(cudaEventCreate(&b));
    CUDA_CHECK(cudaEventRecord(a));
    integrate_ensemble<Real><<<(n + 127) / 128, 128>>>(d_state, d_zmax, n, steps, dt);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(b));
    CUDA_CHECK(cudaEventSynchronize(b));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));

    std::vector<State<Real>> fs(n);
    std::vector<Real> zmax(n);
    CUDA_CHECK(cudaMemcpy(fs.data(), d_state, n * sizeof(State<Real>), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(zmax.data(), d_zmax, n * sizeof(Real), cudaMemcpyDeviceToHost));

    // CPU reference on every 64th trajectory (plus the last), same integrator.
    int bad = 0, checked = 0;
    double max_err = 0;
    for (int i = 0; i < n; i = (i + 64 < n || i == n - 1) ? i + 64 : n - 1) {
        State<Real> s = initial_state<Real>(i);
        Real zm = s.z;
        for (int t = 0; t < steps; ++t) {
            rk4_step(s, dt, Real(10), rho_of<Real>(i, n), Real(8) / Real(3));
            zm = std::max(zm, s.z);
        }
        double e = std::max({std::fabs(s.x - fs[i].x), std::fabs(s.y - fs[i].y), std::fabs(s.z - fs[i].z),
                             std::fabs(zm - zmax[i])});
        max_err = std::max(max_err, e);
        if (e > 1e-6 * (1.0 + std::fabs(s.z))) ++bad;
        ++checked;
        if (i == n - 1) break;
    }
    double mx = 0, mz = 0, zpk = 0;
    for (int i = 0; i < n; ++i) {
        mx += fs[i].x;
        mz += fs[i].z;
        zpk = std::max(zpk, zmax[i]);
    }
    printf("RESULT mean_x_z %.9g %.9g\n", mx / n, mz / n);
    printf("RESULT max_z %.9g\n", zpk);
    printf("RESULT traj0 %.9g %.9g %.9g\n", fs[0].x, fs[0].y, fs[0].z);
    printf("RESULT traj_mid %.9g %.9g %.9g\n", fs[n / 2].x, fs[n / 2].y, fs[n / 2].z);
    printf("RESULT traj_last %.9g %.9g %.9g\n", fs[n - 1].x, fs[n - 1].y, fs[n - 1].z);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "checked %d trajectories, max abs error %.3g\n", checked, max_err);
    printf("%s\n", bad ? "FAIL" : "PASS");
    cudaFree(d_state);
    cudaFree(d_zmax);
    return bad ? 1 : 0;
}
