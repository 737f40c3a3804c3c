// 1-D wave equation u_tt = c^2 u_xx with the classic leapfrog scheme and fixed ends:
//   u_next = 2u - u_prev + C^2 (u[i-1] - 2u[i] + u[i+1]),  C = c dt / dx (Courant number)
// Three buffers in unified memory rotate every step; the host initialises and reads them directly.
// Double precision: leapfrog is non-dissipative, so float rounding would drift visibly over 1000 steps.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err = (call);                                                         \
        if (err != cudaSuccess) {                                                         \
            fprintf(stderr, "%s:%d CUDA error: %s\n", __FILE__, __LINE__,                 \
                    cudaGetErrorString(err));                                             \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

typedef double real;

__global__ void wave_step(const real* __restrict__ prev, const real* __restrict__ cur,
                          real* __restrict__ next, int n, real courant2) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        if (i == 0 || i == n - 1) {
            next[i] = 0.0;
        } else {
            const real c = cur[i];
            next[i] = 2.0 * c - prev[i] + courant2 * (cur[i - 1] - 2.0 * c + cur[i + 1]);
        }
    }
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : (1 << 17);
    const int steps = argc > 2 ? atoi(argv[2]) : 1000;
    const real courant = 0.7;
    const real C2 = courant * courant;

    real *u_prev, *u_cur, *u_next;
    CUDA_CHECK(cudaMallocManaged(&u_prev, n * sizeof(real)));
    CUDA_CHECK(cudaMallocManaged(&u_cur, n * sizeof(real)));
    CUDA_CHECK(cudaMallocManaged(&u_next, n * sizeof(real)));

    // Two Gaussian pulses at rest (u_prev == u_cur): each splits into left/right travelling waves.
    for (int i = 0; i < n; ++i) {
        double x = (double)i / (n - 1);
        double g1 = std::exp(-std::pow((x - 0.3) / 0.01, 2.0));
        double g2 = 0.5 * std::exp(-std::pow((x - 0.65) / 0.02, 2.0));
        u_cur[i] = (i == 0 || i == n - 1) ? 0.0 : g1 + g2;
        u_prev[i] = u_cur[i];
        u_next[i] = 0.0;
    }
    std::vector<double> p(u_prev, u_prev + n), c(u_cur, u_cur + n), q(n, 0.0);

    const int threads = 256;
    const int blocks = std::min((n + threads - 1) / threads, 1024);
    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    for (int s = 0; s < steps; ++s) {
        wave_step<<<blocks, threads>>>(u_prev, u_cur, u_next, n, C2);
        real* tmp = u_prev;  // rotate: prev <- cur <- next <- old prev
        u_prev = u_cur;
        u_cur = u_next;
        u_next = tmp;
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    CUDA_CHECK(cudaDeviceSynchronize());
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    for (int s = 0; s < steps; ++s) {
        for (int i = 0; i < n; ++i)
            q[i] = (i == 0 || i == n - 1) ? 0.0 : 2.0 * c[i] - p[i] + C2 * (c[i - 1] - 2.0 * c[i] + c[i + 1]);
        p.swap(c);
        c.swap(q);
    }

    double max_err = 0, l2 = 0;
    int argmax = 0;
    for (int i = 0; i < n; ++i) {
        max_err = std::max(max_err, std::fabs(u_cur[i] - c[i]));
        l2 += u_cur[i] * u_cur[i];
        if (u_cur[i] > u_cur[argmax]) argmax = i;
    }
    const bool ok = max_err < 1e-9;
    printf("RESULT l2 %.9g\n", std::sqrt(l2));
    printf("RESULT peak %d %.6g\n", argmax, u_cur[argmax]);
    printf("RESULT samples %.9g %.9g %.9g %.9g\n", u_cur[n / 4], u_cur[(int)(0.3 * n)], u_cur[n / 2], u_cur[n - 2]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g\n", max_err);
    printf("%s\n", ok ? "PASS" : "FAIL");
    CUDA_CHECK(cudaFree(u_prev));
    CUDA_CHECK(cudaFree(u_cur));
    CUDA_CHECK(cudaFree(u_next));
    return ok ? 0 : 1;
}
