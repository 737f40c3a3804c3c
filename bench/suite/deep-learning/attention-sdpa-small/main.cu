// Driver: random Q, K, V; attention with and without the causal mask; double-precision CPU reference.
#include <cmath>
#include <cstdint>
#include <vector>
#include "attention.cuh"

static void attention_ref(const std::vector<float>& q, const std::vector<float>& k, const std::vector<float>& v,
                          std::vector<double>& out, int bh, int S, double scale, bool causal) {
    std::vector<double> p(S);
    for (int h = 0; h < bh; ++h) {
        const size_t base = (size_t)h * S * HEAD_DIM;
        for (int i = 0; i < S; ++i) {
            const int kmax = causal ? i + 1 : S;
            double m = -INFINITY;
            for (int j = 0; j < kmax; ++j) {
                double dot = 0.0;
                for (int d = 0; d < HEAD_DIM; ++d) dot += (double)q[base + i * HEAD_DIM + d] * k[base + j * HEAD_DIM + d];
                p[j] = dot * scale;
                m = fmax(m, p[j]);
            }
            double sum = 0.0;
            for (int j = 0; j < kmax; ++j) {
                p[j] = exp(p[j] - m);
                sum += p[j];
            }
            for (int d = 0; d < HEAD_DIM; ++d) {
                double acc = 0.0;
                for (int j = 0; j < kmax; ++j) acc += p[j] * v[base + j * HEAD_DIM + d];
                out[base + i * HEAD_DIM + d] = acc / sum;
            }
        }
    }
}

int main(int argc, char** argv) {
    const int bh = (argc > 1) ? atoi(argv[1]) : 16;
    const int S = (argc > 2) ? atoi(argv[2]) : 256;
    const size_t count = (size_t)bh * S * HEAD_DIM;
    const float scale = 1.0f / sqrtf((float)HEAD_DIM);

    uint32_t seed = 314159u;
    auto uniform = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return (float)(seed >> 8) * (2.0f / 16777216.0f) - 1.0f;
    };
    std::vector<float> hq(count), hk(count), hv(count), ho(count);
    for (auto& x : hq) x = 2.0f * uniform();  // wider logits make the softmax less uniform
    for (auto& x : hk) x = 2.0f * uniform();
    for (auto& x : hv) x = uniform();

    float *dq, *dk, *dv, *dout;
    CUDA_CHECK(cudaMalloc(&dq, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dk, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dv, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dout, count * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dq, hq.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dk, hk.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dv, hv.data(), count * sizeof(float), cudaMemcpyHostToDevice));

    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    bool ok = true;
    float total_ms = 0.0f;
    std::vector<double> ref(count);
    for (int causal = 0; causal < 2; ++causal) {
        AttentionParams p{dq, dk, dv, dout, bh, S, scale, causal != 0};
        CUDA_CHECK(cudaEventRecord(start, stream));
        launch_attention(p, stream);
        CUDA_CHECK(cudaEventRecord(stop, stream));
        CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        total_ms += ms;
        CUDA_CHECK(cudaMemcpy(ho.data(), dout, count * sizeof(float), cudaMemcpyDeviceToHost));

        attention_ref(hq, hk, hv, ref, bh, S, scale, causal != 0);
        double abs_sum = 0.0, max_err = 0.0;
        for (size_t i = 0; i < count; ++i) {
            const double err = fabs(ho[i] - ref[i]);
            max_err = fmax(max_err, err);
            if (err > 1e-5 + 1e-4 * fabs(ref[i])) {
                if (ok) fprintf(stderr, "causal=%d index %zu: gpu %f cpu %f\n", causal, i, ho[i], ref[i]);
                ok = false;
            }
            abs_sum += fabs(ho[i]);
        }
        fprintf(stderr, "causal=%d max abs error %.3e\n", causal, max_err);
        const char* tag = causal ? "causal" : "full";
        printf("RESULT %s_abs_sum %.6g\n", tag, abs_sum);
        printf("RESULT %s_samples %.6g %.6g %.6g %.6g\n", tag, ho[0], ho[HEAD_DIM + 1], ho[count / 2 + 9], ho[count - 1]);
    }
    printf("TIME_MS %.4f\n", total_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(dq));
    CUDA_CHECK(cudaFree(dk));
    CUDA_CHECK(cudaFree(dv));
    CUDA_CHECK(cudaFree(dout));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
