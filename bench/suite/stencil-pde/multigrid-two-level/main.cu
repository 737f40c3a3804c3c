// Two-grid cycles for the Poisson problem -lap(u) = f on the unit square (zero boundary):
// weighted-Jacobi smoothing, residual, full-weighting restriction to the coarse grid,
// approximate coarse solve (many Jacobi sweeps), bilinear prolongation of the correction,
// post-smoothing. Vertex-centred grids: fine n = 2^k + 1 points per side, coarse (n + 1) / 2.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <utility>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t e = (call);                                                            \
        if (e != cudaSuccess) {                                                            \
            fprintf(stderr, "CUDA error %s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#define BS 16
static dim3 grid_for(int n) { return dim3((n + BS - 1) / BS, (n + BS - 1) / BS); }

__device__ __forceinline__ bool interior(int i, int j, int n) { return i > 0 && j > 0 && i < n - 1 && j < n - 1; }

__global__ void jacobi_smooth(const float* __restrict__ u, float* __restrict__ un, const float* __restrict__ f,
                              int n, float h2, float w) {
    int i = blockIdx.x * BS + threadIdx.x, j = blockIdx.y * BS + threadIdx.y;
    if (i >= n || j >= n) return;
    int k = j * n + i;
    if (!interior(i, j, n)) { un[k] = 0.f; return; }
    float nb = u[k - 1] + u[k + 1] + u[k - n] + u[k + n];
    un[k] = u[k] + w * 0.25f * (h2 * f[k] + nb - 4.f * u[k]);
}

__global__ void residual(const float* __restrict__ u, const float* __restrict__ f, float* __restrict__ r,
                         int n, float inv_h2) {
    int i = blockIdx.x * BS + threadIdx.x, j = blockIdx.y * BS + threadIdx.y;
    if (i >= n || j >= n) return;
    int k = j * n + i;
    r[k] = interior(i, j, n) ? f[k] - inv_h2 * (4.f * u[k] - u[k - 1] - u[k + 1] - u[k - n] - u[k + n]) : 0.f;
}

// Full weighting: the 3x3 stencil [1 2 1; 2 4 2; 1 2 1] / 16 centred on fine point (2I, 2J).
__global__ void restrict_full_weighting(const float* __restrict__ rf, float* __restrict__ rc, int nf, int nc) {
    int I = blockIdx.x * BS + threadIdx.x, J = blockIdx.y * BS + threadIdx.y;
    if (I >= nc || J >= nc) return;
    if (!interior(I, J, nc)) { rc[J * nc + I] = 0.f; return; }
    int k = (2 * J) * nf + 2 * I;
    float c = rf[k];
    float edges = rf[k - 1] + rf[k + 1] + rf[k - nf] + rf[k + nf];
    float corners = rf[k - nf - 1] + rf[k - nf + 1] + rf[k + nf - 1] + rf[k + nf + 1];
    rc[J * nc + I] = (4.f * c + 2.f * edges + corners) * (1.f / 16.f);
}

// Bilinear prolongation of the coarse correction, added to the fine solution.
__global__ void prolong_add(const float* __restrict__ ec, float* __restrict__ uf, int nf, int nc) {
    int i = blockIdx.x * BS + threadIdx.x, j = blockIdx.y * BS + threadIdx.y;
    if (i >= nf || j >= nf || !interior(i, j, nf)) return;
    int I = i >> 1, J = j >> 1;
    float e;
    if (!(i & 1) && !(j & 1)) e = ec[J * nc + I];
    else if (i & 1 && !(j & 1)) e = 0.5f * (ec[J * nc + I] + ec[J * nc + I + 1]);
    else if (!(i & 1) && (j & 1)) e = 0.5f * (ec[J * nc + I] + ec[(J + 1) * nc + I]);
    else e = 0.25f * (ec[J * nc + I] + ec[J * nc + I + 1] + ec[(J + 1) * nc + I] + ec[(J + 1) * nc + I + 1]);
    uf[j * nf + i] += e;
}

// ---------------- CPU reference (double) ----------------
using Vec = std::vector<double>;
static void cpu_jacobi(Vec& u, Vec& tmp, const Vec& f, int n, double h2, double w, int sweeps) {
    for (int s = 0; s < sweeps; ++s) {
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                int k = j * n + i;
                if (!(i > 0 && j > 0 && i < n - 1 && j < n - 1)) { tmp[k] = 0; continue; }
                tmp[k] = u[k] + w * 0.25 * (h2 * f[k] + u[k - 1] + u[k + 1] + u[k - n] + u[k + n] - 4 * u[k]);
            }
        u.swap(tmp);
    }
}
static void cpu_residual(const Vec& u, const Vec& f, Vec& r, int n, double inv_h2) {
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            int k = j * n + i;
            r[k] = (i > 0 && j > 0 && i < n - 1 && j < n - 1)
                       ? f[k] - inv_h2 * (4 * u[k] - u[k - 1] - u[k + 1] - u[k - n] - u[k + n]) : 0.0;
        }
}

int main(int argc, char** argv) {
    const int levels_k = argc > 1 ? atoi(argv[1]) : 9;  // fine grid 2^9 + 1 = 513
    const int cycles = argc > 2 ? atoi(argv[2]) : 4;
    const int nu = 3, coarse_sweeps = 60;
    const float w = 0.8f;
    const int nf = (1 << levels_k) + 1, nc = (nf + 1) / 2;
    const float hf = 1.0f / (nf - 1), hc = 2.0f * hf;
    const size_t Nf = (size_t)nf * nf, Nc = (size_t)nc * nc;

    std::vector<float> f(Nf);
    for (int j = 0; j < nf; ++j)
        for (int i = 0; i < nf; ++i) {
            double x = i * (double)hf, y = j * (double)hf;
            f[(size_t)j * nf + i] = (float)(8.0 * M_PI * M_PI * std::sin(2 * M_PI * x) * std::sin(2 * M_PI * y) +
                                            20.0 * std::exp(-80.0 * ((x - 0.3) * (x - 0.3) + (y - 0.6) * (y - 0.6))));
        }

    float *d_f, *d_u, *d_t, *d_r, *d_rc, *d_ec, *d_tc;
    CUDA_CHECK(cudaMalloc(&d_f, Nf * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_u, Nf * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_t, Nf * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_r, Nf * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_rc, Nc * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_ec, Nc * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_tc, Nc * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_f, f.data(), Nf * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_u, 0, Nf * sizeof(float)));

    const dim3 blk(BS, BS), gf = grid_for(nf), gc = grid_for(nc);
    cudaEvent_t a, b;
    CUDA_CHECK(cudaEventCreate(&a));
    CUDA_CHECK(cudaEventCreate(&b));
    CUDA_CHECK(cudaEventRecord(a));
    for (int c = 0; c < cycles; ++c) {
        for (int s = 0; s < nu; ++s) {
            jacobi_smooth<<<gf, blk>>>(d_u, d_t, d_f, nf, hf * hf, w);
            std::swap(d_u, d_t);
        }
        residual<<<gf, blk>>>(d_u, d_f, d_r, nf, 1.f / (hf * hf));
        restrict_full_weighting<<<gc, blk>>>(d_r, d_rc, nf, nc);
        CUDA_CHECK(cudaMemsetAsync(d_ec, 0, Nc * sizeof(float)));
        for (int s = 0; s < coarse_sweeps; ++s) {
            jacobi_smooth<<<gc, blk>>>(d_ec, d_tc, d_rc, nc, hc * hc, w);
            std::swap(d_ec, d_tc);
        }
        prolong_add<<<gf, blk>>>(d_ec, d_u, nf, nc);
        for (int s = 0; s < nu; ++s) {
            jacobi_smooth<<<gf, blk>>>(d_u, d_t, d_f, nf, hf * hf, w);
            std::swap(d_u, d_t);
        }
    }
    residual<<<gf, blk>>>(d_u, d_f, d_r, nf, 1.f / (hf * hf));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(b));
    CUDA_CHECK(cudaEventSynchronize(b));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
    std::vector<float> u(Nf), r(Nf);
    CUDA_CHECK(cudaMemcpy(u.data(), d_u, Nf * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(r.data(), d_r, Nf * sizeof(float), cudaMemcpyDeviceToHost));

    // CPU reference of the same cycles.
    Vec cu(Nf, 0.0), ct(Nf), cr(Nf), crc(Nc), cec(Nc), ctc(Nc), cf(f.begin(), f.end());
    const double h2f = (double)hf * hf, h2c = (double)hc * hc;
    for (int c = 0; c < cycles; ++c) {
        cpu_jacobi(cu, ct, cf, nf, h2f, w, nu);
        cpu_residual(cu, cf, cr, nf, 1.0 / h2f);
        for (int J = 0; J < nc; ++J)
            for (int I = 0; I < nc; ++I) {
                if (!(I > 0 && J > 0 && I < nc - 1 && J < nc - 1)) { crc[J * nc + I] = 0; continue; }
                size_t k = (size_t)(2 * J) * nf + 2 * I;
                crc[J * nc + I] = (4 * cr[k] + 2 * (cr[k - 1] + cr[k + 1] + cr[k - nf] + cr[k + nf]) +
                                   cr[k - nf - 1] + cr[k - nf + 1] + cr[k + nf - 1] + cr[k + nf + 1]) / 16.0;
            }
        std::fill(cec.begin(), cec.end(), 0.0);
        cpu_jacobi(cec, ctc, crc, nc, h2c, w, coarse_sweeps);
        for (int j = 1; j < nf - 1; ++j)
            for (int i = 1; i < nf - 1; ++i) {
                int I = i / 2, J = j / 2, I1 = I + (i & 1), J1 = J + (j & 1);
                cu[(size_t)j * nf + i] += 0.25 * (cec[J * nc + I] + cec[J * nc + I1] + cec[J1 * nc + I] + cec[J1 * nc + I1]);
            }
        cpu_jacobi(cu, ct, cf, nf, h2f, w, nu);
    }
    double umax = 0, max_err = 0, usum = 0, rnorm = 0;
    for (size_t k = 0; k < Nf; ++k) {
        umax = std::max(umax, std::fabs(cu[k]));
        max_err = std::max(max_err, std::fabs(u[k] - cu[k]));
        usum += u[k];
        rnorm += (double)r[k] * r[k];
    }
    const bool ok = max_err < 1e-4 * umax + 1e-6;
    printf("RESULT u_sum %.9g\n", usum * hf * hf);
    fprintf(stderr, "residual norm %.6g\n", std::sqrt(rnorm) * hf);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", u[(size_t)(nf / 4) * nf + nf / 4], u[(size_t)(nf / 2) * nf + nf / 2],
           u[(size_t)(3 * nf / 4) * nf + nf / 4], u[(size_t)(nf * 6 / 10) * nf + nf * 3 / 10]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g (max |u| %.3g)\n", max_err, umax);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_f); cudaFree(d_u); cudaFree(d_t); cudaFree(d_r);
    cudaFree(d_rc); cudaFree(d_ec); cudaFree(d_tc);
    return ok ? 0 : 1;
}
