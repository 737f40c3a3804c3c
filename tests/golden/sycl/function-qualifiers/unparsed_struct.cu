// blocksparse's gpu_types.h: tree-sitter cannot parse `typedef struct __align__(2) ehalf {`, so the
// constructors' qualifiers are left outside any parsed function; they go as they do in parsed code (a
// qualifier before a name and `(`).
#include <cuda_runtime.h>
typedef unsigned short ushort;

typedef struct __align__(2) ehalf {
    __device__ __forceinline__ ehalf() {}
    __device__ __forceinline__ ehalf(ushort v) : x(v) {}
    ushort x;
} ehalf;

typedef struct __align__(4) ehalf2 {
    __device__ __forceinline__ ehalf2() {}
    __device__ inline __forceinline__ ehalf2(unsigned int v) : x(v) {}
    unsigned int x;
} ehalf2;

__device__ __forceinline__ float to_float(ehalf h) { return (float)h.x; }
