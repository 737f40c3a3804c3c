// Monte Carlo pricing of a European call and put. The estimate is random, so the check is
// statistical: each price must lie within 5 standard errors of the Black-Scholes value.
#include <cmath>
#include <vector>
#include "mc_option.cuh"

static double norm_cdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

int main(int argc, char** argv) {
    long long paths = argc > 1 ? atoll(argv[1]) : 4194304LL;
    const OptionParams p = {100.0f, 105.0f, 0.05f, 0.2f, 1.0f};
    const int nthreads = kMcBlocks * kMcThreads;

    curandState* d_states;
    BlockSums* d_sums;
    CUDA_CHECK(cudaMalloc(&d_states, nthreads * sizeof(curandState)));
    CUDA_CHECK(cudaMalloc(&d_sums, kMcBlocks * sizeof(BlockSums)));

    cudaEvent_t start, mid, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&mid));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    init_rng(d_states, 1234ULL);
    CUDA_CHECK(cudaEventRecord(mid));
    price_paths(d_states, p, paths, d_sums);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms_init = 0.f, ms_price = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms_init, start, mid));
    CUDA_CHECK(cudaEventElapsedTime(&ms_price, mid, stop));

    std::vector<BlockSums> sums(kMcBlocks);
    CUDA_CHECK(cudaMemcpy(sums.data(), d_sums, kMcBlocks * sizeof(BlockSums), cudaMemcpyDeviceToHost));
    double c = 0, c2 = 0, q = 0, q2 = 0;
    for (const BlockSums& b : sums) {
        c += b.call_sum;
        c2 += b.call_sq;
        q += b.put_sum;
        q2 += b.put_sq;
    }
    const double n = (double)paths;
    double call = c / n, put = q / n;
    double call_se = sqrt((c2 / n - call * call) / n);
    double put_se = sqrt((q2 / n - put * put) / n);

    // Black-Scholes closed form.
    double S = p.spot, K = p.strike, r = p.rate, v = p.sigma, T = p.maturity;
    double d1 = (log(S / K) + (r + 0.5 * v * v) * T) / (v * sqrt(T));
    double d2 = d1 - v * sqrt(T);
    double bs_call = S * norm_cdf(d1) - K * exp(-r * T) * norm_cdf(d2);
    double bs_put = K * exp(-r * T) * norm_cdf(-d2) - S * norm_cdf(-d1);

    bool ok = fabs(call - bs_call) < 5.0 * call_se && fabs(put - bs_put) < 5.0 * put_se;
    // Put-call parity C - P = S - K e^{-rT} holds in expectation (the paths are shared).
    double parity = (call - put) - (S - K * exp(-r * T));
    ok = ok && fabs(parity) < 5.0 * (call_se + put_se);

    printf("RESULT mc_call %.6g\n", call);
    printf("RESULT mc_put %.6g\n", put);
    printf("RESULT black_scholes %.6g %.6g\n", bs_call, bs_put);
    printf("RESULT std_error %.6g %.6g\n", call_se, put_se);
    printf("TIME_MS %.4f\n", ms_init + ms_price);
    fprintf(stderr, "call %.5f (BS %.5f, se %.5f)  put %.5f (BS %.5f, se %.5f)  init %.3f ms price %.3f ms\n",
            call, bs_call, call_se, put, bs_put, put_se, ms_init, ms_price);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(mid));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_states));
    CUDA_CHECK(cudaFree(d_sums));
    puts(ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
