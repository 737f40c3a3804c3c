// Conjugate gradient for the 2-D Poisson equation -lap(u) = f (5-point stencil, zero boundary).
// Runs a fixed number of CG iterations on the GPU and the same iterations in double on the CPU,
// then compares the residual history and the iterate.
#include <cmath>
#include <cstdint>
#include <vector>
#include <algorithm>
#include "cg.cuh"

static void cpu_apply(const std::vector<double>& x, std::vector<double>& y, int nx, int ny) {
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            int k = j * nx + i;
            double s = 0;
            if (i > 0) s += x[k - 1];
            if (i < nx - 1) s += x[k + 1];
            if (j > 0) s += x[k - nx];
            if (j < ny - 1) s += x[k + nx];
            y[k] = 4.0 * x[k] - s;
        }
}

static double cpu_dot(const std::vector<double>& a, const std::vector<double>& b) {
    double s = 0;
    for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
    return s;
}

int main(int argc, char** argv) {
    Grid2D g{argc > 1 ? atoi(argv[1]) : 384, argc > 2 ? atoi(argv[2]) : 256};
    const int iters = argc > 3 ? atoi(argv[3]) : 12;
    const int n = g.size();

    std::vector<float> hb(n);
    uint32_t s = 2718u;
    for (int k = 0; k < n; ++k) {
        s = s * 1664525u + 1013904223u;
        hb[k] = (float)(s >> 8) / 16777216.0f - 0.3f;
    }

    float *d_b, *d_x, *d_r, *d_p, *d_ap, *d_partial, *d_result;
    CUDA_CHECK(cudaMalloc(&d_b, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_r, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_p, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_ap, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_partial, DOT_BLOCKS * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_result, sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_b, hb.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_x, 0, n * sizeof(float)));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    std::vector<float> gpu_rr;
    poisson_residual(g, d_b, d_x, d_r);
    CUDA_CHECK(cudaMemcpy(d_p, d_r, n * sizeof(float), cudaMemcpyDeviceToDevice));
    float rr = device_dot(d_r, d_r, n, d_partial, d_result);
    gpu_rr.push_back(rr);
    for (int it = 0; it < iters; ++it) {
        apply_poisson(g, d_p, d_ap);
        const float pap = device_dot(d_p, d_ap, n, d_partial, d_result);
        const float alpha = rr / pap;
        axpy(alpha, d_p, d_x, n);
        axpy(-alpha, d_ap, d_r, n);
        const float rr_new = device_dot(d_r, d_r, n, d_partial, d_result);
        xpay(d_r, rr_new / rr, d_p, n);
        rr = rr_new;
        gpu_rr.push_back(rr);
    }
    // True residual of the final iterate, recomputed from scratch.
    poisson_residual(g, d_b, d_x, d_r);
    const float true_rr = device_dot(d_r, d_r, n, d_partial, d_result);
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
    std::vector<float> hx(n);
    CUDA_CHECK(cudaMemcpy(hx.data(), d_x, n * sizeof(float), cudaMemcpyDeviceToHost));

    // CPU reference CG in double.
    std::vector<double> x(n, 0.0), r(hb.begin(), hb.end()), p(r), ap(n);
    std::vector<double> cpu_rr{cpu_dot(r, r)};
    for (int it = 0; it < iters; ++it) {
        cpu_apply(p, ap, g.nx, g.ny);
        double alpha = cpu_rr.back() / cpu_dot(p, ap);
        for (int k = 0; k < n; ++k) {
            x[k] += alpha * p[k];
            r[k] -= alpha * ap[k];
        }
        double rn = cpu_dot(r, r), beta = rn / cpu_rr.back();
        for (int k = 0; k < n; ++k) p[k] = r[k] + beta * p[k];
        cpu_rr.push_back(rn);
    }
    bool ok = true;
    for (int it = 0; it <= iters; ++it)
        if (std::fabs(gpu_rr[it] - cpu_rr[it]) > 1e-3 * cpu_rr[it]) ok = false;
    double xmax = 0, max_err = 0, xsum = 0;
    for (int k = 0; k < n; ++k) xmax = std::max(xmax, std::fabs(x[k]));
    for (int k = 0; k < n; ++k) {
        max_err = std::max(max_err, std::fabs(hx[k] - x[k]));
        xsum += hx[k];
    }
    if (max_err > 1e-3 * xmax) ok = false;

    printf("RESULT rr_first_last %.6g %.6g\n", gpu_rr.front(), gpu_rr.back());
    printf("RESULT true_rr %.6g\n", true_rr);
    printf("RESULT x_sum %.6g\n", xsum);
    printf("RESULT x_samples %.6g %.6g %.6g %.6g\n", hx[0], hx[n / 2 + g.nx / 2], hx[n / 3], hx[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "rr gpu %.6g cpu %.6g, x max err %.3g (max |x| %.3g)\n", gpu_rr.back(), cpu_rr.back(), max_err, xmax);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_b);
    cudaFree(d_x);
    cudaFree(d_r);
    cudaFree(d_p);
    cudaFree(d_ap);
    cudaFree(d_partial);
    cudaFree(d_result);
    return ok ? 0 : 1;
}
