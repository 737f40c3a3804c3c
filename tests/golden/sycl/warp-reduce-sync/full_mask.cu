#define FULL 0xffffffffu
constexpr unsigned kAll = 0xffffffff;

__global__ void warp_totals(const unsigned *x, unsigned *out) {
    unsigned v = x[threadIdx.x];
    unsigned s = __reduce_add_sync(0xffffffff, v);
    unsigned lo = __reduce_min_sync(FULL, v);
    unsigned hi = __reduce_max_sync(kAll, v);
    unsigned a = __reduce_and_sync(__activemask(), v) | __reduce_or_sync(~0u, v) ^ __reduce_xor_sync(FULL, v);
    out[threadIdx.x] = s + lo + hi + a;
}
