// Ensemble of double pendulums (equal masses and lengths) integrated with RK4, one thread per
// pendulum; initial angles cover a grid of moderate amplitudes. Initial conditions and results
// live in unified memory (cudaMallocManaged), so the host fills and reads them directly.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                      \
    do {                                                                                      \
        cudaError_t err__ = (call);                                                           \
        if (err__ != cudaSuccess) {                                                           \
            fprintf(stderr, "%s:%d: CUDA error %s\n", __FILE__, __LINE__, cudaGetErrorString(err__)); \
            std::exit(1);                                                                     \
        }                                                                                     \
    } while (0)

struct Pendulum {
    float th1, th2, w1, w2;  // angles (rad) and angular velocities (rad/s)
};

// Equations of motion for m1 = m2 = 1, l1 = l2 = 1.
template <typename T>
__host__ __device__ inline void deriv(const T s[4], T g, T out[4]) {
    const T d = s[0] - s[1];
    const T sd = sin(d), cd = cos(d);
    const T den = T(3) - cos(T(2) * d);
    out[0] = s[2];
    out[1] = s[3];
    out[2] = (-g * T(3) * sin(s[0]) - g * sin(s[0] - T(2) * s[1]) - T(2) * sd * (s[3] * s[3] + s[2] * s[2] * cd)) / den;
    out[3] = (T(2) * sd * (T(2) * s[2] * s[2] + T(2) * g * cos(s[0]) + s[3] * s[3] * cd)) / den;
}

template <typename T>
__host__ __device__ inline void rk4(T s[4], T dt, T g) {
    T k1[4], k2[4], k3[4], k4[4], tmp[4];
    deriv(s, g, k1);
    for (int i = 0; i < 4; ++i) tmp[i] = s[i] + T(0.5) * dt * k1[i];
    deriv(tmp, g, k2);
    for (int i = 0; i < 4; ++i) tmp[i] = s[i] + T(0.5) * dt * k2[i];
    deriv(tmp, g, k3);
    for (int i = 0; i < 4; ++i) tmp[i] = s[i] + dt * k3[i];
    deriv(tmp, g, k4);
    for (int i = 0; i < 4; ++i) s[i] += dt / T(6) * (k1[i] + T(2) * k2[i] + T(2) * k3[i] + k4[i]);
}

__global__ void simulate(Pendulum* __restrict__ p, float* __restrict__ energy, int n, int steps, float dt, float g) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float s[4] = {p[i].th1, p[i].th2, p[i].w1, p[i].w2};
    for (int t = 0; t < steps; ++t) rk4<float>(s, dt, g);
    p[i] = {s[0], s[1], s[2], s[3]};
    // Total energy (kinetic + potential) for m = l = 1.
    const float ke = s[2] * s[2] + 0.5f * s[3] * s[3] + s[2] * s[3] * cosf(s[0] - s[1]);
    const float pe = -g * (2.f * cosf(s[0]) + cosf(s[1]));
    energy[i] = ke + pe;
}

int main(int argc, char** argv) {
    const int side = argc > 1 ? atoi(argv[1]) : 192;  // side x side grid of initial angles
    const int steps = argc > 2 ? atoi(argv[2]) : 1000;
    const int n = side * side;
    const float dt = 1e-3f, g = 9.81f;

    Pendulum* pend;
    float* energy;
    CUDA_CHECK(cudaMallocManaged(&pend, n * sizeof(Pendulum)));
    CUDA_CHECK(cudaMallocManaged(&energy, n * sizeof(float)));
    for (int a = 0; a < side; ++a)
        for (int b = 0; b < side; ++b) {
            // Angles in [-0.8, 0.8] rad: mostly regular motion, so single precision stays close to the reference.
            pend[a * side + b] = {-0.8f + 1.6f * a / (side - 1), -0.8f + 1.6f * b / (side - 1), 0.f, 0.f};
        }
    Pendulum* init = new Pendulum[n];
    std::copy(pend, pend + n, init);

    cudaEvent_t e0, e1;
    CUDA_CHECK(cudaEventCreate(&e0));
    CUDA_CHECK(cudaEventCreate(&e1));
    CUDA_CHECK(cudaEventRecord(e0));
    simulate<<<(n + 255) / 256, 256>>>(pend, energy, n, steps, dt, g);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(e1));
    CUDA_CHECK(cudaEventSynchronize(e1));
    CUDA_CHECK(cudaDeviceSynchronize());
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));

    // CPU reference in double on every 37th pendulum.
    int bad = 0, checked = 0;
    double max_err = 0;
    for (int i = 0; i < n; i += 37, ++checked) {
        double s[4] = {init[i].th1, init[i].th2, init[i].w1, init[i].w2};
        for (int t = 0; t < steps; ++t) rk4<double>(s, (double)dt, (double)g);
        double e = std::max({std::fabs(s[0] - pend[i].th1), std::fabs(s[1] - pend[i].th2),
                             std::fabs(s[2] - pend[i].w1) / 10, std::fabs(s[3] - pend[i].w2) / 10});
        max_err = std::max(max_err, e);
        if (e > 1e-3) ++bad;
    }
    double esum = 0, th_abs = 0;
    for (int i = 0; i < n; ++i) {
        esum += energy[i];
        th_abs += std::fabs(pend[i].th2);
    }
    const int c = (side / 2) * side + side / 3, last = n - 1;
    printf("RESULT mean_energy %.6g\n", esum / n);
    printf("RESULT mean_abs_theta2 %.6g\n", th_abs / n);
    printf("RESULT pend_c %.6g %.6g %.6g %.6g\n", pend[c].th1, pend[c].th2, pend[c].w1, pend[c].w2);
    printf("RESULT pend_last %.6g %.6g %.6g %.6g\n", pend[last].th1, pend[last].th2, pend[last].w1, pend[last].w2);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "checked %d pendulums, max error %.3g\n", checked, max_err);
    printf("%s\n", bad ? "FAIL" : "PASS");
    delete[] init;
    CUDA_CHECK(cudaFree(pend));
    CUDA_CHECK(cudaFree(energy));
    return bad ? 1 : 0;
}
