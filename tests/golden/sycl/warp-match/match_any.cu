__device__ int bin_of(unsigned id) { return id % 64; }

__global__ void aggregate(const unsigned *ids, unsigned *hist) {
    const unsigned bin = bin_of(ids[threadIdx.x]);
    const unsigned peers = __match_any_sync(0xffffffff, bin);
    int same;
    const unsigned all = __match_all_sync(0xffffffff, bin, &same);
    if (same || all) hist[bin] += __popc(peers);
}
