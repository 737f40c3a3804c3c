// Ring-buffer pipeline: batch b uses slot b % kSlots. Three streams (upload, compute,
// download) are ordered per slot with events, so batch b's upload overlaps batch b-1's
// kernel and batch b-2's download. The host reuses a slot only after waiting on its
// `downloaded` event, and consumes that slot's previous results at the same moment.
#include <cmath>
#include <cstdint>
#include <vector>
#include "pipeline.cuh"

static void fill_batch(float* dst, size_t n, int batch) {
    uint32_t s = 1000003u * (uint32_t)(batch + 1);
    for (size_t i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        dst[i] = ((float)(s >> 8) / 16777216.0f) * 6.0f - 3.0f;
    }
}

struct BatchResult {
    double out_sum;       // sum of the downloaded output
    double partial_sum;   // sum of the per-block partial sums
    float first, last;
    long bad;
    float kernel_ms;
};

static BatchResult consume(const Slot& slot, size_t n, std::vector<float>& scratch) {
    BatchResult r = {0.0, 0.0, slot.h_out[0], slot.h_out[n - 1], 0, 0.0f};
    CUDA_CHECK(cudaEventElapsedTime(&r.kernel_ms, slot.kernel_start, slot.kernel_stop));
    double out_abs = 0.0;  // scale for the float partial-sum tolerance
    fill_batch(scratch.data(), n, slot.batch);
    const double gain = batch_gain(slot.batch);
    for (size_t i = 0; i < n; ++i) {
        double x = scratch[i];
        double ref = x * gain + 0.5 * sin(x);
        if (fabs(slot.h_out[i] - ref) > 1e-5 * fabs(ref) + 1e-5) ++r.bad;
        r.out_sum += slot.h_out[i];
        out_abs += fabs(slot.h_out[i]);
    }
    for (int b = 0; b < kBlocks; ++b) r.partial_sum += slot.h_partials[b];
    if (fabs(r.partial_sum - r.out_sum) > 1e-5 * out_abs) ++r.bad;
    return r;
}

int main(int argc, char** argv) {
    int num_batches = argc > 1 ? atoi(argv[1]) : 12;
    size_t n = argc > 2 ? strtoull(argv[2], nullptr, 10) : (size_t)1 << 20;
    const size_t bytes = n * sizeof(float);

    cudaStream_t s_up, s_comp, s_down;
    CUDA_CHECK(cudaStreamCreateWithFlags(&s_up, cudaStreamNonBlocking));
    CUDA_CHECK(cudaStreamCreateWithFlags(&s_comp, cudaStreamNonBlocking));
    CUDA_CHECK(cudaStreamCreateWithFlags(&s_down, cudaStreamNonBlocking));

    Slot slots[kSlots];
    for (Slot& s : slots) {
        CUDA_CHECK(cudaMallocHost(&s.h_in, bytes));
        CUDA_CHECK(cudaMallocHost(&s.h_out, bytes));
        CUDA_CHECK(cudaMallocHost(&s.h_partials, kBlocks * sizeof(float)));
        CUDA_CHECK(cudaMalloc(&s.d_in, bytes));
        CUDA_CHECK(cudaMalloc(&s.d_out, bytes));
        CUDA_CHECK(cudaMalloc(&s.d_partials, kBlocks * sizeof(float)));
        CUDA_CHECK(cudaEventCreateWithFlags(&s.uploaded, cudaEventDisableTiming));
        CUDA_CHECK(cudaEventCreateWithFlags(&s.computed, cudaEventDisableTiming));
        CUDA_CHECK(cudaEventCreateWithFlags(&s.downloaded, cudaEventDisableTiming));
        CUDA_CHECK(cudaEventCreate(&s.kernel_start));
        CUDA_CHECK(cudaEventCreate(&s.kernel_stop));
        s.batch = -1;
    }
    cudaEvent_t t_start, t_stop;
    CUDA_CHECK(cudaEventCreate(&t_start));
    CUDA_CHECK(cudaEventCreate(&t_stop));

    std::vector<BatchResult> results(num_batches);
    std::vector<float> scratch(n);

    CUDA_CHECK(cudaEventRecord(t_start, s_up));
    for (int b = 0; b < num_batches; ++b) {
        Slot& slot = slots[b % kSlots];
        if (slot.batch >= 0) {
            // Wait for the slot's previous batch to land on the host, then take its results.
            CUDA_CHECK(cudaEventSynchronize(slot.downloaded));
            results[slot.batch] = consume(slot, n, scratch);
        }
        slot.batch = b;
        fill_batch(slot.h_in, n, b);

        CUDA_CHECK(cudaMemcpyAsync(slot.d_in, slot.h_in, bytes, cudaMemcpyHostToDevice, s_up));
        CUDA_CHECK(cudaEventRecord(slot.uploaded, s_up));

        CUDA_CHECK(cudaStreamWaitEvent(s_comp, slot.uploaded, 0));
        CUDA_CHECK(cudaEventRecord(slot.kernel_start, s_comp));
        launch_transform(slot.d_in, slot.d_out, slot.d_partials, n, batch_gain(b), s_comp);
        CUDA_CHECK(cudaEventRecord(slot.kernel_stop, s_comp));
        CUDA_CHECK(cudaEventRecord(slot.computed, s_comp));

        CUDA_CHECK(cudaStreamWaitEvent(s_down, slot.computed, 0));
        CUDA_CHECK(cudaMemcpyAsync(slot.h_out, slot.d_out, bytes, cudaMemcpyDeviceToHost, s_down));
        CUDA_CHECK(cudaMemcpyAsync(slot.h_partials, slot.d_partials, kBlocks * sizeof(float),
                                   cudaMemcpyDeviceToHost, s_down));
        CUDA_CHECK(cudaEventRecord(slot.downloaded, s_down));
    }
    CUDA_CHECK(cudaEventRecord(t_stop, s_down));
    // Drain: the last kSlots batches are still in flight.
    for (int k = 0; k < kSlots; ++k) {
        int b = num_batches - kSlots + k;
        if (b < 0) continue;
        Slot& slot = slots[b % kSlots];
        CUDA_CHECK(cudaEventSynchronize(slot.downloaded));
        results[b] = consume(slot, n, scratch);
    }
    CUDA_CHECK(cudaEventSynchronize(t_stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t_start, t_stop));

    long bad = 0;
    double total = 0.0;
    float kernel_ms = 0.f;
    for (const BatchResult& r : results) {
        bad += r.bad;
        total += r.out_sum;
        kernel_ms += r.kernel_ms;
    }
    printf("RESULT total_sum %.9g\n", total);
    printf("RESULT batch_sums");
    for (int b = 0; b < num_batches && b < 16; ++b) printf(" %.6g", results[b].out_sum);
    printf("\n");
    printf("RESULT endpoints %.6g %.6g %.6g %.6g\n", results[0].first, results[0].last,
           results[num_batches - 1].first, results[num_batches - 1].last);
    printf("TIME_MS %.4f\n", kernel_ms);
    // The wall time of the pipeline includes the host filling and checking every batch.
    fprintf(stderr, "pipeline: %d batches of %zu floats in %.3f ms (kernels %.3f ms), mismatches %ld\n",
            num_batches, n, ms, kernel_ms, bad);

    for (Slot& s : slots) {
        CUDA_CHECK(cudaFreeHost(s.h_in));
        CUDA_CHECK(cudaFreeHost(s.h_out));
        CUDA_CHECK(cudaFreeHost(s.h_partials));
        CUDA_CHECK(cudaFree(s.d_in));
        CUDA_CHECK(cudaFree(s.d_out));
        CUDA_CHECK(cudaFree(s.d_partials));
        CUDA_CHECK(cudaEventDestroy(s.uploaded));
        CUDA_CHECK(cudaEventDestroy(s.computed));
        CUDA_CHECK(cudaEventDestroy(s.downloaded));
        CUDA_CHECK(cudaEventDestroy(s.kernel_start));
        CUDA_CHECK(cudaEventDestroy(s.kernel_stop));
    }
    CUDA_CHECK(cudaEventDestroy(t_start));
    CUDA_CHECK(cudaEventDestroy(t_stop));
    CUDA_CHECK(cudaStreamDestroy(s_up));
    CUDA_CHECK(cudaStreamDestroy(s_comp));
    CUDA_CHECK(cudaStreamDestroy(s_down));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
