// Mass-spring cloth: a W x H sheet of particles joined by structural (distance 1) and shear
// (diagonal) springs, hanging from its two top corners under gravity with velocity damping.
// One thread per particle on a 2-D grid computes the spring forces from the current positions
// and writes new positions/velocities into the other buffer (semi-implicit Euler, ping-pong).
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <utility>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                     \
    do {                                                                                     \
        cudaError_t err_ = (call);                                                           \
        if (err_ != cudaSuccess) {                                                           \
            fprintf(stderr, "%s at %s:%d\n", cudaGetErrorString(err_), __FILE__, __LINE__);  \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

struct ClothParams {
    int w, h;
    float rest;      // structural rest length
    float k_struct;  // spring stiffness
    float k_shear;
    float damping;
    float mass;
    float dt;
    float gravity;
};

__device__ __forceinline__ float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }

__device__ __forceinline__ void add_spring(float3& f, float3 p, float4 q, float rest, float k) {
    float3 d = make_float3(q.x, q.y, q.z) - p;
    float len = sqrtf(d.x * d.x + d.y * d.y + d.z * d.z);
    float s = k * (len - rest) / len;
    f.x += s * d.x;
    f.y += s * d.y;
    f.z += s * d.z;
}

__global__ void cloth_step(const float4* __restrict__ pos, const float4* __restrict__ vel, float4* __restrict__ pos_out,
                           float4* __restrict__ vel_out, ClothParams cp) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= cp.w || y >= cp.h) return;
    const int idx = y * cp.w + x;
    const float4 p4 = pos[idx];
    float4 v = vel[idx];
    if (y == 0 && (x == 0 || x == cp.w - 1)) {  // pinned corners
        pos_out[idx] = p4;
        vel_out[idx] = make_float4(0.f, 0.f, 0.f, 0.f);
        return;
    }
    const float3 p = make_float3(p4.x, p4.y, p4.z);
    float3 f = make_float3(0.f, -cp.gravity * cp.mass, 0.f);
    const float diag = cp.rest * 1.41421356f;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            if (dx == 0 && dy == 0) continue;
            const int nx = x + dx, ny = y + dy;
            if (nx < 0 || ny < 0 || nx >= cp.w || ny >= cp.h) continue;
            const bool shear = dx != 0 && dy != 0;
            add_spring(f, p, pos[ny * cp.w + nx], shear ? diag : cp.rest, shear ? cp.k_shear : cp.k_struct);
        }
    f.x -= cp.damping * v.x;
    f.y -= cp.damping * v.y;
    f.z -= cp.damping * v.z;
    const float inv_m = 1.f / cp.mass;
    v.x += f.x * inv_m * cp.dt;
    v.y += f.y * inv_m * cp.dt;
    v.z += f.z * inv_m * cp.dt;
    vel_out[idx] = v;
    pos_out[idx] = make_float4(p.x + v.x * cp.dt, p.y + v.y * cp.dt, p.z + v.z * cp.dt, 0.f);
}

int main(int argc, char** argv) {
    ClothParams cp;
    cp.w = argc > 1 ? atoi(argv[1]) : 256;
    cp.h = argc > 2 ? atoi(argv[2]) : 256;
    const int steps = argc > 3 ? atoi(argv[3]) : 200;
    cp.rest = 0.01f;
    cp.k_struct = 400.f;
    cp.k_shear = 150.f;
    cp.damping = 0.02f;
    cp.mass = 0.001f;
    cp.dt = 2e-4f;
    cp.gravity = 9.81f;
    const int n = cp.w * cp.h;

    // Start flat in the x-z plane (horizontal), with a small deterministic ripple in z.
    std::vector<float4> hp(n), hv(n, make_float4(0.f, 0.f, 0.f, 0.f));
    for (int y = 0; y < cp.h; ++y)
        for (int x = 0; x < cp.w; ++x)
            hp[y * cp.w + x] = make_float4(x * cp.rest, 0.f, y * cp.rest + 0.001f * ((x * 7 + y * 3) % 5), 0.f);

    float4 *d_p0, *d_p1, *d_v0, *d_v1;
    CUDA_CHECK(cudaMalloc(&d_p0, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&d_p1, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&d_v0, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&d_v1, n * sizeof(float4)));
    CUDA_CHECK(cudaMemcpy(d_p0, hp.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_v0, hv.data(), n * sizeof(float4), cudaMemcpyHostToDevice));

    dim3 block(16, 16), grid((cp.w + 15) / 16, (cp.h + 15) / 16);
    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    for (int s = 0; s < steps; ++s) {
        cloth_step<<<grid, block>>>(d_p0, d_v0, d_p1, d_v1, cp);
        std::swap(d_p0, d_p1);
        std::swap(d_v0, d_v1);
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
    std::vector<float4> rp(n);
    CUDA_CHECK(cudaMemcpy(rp.data(), d_p0, n * sizeof(float4), cudaMemcpyDeviceToHost));

    // CPU reference in double.
    std::vector<double> P(3 * (size_t)n), V(3 * (size_t)n, 0.0), P2(P.size()), V2(V.size());
    for (int i = 0; i < n; ++i) { P[3 * i] = hp[i].x; P[3 * i + 1] = hp[i].y; P[3 * i + 2] = hp[i].z; }
    const double diag = (double)cp.rest * 1.41421356f;
    for (int s = 0; s < steps; ++s) {
        for (int y = 0; y < cp.h; ++y)
            for (int x = 0; x < cp.w; ++x) {
                int i = y * cp.w + x;
                if (y == 0 && (x == 0 || x == cp.w - 1)) {
                    for (int c = 0; c < 3; ++c) { P2[3 * i + c] = P[3 * i + c]; V2[3 * i + c] = 0; }
                    continue;
                }
                double f[3] = {0, -(double)cp.gravity * cp.mass, 0};
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        if (!dx && !dy) continue;
                        int nx = x + dx, ny = y + dy;
                        if (nx < 0 || ny < 0 || nx >= cp.w || ny >= cp.h) continue;
                        bool shear = dx && dy;
                        int j = ny * cp.w + nx;
                        double d[3] = {P[3 * j] - P[3 * i], P[3 * j + 1] - P[3 * i + 1], P[3 * j + 2] - P[3 * i + 2]};
                        double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
                        double sc = (shear ? cp.k_shear : cp.k_struct) * (len - (shear ? diag : cp.rest)) / len;
                        for (int c = 0; c < 3; ++c) f[c] += sc * d[c];
                    }
                for (int c = 0; c < 3; ++c) {
                    f[c] -= cp.damping * V[3 * i + c];
                    V2[3 * i + c] = V[3 * i + c] + f[c] / cp.mass * cp.dt;
                    P2[3 * i + c] = P[3 * i + c] + V2[3 * i + c] * cp.dt;
                }
            }
        P.swap(P2);
        V.swap(V2);
    }
    double max_err = 0, ysum = 0, ymin = 1e30;
    for (int i = 0; i < n; ++i) {
        max_err = std::max({max_err, std::fabs(rp[i].x - P[3 * i]), std::fabs(rp[i].y - P[3 * i + 1]),
                            std::fabs(rp[i].z - P[3 * i + 2])});
        ysum += rp[i].y;
        ymin = std::min(ymin, (double)rp[i].y);
    }
    const bool ok = max_err < 1e-5;
    const int mid = (cp.h / 2) * cp.w + cp.w / 2, corner = (cp.h - 1) * cp.w + cp.w - 1;
    printf("RESULT mean_y %.6g\n", ysum / n);
    printf("RESULT min_y %.6g\n", ymin);
    printf("RESULT mid %.6g %.6g %.6g\n", rp[mid].x, rp[mid].y, rp[mid].z);
    printf("RESULT corner %.6g %.6g %.6g\n", rp[corner].x, rp[corner].y, rp[corner].z);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs position error %.3g\n", max_err);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_p0); cudaFree(d_p1); cudaFree(d_v0); cudaFree(d_v1);
    return ok ? 0 : 1;
}
