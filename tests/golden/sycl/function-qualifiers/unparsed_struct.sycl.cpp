// blocksparse's gpu_types.h: tree-sitter cannot parse `typedef struct __align__(2) ehalf {`, so the
// constructors' qualifiers are left outside any parsed function; they go as they do in parsed code (a
// qualifier before a name and `(`).
#include <sycl/sycl.hpp>
typedef unsigned short ushort;

typedef struct alignas(2) ehalf {
    inline ehalf() {}
    inline ehalf(ushort v) : x(v) {}
    ushort x;
} ehalf;

typedef struct alignas(4) ehalf2 {
    inline ehalf2() {}
    inline ehalf2(unsigned int v) : x(v) {}
    unsigned int x;
} ehalf2;

inline float to_float(ehalf h) { return (float)h.x; }
