// Driver: exclusive scan of random small unsigned values, checked against a sequential CPU scan.
#include <cstdint>
#include "scan.cuh"

int main(int argc, char** argv) {
    size_t n = (argc > 1) ? strtoull(argv[1], nullptr, 10) : (size_t)1 << 22;

    std::vector<unsigned> h_in(n), h_out(n);
    uint32_t seed = 7u;
    for (size_t i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        h_in[i] = (seed >> 16) & 15u;
    }

    unsigned *d_in = nullptr, *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(unsigned)));
    CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(unsigned)));
    CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));

    ScanWorkspace ws;
    scan_workspace_create(ws, n);
    fprintf(stderr, "scan of %zu elements uses %zu recursion levels\n", n, ws.sizes.size() + 1);

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    scan_exclusive(d_in, d_out, n, ws);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, n * sizeof(unsigned), cudaMemcpyDeviceToHost));

    bool ok = true;
    unsigned running = 0;
    uint64_t checksum = 0;
    for (size_t i = 0; i < n; ++i) {
        if (h_out[i] != running) {
            if (ok) fprintf(stderr, "mismatch at %zu: gpu %u cpu %u\n", i, h_out[i], running);
            ok = false;
        }
        checksum = checksum * 31u + h_out[i];
        running += h_in[i];
    }

    printf("RESULT total %u\n", h_out[n - 1] + h_in[n - 1]);
    printf("RESULT checksum %llu\n", (unsigned long long)checksum);
    printf("RESULT samples %u %u %u %u %u\n", h_out[0], h_out[1], h_out[511], h_out[512], h_out[n / 2]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    scan_workspace_destroy(ws);
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
