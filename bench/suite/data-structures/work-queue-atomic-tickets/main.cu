// Work list driven by atomic tickets: Collatz stopping times for the numbers 1..N.
//
// Each round a persistent grid drains the input queue: a warp takes 32 tickets at once with one
// atomicAdd on a __device__ head counter, advances each number a few Collatz steps, and pushes the
// unfinished ones to the output queue. Pushes are warp-aggregated: __ballot_sync finds the lanes that
// push, one lane reserves space with atomicAdd on the tail counter, and every lane finds its own slot by
// counting the pushing lanes below it. The host swaps the queues until nothing is left.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

struct WorkItem {
    unsigned long long value;
    unsigned int origin;   // index of the starting number
    unsigned int steps;    // steps taken so far
};

constexpr int kStepsPerVisit = 8;
constexpr unsigned kFullMask = 0xffffffffu;

__device__ unsigned int g_head;      // next ticket to hand out
__device__ unsigned int g_tail;      // next free slot of the output queue
__device__ unsigned int g_in_size;   // items in the input queue
__device__ unsigned long long g_total_steps;
__device__ unsigned int g_max_steps;

__global__ void drain_queue(const WorkItem *__restrict__ in, WorkItem *__restrict__ out,
                            unsigned int *__restrict__ stopping_time)
{
    const unsigned lane = threadIdx.x & 31u;
    const unsigned int n = g_in_size;
    while (true) {
        unsigned int base = 0;
        if (lane == 0)
            base = atomicAdd(&g_head, 32u);
        base = __shfl_sync(kFullMask, base, 0);
        if (base >= n)
            break;  // uniform across the warp

        const unsigned int idx = base + lane;
        const bool valid = idx < n;
        WorkItem item{};
        bool unfinished = false;
        if (valid) {
            item = in[idx];
            for (int k = 0; k < kStepsPerVisit && item.value != 1ull; ++k) {
                item.value = (item.value & 1ull) ? 3ull * item.value + 1ull : item.value >> 1;
                ++item.steps;
            }
            unfinished = item.value != 1ull;
            if (!unfinished) {
                stopping_time[item.origin] = item.steps;
                atomicAdd(&g_total_steps, (unsigned long long)item.steps);
                atomicMax(&g_max_steps, item.steps);
            }
        }

        const unsigned push_mask = __ballot_sync(kFullMask, unfinished);
        if (push_mask == 0)
            continue;
        unsigned int slot = 0;
        if (lane == 0)
            slot = atomicAdd(&g_tail, (unsigned int)__popc(push_mask));
        slot = __shfl_sync(kFullMask, slot, 0);
        if (unfinished)
            out[slot + __popc(push_mask & ((1u << lane) - 1u))] = item;
    }
}

static unsigned int collatz_steps(unsigned long long v)
{
    unsigned int s = 0;
    while (v != 1ull) {
        v = (v & 1ull) ? 3ull * v + 1ull : v >> 1;
        ++s;
    }
    return s;
}

int main(int argc, char **argv)
{
    const unsigned int n = argc > 1 ? (unsigned int)atoi(argv[1]) : 1u << 20;

    std::vector<WorkItem> initial(n);
    for (unsigned int i = 0; i < n; ++i)
        initial[i] = WorkItem{(unsigned long long)i + 1ull, i, 0u};

    WorkItem *d_q[2] = {nullptr, nullptr};
    unsigned int *d_stop = nullptr;
    CUDA_CHECK(cudaMalloc(&d_q[0], n * sizeof(WorkItem)));
    CUDA_CHECK(cudaMalloc(&d_q[1], n * sizeof(WorkItem)));
    CUDA_CHECK(cudaMalloc(&d_stop, n * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemcpy(d_q[0], initial.data(), n * sizeof(WorkItem), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_stop, 0xff, n * sizeof(unsigned int)));
    const unsigned long long zero64 = 0;
    const unsigned int zero = 0;
    CUDA_CHECK(cudaMemcpyToSymbol(g_total_steps, &zero64, sizeof(zero64)));
    CUDA_CHECK(cudaMemcpyToSymbol(g_max_steps, &zero, sizeof(zero)));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    float ms_total = 0.f;
    unsigned int in_size = n, rounds = 0, cur = 0;
    unsigned long long items_visited = 0;
    while (in_size > 0) {
        CUDA_CHECK(cudaMemcpyToSymbol(g_head, &zero, sizeof(zero)));
        CUDA_CHECK(cudaMemcpyToSymbol(g_tail, &zero, sizeof(zero)));
        CUDA_CHECK(cudaMemcpyToSymbol(g_in_size, &in_size, sizeof(in_size)));
        CUDA_CHECK(cudaEventRecord(t0));
        drain_queue<<<132 * 2, 256>>>(d_q[cur], d_q[cur ^ 1], d_stop);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventRecord(t1));
        CUDA_CHECK(cudaEventSynchronize(t1));
        float ms = 0.f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
        ms_total += ms;
        items_visited += in_size;
        CUDA_CHECK(cudaMemcpyFromSymbol(&in_size, g_tail, sizeof(in_size)));
        cur ^= 1;
        ++rounds;
    }

    unsigned long long total_steps = 0;
    unsigned int max_steps = 0;
    std::vector<unsigned int> stop(n);
    CUDA_CHECK(cudaMemcpyFromSymbol(&total_steps, g_total_steps, sizeof(total_steps)));
    CUDA_CHECK(cudaMemcpyFromSymbol(&max_steps, g_max_steps, sizeof(max_steps)));
    CUDA_CHECK(cudaMemcpy(stop.data(), d_stop, n * sizeof(unsigned int), cudaMemcpyDeviceToHost));

    unsigned long long ref_total = 0;
    unsigned int ref_max = 0, ref_rounds = 0;
    size_t bad = 0;
    for (unsigned int i = 0; i < n; ++i) {
        const unsigned int s = collatz_steps((unsigned long long)i + 1ull);
        ref_total += s;
        ref_max = std::max(ref_max, s);
        // An item with s steps is visited ceil(s / k) times, at least once.
        ref_rounds = std::max(ref_rounds, std::max(1u, (s + kStepsPerVisit - 1) / kStepsPerVisit));
        if (stop[i] != s && bad++ < 5)
            fprintf(stderr, "start %u: gpu %u cpu %u\n", i + 1, stop[i], s);
    }
    const bool ok = bad == 0 && total_steps == ref_total && max_steps == ref_max && rounds == ref_rounds;
    if (!ok)
        fprintf(stderr, "total %llu/%llu max %u/%u rounds %u/%u\n", total_steps, ref_total, max_steps, ref_max,
                rounds, ref_rounds);

    printf("RESULT total_steps %llu\n", total_steps);
    printf("RESULT max_steps %u\n", max_steps);
    printf("RESULT rounds %u\n", rounds);
    printf("RESULT items_visited %llu\n", items_visited);
    printf("RESULT stopping_times %u %u %u %u %u\n", stop[0], stop[26], stop[96], stop[n / 2], stop[n - 1]);
    printf("TIME_MS %.4f\n", ms_total);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_q[0]));
    CUDA_CHECK(cudaFree(d_q[1]));
    CUDA_CHECK(cudaFree(d_stop));
    return ok ? 0 : 1;
}
