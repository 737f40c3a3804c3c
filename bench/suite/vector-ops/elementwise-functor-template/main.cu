// Driver: runs six (type, functor) combinations and checks each against the same functor on the host.
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>
#include "ops.cuh"

static uint32_t g_seed = 2468u;
static uint32_t next_u32() {
    g_seed = g_seed * 1664525u + 1013904223u;
    return g_seed;
}

template <typename T>
static T* to_device(const std::vector<T>& h) {
    T* d = nullptr;
    CUDA_CHECK(cudaMalloc(&d, h.size() * sizeof(T)));
    CUDA_CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

template <typename T>
static std::vector<T> to_host(const T* d, size_t n) {
    std::vector<T> h(n);
    CUDA_CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}

// relative check for floating types; exact for integers
template <typename T>
static bool same(T got, T ref) {
    if (std::is_integral<T>::value) return got == ref;
    return fabs((double)got - (double)ref) <= 1e-6 + 1e-6 * fabs((double)ref);
}

template <typename T>
static bool report(const char* name, const std::vector<T>& got, const std::vector<T>& ref) {
    bool ok = true;
    double sum = 0.0;
    for (size_t i = 0; i < got.size(); ++i) {
        if (!same(got[i], ref[i])) {
            if (ok) fprintf(stderr, "%s: index %zu gpu %.9g cpu %.9g\n", name, i, (double)got[i], (double)ref[i]);
            ok = false;
        }
        sum += fabs((double)got[i]);
    }
    printf("RESULT %s %.9g %.9g %.9g\n", name, sum, (double)got[1], (double)got[got.size() - 1]);
    return ok;
}

int main(int argc, char** argv) {
    const size_t n = (argc > 1) ? strtoull(argv[1], nullptr, 10) : 4000000;

    std::vector<float> fx(n), fy(n);
    std::vector<double> dx(n);
    std::vector<int> ix(n), iy(n);
    for (size_t i = 0; i < n; ++i) {
        fx[i] = (float)(next_u32() >> 8) * (2.0f / 16777216.0f) - 1.0f;
        fy[i] = (float)(next_u32() >> 8) * (2.0f / 16777216.0f) - 1.0f;
        dx[i] = (double)(next_u32() >> 4) / 268435456.0 - 0.5;
        ix[i] = 1 + (int)(next_u32() % 100000u);
        iy[i] = (int)(next_u32() % 1000000u) - 500000;
    }
    float *d_fx = to_device(fx), *d_fy = to_device(fy), *d_fout;
    double *d_dx = to_device(dx), *d_dout;
    int *d_ix = to_device(ix), *d_iy = to_device(iy), *d_iout;
    CUDA_CHECK(cudaMalloc(&d_fout, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_dout, n * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&d_iout, n * sizeof(int)));

    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    float total_ms = 0.0f;
    auto timed = [&](auto&& launch) {
        CUDA_CHECK(cudaEventRecord(start, stream));
        launch();
        CUDA_CHECK(cudaEventRecord(stop, stream));
        CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        total_ms += ms;
    };

    bool ok = true;
    std::vector<float> fref(n);
    std::vector<double> dref(n);
    std::vector<int> iref(n);

    const Affine<float> aff{1.75f, -0.25f};
    timed([&] { launch_unary(d_fx, d_fout, n, aff, stream); });
    for (size_t i = 0; i < n; ++i) fref[i] = aff(fx[i]);
    ok &= report("affine_f32", to_host(d_fout, n), fref);

    const Compose<Relu<float>, Affine<float>> relu_aff{Relu<float>{}, Affine<float>{-2.0f, 0.5f}};
    timed([&] { launch_unary(d_fx, d_fout, n, relu_aff, stream); });
    for (size_t i = 0; i < n; ++i) fref[i] = relu_aff(fx[i]);
    ok &= report("relu_affine_f32", to_host(d_fout, n), fref);

    const Compose<Square<double>, Affine<double>> sq_aff{Square<double>{}, Affine<double>{3.0, 1.0}};
    timed([&] { launch_unary(d_dx, d_dout, n, sq_aff, stream); });
    for (size_t i = 0; i < n; ++i) dref[i] = sq_aff(dx[i]);
    ok &= report("square_affine_f64", to_host(d_dout, n), dref);

    const CollatzSteps collatz{1000};
    timed([&] { launch_unary(d_ix, d_iout, n, collatz, stream); });
    for (size_t i = 0; i < n; ++i) iref[i] = collatz(ix[i]);
    ok &= report("collatz_i32", to_host(d_iout, n), iref);

    timed([&] { launch_binary(d_fx, d_fy, d_fout, n, Max<float>{}, stream); });
    for (size_t i = 0; i < n; ++i) fref[i] = Max<float>{}(fx[i], fy[i]);
    ok &= report("max_f32", to_host(d_fout, n), fref);

    timed([&] { launch_binary(d_ix, d_iy, d_iout, n, AbsDiff<int>{}, stream); });
    for (size_t i = 0; i < n; ++i) iref[i] = AbsDiff<int>{}(ix[i], iy[i]);
    ok &= report("absdiff_i32", to_host(d_iout, n), iref);

    printf("TIME_MS %.4f\n", total_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(d_fx));
    CUDA_CHECK(cudaFree(d_fy));
    CUDA_CHECK(cudaFree(d_fout));
    CUDA_CHECK(cudaFree(d_dx));
    CUDA_CHECK(cudaFree(d_dout));
    CUDA_CHECK(cudaFree(d_ix));
    CUDA_CHECK(cudaFree(d_iy));
    CUDA_CHECK(cudaFree(d_iout));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
