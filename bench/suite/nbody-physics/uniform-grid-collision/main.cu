// Broad-phase collision detection with a uniform grid (counting sort by cell):
//   1. hash each particle to its cell and count particles per cell with atomicAdd;
//   2. exclusive scan of the cell counts (on the host, as many simple codes do);
//   3. scatter particle indices into cell order using per-cell atomic cursors;
//   4. each particle tests the 27 neighbouring cells and counts pairs closer than 2r.
// Positions are multiples of 1/16, so squared distances are exact in float and the integer
// pair count is the same on every device.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <unordered_map>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                    \
    do {                                                                                    \
        cudaError_t e_ = call;                                                              \
        if (e_ != cudaSuccess) {                                                            \
            fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__,   \
                    __LINE__);                                                              \
            exit(EXIT_FAILURE);                                                             \
        }                                                                                   \
    } while (0)

#define GRID_DIM 64       // cells per axis; cell size 1, domain [0, 64)^3
#define RADIUS2 0.25f     // (2r)^2 with r = 0.25: contact distance 0.5

__device__ __host__ inline int cell_coord(float v) { return min(max((int)v, 0), GRID_DIM - 1); }
__device__ __host__ inline int cell_index(int cx, int cy, int cz) { return (cz * GRID_DIM + cy) * GRID_DIM + cx; }

__global__ void count_cells(const float4* __restrict__ pos, int n, int* __restrict__ cell_of, int* __restrict__ counts) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const float4 p = pos[i];
        const int c = cell_index(cell_coord(p.x), cell_coord(p.y), cell_coord(p.z));
        cell_of[i] = c;
        atomicAdd(&counts[c], 1);
    }
}

__global__ void scatter_sorted(const int* __restrict__ cell_of, int n, int* __restrict__ cursor, int* __restrict__ sorted) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const int slot = atomicAdd(&cursor[cell_of[i]], 1);
        sorted[slot] = i;
    }
}

__global__ void count_contacts(const float4* __restrict__ pos, int n, const int* __restrict__ cell_start,
                               const int* __restrict__ sorted, int* __restrict__ contacts,
                               unsigned long long* __restrict__ total_pairs) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const float4 p = pos[i];
        const int cx = cell_coord(p.x), cy = cell_coord(p.y), cz = cell_coord(p.z);
        int mine = 0, upper = 0;
        for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int x = cx + dx, y = cy + dy, z = cz + dz;
                    if (x < 0 || y < 0 || z < 0 || x >= GRID_DIM || y >= GRID_DIM || z >= GRID_DIM) continue;
                    const int c = cell_index(x, y, z);
                    for (int s = cell_start[c]; s < cell_start[c + 1]; ++s) {
                        const int j = sorted[s];
                        if (j == i) continue;
                        const float4 q = pos[j];
                        const float ddx = p.x - q.x, ddy = p.y - q.y, ddz = p.z - q.z;
                        if (ddx * ddx + ddy * ddy + ddz * ddz < RADIUS2) {
                            ++mine;
                            if (j > i) ++upper;  // count each pair once
                        }
                    }
                }
        contacts[i] = mine;
        if (upper) atomicAdd(total_pairs, (unsigned long long)upper);
    }
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 300000;
    const int ncells = GRID_DIM * GRID_DIM * GRID_DIM;

    std::vector<float4> hp(n);
    uint32_t s = 0xBADA55u;
    auto next = [&]() { s = s * 1664525u + 1013904223u; return s >> 10; };
    for (int i = 0; i < n; ++i)
        hp[i] = make_float4((next() % (GRID_DIM * 16)) / 16.0f, (next() % (GRID_DIM * 16)) / 16.0f,
                            (next() % (GRID_DIM * 16)) / 16.0f, 0.f);

    float4* d_pos;
    int *d_cell_of, *d_counts, *d_start, *d_cursor, *d_sorted, *d_contacts;
    unsigned long long* d_pairs;
    CUDA_CHECK(cudaMalloc(&d_pos, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&d_cell_of, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_counts, ncells * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_start, (ncells + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_cursor, ncells * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_sorted, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_contacts, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_pairs, sizeof(unsigned long long)));
    CUDA_CHECK(cudaMemcpy(d_pos, hp.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_counts, 0, ncells * sizeof(int)));
    CUDA_CHECK(cudaMemset(d_pairs, 0, sizeof(unsigned long long)));

    const int threads = 256, blocks = (n + threads - 1) / threads;
    cudaEvent_t e[4];
    for (auto& ev : e) CUDA_CHECK(cudaEventCreate(&ev));

    CUDA_CHECK(cudaEventRecord(e[0]));
    count_cells<<<blocks, threads>>>(d_pos, n, d_cell_of, d_counts);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(e[1]));

    std::vector<int> counts(ncells), start(ncells + 1);
    CUDA_CHECK(cudaMemcpy(counts.data(), d_counts, ncells * sizeof(int), cudaMemcpyDeviceToHost));
    start[0] = 0;
    for (int c = 0; c < ncells; ++c) start[c + 1] = start[c] + counts[c];
    CUDA_CHECK(cudaMemcpy(d_start, start.data(), (ncells + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_cursor, start.data(), ncells * sizeof(int), cudaMemcpyHostToDevice));

    CUDA_CHECK(cudaEventRecord(e[2]));
    scatter_sorted<<<blocks, threads>>>(d_cell_of, n, d_cursor, d_sorted);
    count_contacts<<<blocks, threads>>>(d_pos, n, d_start, d_sorted, d_contacts, d_pairs);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(e[3]));
    CUDA_CHECK(cudaEventSynchronize(e[3]));
    float ms_a, ms_b;
    CUDA_CHECK(cudaEventElapsedTime(&ms_a, e[0], e[1]));
    CUDA_CHECK(cudaEventElapsedTime(&ms_b, e[2], e[3]));

    std::vector<int> contacts(n);
    unsigned long long pairs = 0;
    CUDA_CHECK(cudaMemcpy(contacts.data(), d_contacts, n * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&pairs, d_pairs, sizeof(pairs), cudaMemcpyDeviceToHost));

    // CPU reference: a hash map from cell to particle list, brute force over neighbour cells.
    std::unordered_map<int, std::vector<int>> cells;
    for (int i = 0; i < n; ++i)
        cells[cell_index(cell_coord(hp[i].x), cell_coord(hp[i].y), cell_coord(hp[i].z))].push_back(i);
    unsigned long long ref_pairs = 0;
    long long bad = 0;
    int max_contacts = 0;
    long long hist[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; ++i) {
        int cx = cell_coord(hp[i].x), cy = cell_coord(hp[i].y), cz = cell_coord(hp[i].z), mine = 0;
        for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    auto it = cells.find(cell_index(cx + dx, cy + dy, cz + dz));
                    if (cx + dx < 0 || cy + dy < 0 || cz + dz < 0 || cx + dx >= GRID_DIM || cy + dy >= GRID_DIM ||
                        cz + dz >= GRID_DIM || it == cells.end())
                        continue;
                    for (int j : it->second) {
                        if (j == i) continue;
                        float a = hp[i].x - hp[j].x, b = hp[i].y - hp[j].y, c = hp[i].z - hp[j].z;
                        if (a * a + b * b + c * c < RADIUS2) {
                            ++mine;
                            if (j > i) ++ref_pairs;
                        }
                    }
                }
        if (mine != contacts[i]) ++bad;
        max_contacts = std::max(max_contacts, contacts[i]);
        hist[std::min(contacts[i], 3)]++;
    }
    if (pairs != ref_pairs) ++bad;

    printf("RESULT pairs %llu\n", pairs);
    printf("RESULT contact_hist %lld %lld %lld %lld\n", hist[0], hist[1], hist[2], hist[3]);
    printf("RESULT max_contacts %d\n", max_contacts);
    printf("RESULT samples %d %d %d %d\n", contacts[0], contacts[n / 3], contacts[n / 2], contacts[n - 1]);
    printf("TIME_MS %.4f\n", ms_a + ms_b);
    fprintf(stderr, "reference pairs %llu, mismatches %lld\n", ref_pairs, bad);
    printf("%s\n", bad ? "FAIL" : "PASS");
    cudaFree(d_pos); cudaFree(d_cell_of); cudaFree(d_counts); cudaFree(d_start);
    cudaFree(d_cursor); cudaFree(d_sorted); cudaFree(d_contacts); cudaFree(d_pairs);
    for (auto& ev : e) cudaEventDestroy(ev);
    return bad ? 1 : 0;
}
