// Blelloch (work-efficient) exclusive scan: up-sweep builds partial sums in a balanced tree, the root is
// cleared, and the down-sweep pushes prefixes back to the leaves. Large inputs recurse on block sums.
#include "scan.cuh"

__device__ __forceinline__ int padded(int i) { return i + CONFLICT_FREE_OFFSET(i); }

__global__ void blelloch_block_scan(const unsigned* __restrict__ in, unsigned* __restrict__ out,
                                    unsigned* __restrict__ block_sums, size_t n) {
    extern __shared__ unsigned temp[];
    const int tid = threadIdx.x;
    const int elems = 2 * blockDim.x;
    const size_t base = (size_t)blockIdx.x * elems;

    const int ai = tid;
    const int bi = tid + blockDim.x;
    temp[padded(ai)] = (base + ai < n) ? in[base + ai] : 0u;
    temp[padded(bi)] = (base + bi < n) ? in[base + bi] : 0u;

    int offset = 1;
    for (int d = elems >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            const int a = offset * (2 * tid + 1) - 1;
            const int b = offset * (2 * tid + 2) - 1;
            temp[padded(b)] += temp[padded(a)];
        }
        offset <<= 1;
    }

    if (tid == 0) {
        const int last = padded(elems - 1);
        if (block_sums != nullptr) block_sums[blockIdx.x] = temp[last];
        temp[last] = 0u;
    }

    for (int d = 1; d < elems; d <<= 1) {
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            const int a = padded(offset * (2 * tid + 1) - 1);
            const int b = padded(offset * (2 * tid + 2) - 1);
            const unsigned t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    __syncthreads();

    if (base + ai < n) out[base + ai] = temp[padded(ai)];
    if (base + bi < n) out[base + bi] = temp[padded(bi)];
}

__global__ void add_block_increments(unsigned* __restrict__ data, const unsigned* __restrict__ incr, size_t n) {
    const unsigned add = incr[blockIdx.x];
    const size_t base = (size_t)blockIdx.x * 2 * blockDim.x;
    const size_t i0 = base + threadIdx.x;
    const size_t i1 = i0 + blockDim.x;
    if (i0 < n) data[i0] += add;
    if (i1 < n) data[i1] += add;
}

size_t scan_shared_bytes() {
    return (SCAN_ELEMS_PER_BLOCK + CONFLICT_FREE_OFFSET(SCAN_ELEMS_PER_BLOCK)) * sizeof(unsigned);
}

static size_t blocks_for(size_t n) { return (n + SCAN_ELEMS_PER_BLOCK - 1) / SCAN_ELEMS_PER_BLOCK; }

void scan_workspace_create(ScanWorkspace& ws, size_t n) {
    size_t blocks = blocks_for(n);
    while (blocks > 1) {
        unsigned *sums = nullptr, *scanned = nullptr;
        CUDA_CHECK(cudaMalloc(&sums, blocks * sizeof(unsigned)));
        CUDA_CHECK(cudaMalloc(&scanned, blocks * sizeof(unsigned)));
        ws.sums.push_back(sums);
        ws.scanned.push_back(scanned);
        ws.sizes.push_back(blocks);
        blocks = blocks_for(blocks);
    }
}

void scan_workspace_destroy(ScanWorkspace& ws) {
    for (unsigned* p : ws.sums) CUDA_CHECK(cudaFree(p));
    for (unsigned* p : ws.scanned) CUDA_CHECK(cudaFree(p));
    ws.sums.clear();
    ws.scanned.clear();
    ws.sizes.clear();
}

void scan_exclusive(const unsigned* d_in, unsigned* d_out, size_t n, ScanWorkspace& ws, int level) {
    const size_t blocks = blocks_for(n);
    const size_t smem = scan_shared_bytes();
    if (blocks == 1) {
        blelloch_block_scan<<<1, SCAN_THREADS, smem>>>(d_in, d_out, nullptr, n);
        CUDA_CHECK(cudaGetLastError());
        return;
    }
    blelloch_block_scan<<<(unsigned)blocks, SCAN_THREADS, smem>>>(d_in, d_out, ws.sums[level], n);
    CUDA_CHECK(cudaGetLastError());
    scan_exclusive(ws.sums[level], ws.scanned[level], blocks, ws, level + 1);
    add_block_increments<<<(unsigned)blocks, SCAN_THREADS>>>(d_out, ws.scanned[level], n);
    CUDA_CHECK(cudaGetLastError());
}
