#include <algorithm>
#include <cstdint>
void f(uint64_t a, uint64_t b, uint64_t *o){ *o = std::min<uint64_t>(a, b) + std::max(a, b); }
