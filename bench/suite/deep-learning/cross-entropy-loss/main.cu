// Fused softmax cross-entropy: per row i with label y_i,
//   loss_i = logsumexp(x_i) - x_i[y_i],   grad_i = (softmax(x_i) - onehot(y_i)) / B
// plus top-1 accuracy. The mean loss is reduced by a second single-block kernel so it does not depend
// on the order in which row blocks finish.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <cfloat>
#include <climits>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t err_ = (call);                                                         \
        if (err_ != cudaSuccess) {                                                         \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,     \
                    cudaGetErrorString(err_));                                             \
            exit(EXIT_FAILURE);                                                            \
        }                                                                                  \
    } while (0)

struct MaxIdx {
    float v;
    int i;
};

__device__ __forceinline__ MaxIdx better(MaxIdx a, MaxIdx b) {
    return (b.v > a.v || (b.v == a.v && b.i < a.i)) ? b : a;
}

template <int BLOCK>
__device__ MaxIdx block_argmax(MaxIdx m) {
    __shared__ float sv[BLOCK / 32];
    __shared__ int si[BLOCK / 32];
    const int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
    for (int o = warpSize / 2; o > 0; o >>= 1) {
        MaxIdx other{__shfl_xor_sync(0xffffffff, m.v, o), __shfl_xor_sync(0xffffffff, m.i, o)};
        m = better(m, other);
    }
    if (lane == 0) {
        sv[warp] = m.v;
        si[warp] = m.i;
    }
    __syncthreads();
    m = MaxIdx{sv[0], si[0]};
    for (int w = 1; w < BLOCK / 32; ++w) m = better(m, MaxIdx{sv[w], si[w]});
    __syncthreads();
    return m;
}

template <int BLOCK>
__device__ float block_sum(float v) {
    __shared__ float s[BLOCK / 32];
    const int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
    for (int o = warpSize / 2; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    if (lane == 0) s[warp] = v;
    __syncthreads();
    v = 0.0f;
    for (int w = 0; w < BLOCK / 32; ++w) v += s[w];
    __syncthreads();
    return v;
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    cross_entropy_fwd_bwd(const float* __restrict__ logits, const int* __restrict__ labels, int batch, int classes,
                          float* __restrict__ row_loss, float* __restrict__ grad, int* __restrict__ correct) {
    const int row = blockIdx.x;
    const float* x = logits + (size_t)row * classes;
    float* g = grad + (size_t)row * classes;

    MaxIdx m{-FLT_MAX, INT_MAX};
    for (int c = threadIdx.x; c < classes; c += BLOCK) m = better(m, MaxIdx{x[c], c});
    m = block_argmax<BLOCK>(m);

    float s = 0.0f;
    for (int c = threadIdx.x; c < classes; c += BLOCK) s += expf(x[c] - m.v);
    s = block_sum<BLOCK>(s);
    const float log_sum = logf(s);
    const int label = labels[row];

    const float inv_batch = 1.0f / batch;
    for (int c = threadIdx.x; c < classes; c += BLOCK) {
        const float p = expf(x[c] - m.v - log_sum);
        g[c] = (p - (c == label ? 1.0f : 0.0f)) * inv_batch;
    }
    if (threadIdx.x == 0) {
        row_loss[row] = m.v + log_sum - x[label];
        if (m.i == label) atomicAdd(correct, 1);
    }
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) mean_loss(const float* __restrict__ row_loss, int batch, float* __restrict__ out) {
    float s = 0.0f;
    for (int i = threadIdx.x; i < batch; i += BLOCK) s += row_loss[i];
    s = block_sum<BLOCK>(s);
    if (threadIdx.x == 0) *out = s / batch;
}

int main(int argc, char** argv) {
    const int B = (argc > 1) ? atoi(argv[1]) : 8192;
    const int C = (argc > 2) ? atoi(argv[2]) : 1000;
    constexpr int kBlock = 128;
    const size_t count = (size_t)B * C;

    std::vector<float> h_logits(count), h_grad(count), h_loss(B);
    std::vector<int> h_labels(B);
    uint32_t seed = 12021u;
    auto next = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return seed;
    };
    for (int r = 0; r < B; ++r) {
        h_labels[r] = (int)((next() >> 8) % (uint32_t)C);
        for (int c = 0; c < C; ++c) h_logits[(size_t)r * C + c] = (float)(next() >> 8) * (8.0f / 16777216.0f) - 4.0f;
        // give the true class a boost in most rows so accuracy is neither 0 nor 1
        if (r % 3 != 0) h_logits[(size_t)r * C + h_labels[r]] += 3.5f;
    }

    float *d_logits, *d_grad, *d_loss, *d_mean;
    int *d_labels, *d_correct;
    CUDA_CHECK(cudaMalloc(&d_logits, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_grad, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_loss, B * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_mean, sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_labels, B * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_correct, sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_logits, h_logits.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_labels, h_labels.data(), B * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_correct, 0, sizeof(int)));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    cross_entropy_fwd_bwd<kBlock><<<B, kBlock>>>(d_logits, d_labels, B, C, d_loss, d_grad, d_correct);
    CUDA_CHECK(cudaGetLastError());
    mean_loss<1024><<<1, 1024>>>(d_loss, B, d_mean);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    float h_mean = 0.0f;
    int h_correct = 0;
    CUDA_CHECK(cudaMemcpy(&h_mean, d_mean, sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&h_correct, d_correct, sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_loss.data(), d_loss, B * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_grad.data(), d_grad, count * sizeof(float), cudaMemcpyDeviceToHost));

    bool ok = true;
    double ref_total = 0.0, grad_abs = 0.0;
    int ref_correct = 0;
    for (int r = 0; r < B; ++r) {
        const float* x = &h_logits[(size_t)r * C];
        int am = 0;
        for (int c = 1; c < C; ++c)
            if (x[c] > x[am]) am = c;
        double s = 0.0;
        for (int c = 0; c < C; ++c) s += exp((double)x[c] - x[am]);
        const double lse = x[am] + log(s);
        const double loss = lse - x[h_labels[r]];
        ref_total += loss;
        ref_correct += (am == h_labels[r]);
        if (fabs(h_loss[r] - loss) > 1e-5 + 1e-4 * fabs(loss)) {
            if (ok) fprintf(stderr, "row %d loss: gpu %f cpu %f\n", r, h_loss[r], loss);
            ok = false;
        }
        for (int c = 0; c < C; ++c) {
            const double gref = (exp((double)x[c] - lse) - (c == h_labels[r] ? 1.0 : 0.0)) / B;
            const float got = h_grad[(size_t)r * C + c];
            if (fabs(got - gref) > 1e-9 + 1e-4 * fabs(gref)) {
                if (ok) fprintf(stderr, "row %d class %d grad: gpu %g cpu %g\n", r, c, got, gref);
                ok = false;
            }
            grad_abs += fabs(got);
        }
    }
    const double ref_mean = ref_total / B;
    if (fabs(h_mean - ref_mean) > 1e-4 * fabs(ref_mean) || h_correct != ref_correct) {
        fprintf(stderr, "mean loss gpu %f cpu %f, correct gpu %d cpu %d\n", h_mean, ref_mean, h_correct, ref_correct);
        ok = false;
    }

    printf("RESULT mean_loss %.6g\n", h_mean);
    printf("RESULT correct %d\n", h_correct);
    printf("RESULT grad_abs_sum %.6g\n", grad_abs);
    printf("RESULT losses %.6g %.6g %.6g\n", h_loss[0], h_loss[B / 2], h_loss[B - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_logits));
    CUDA_CHECK(cudaFree(d_grad));
    CUDA_CHECK(cudaFree(d_loss));
    CUDA_CHECK(cudaFree(d_mean));
    CUDA_CHECK(cudaFree(d_labels));
    CUDA_CHECK(cudaFree(d_correct));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
