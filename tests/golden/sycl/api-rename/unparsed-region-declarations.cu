// A region tree-sitter-cuda cannot parse (half_float's numeric_limits specialisation, its macros
// unexpanded), read token by token: `min()` declared after a type is the class's own member and
// `half_float::half` another namespace's name, so neither is renamed; the call below is CUDA's `min`.
#include <limits>
#define HALF_CONSTEXPR constexpr
#define HALF_NOTHROW noexcept
namespace half_float {
namespace detail {
struct binary_t {};
constexpr binary_t binary = binary_t();
}  // namespace detail
class half {
 public:
  constexpr half(detail::binary_t, unsigned short b) : bits(b) {}
  unsigned short bits;
};
}  // namespace half_float
namespace std {
template <> class numeric_limits<half_float::half> {
 public:
  static HALF_CONSTEXPR half_float::half min() HALF_NOTHROW { return half_float::half(half_float::detail::binary, 0x0400); }
};
}  // namespace std

__device__ float smaller(float a, float b) { return min(a, b); }
