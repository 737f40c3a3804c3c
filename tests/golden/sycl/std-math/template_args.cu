#include <algorithm>
#include <cstdint>
__global__ void k(uint64_t *o, uint64_t n) { o[threadIdx.x] = std::min<uint64_t>(1ull << threadIdx.x, n); }
void f(uint64_t a, unsigned b, uint64_t *o) { *o = std::min<uint64_t>(a, (uint64_t)b) + std::max(a, (uint64_t)b); }
