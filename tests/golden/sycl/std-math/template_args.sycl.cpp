#include <sycl/sycl.hpp>
#include <cmath>
#include <algorithm>
#include <cstdint>
void k(uint64_t *o, uint64_t n, const sycl::nd_item<3> &item) { o[item.get_local_id(2)] = std::min<uint64_t>(1ull << item.get_local_id(2), n); }
void f(uint64_t a, unsigned b, uint64_t *o) { *o = std::min<uint64_t>(a, (uint64_t)b) + std::max(a, (uint64_t)b); }
