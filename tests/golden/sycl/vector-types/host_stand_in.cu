// oskar's oskar_vector_types.h: stand-in vector types for compilers other than nvcc, under a test nvcc reads
// as false whatever the other name. They are not the project's float2: the CUDA type is used below.
#ifdef __CUDACC__
#include <vector_types.h>
#endif
#if !(defined(__VECTOR_TYPES_H__) || defined(__CUDACC__))
struct float2 { float x, y; };
typedef struct float2 float2;
#endif
struct alignas(32) float4c { float2 a, b, c, d; };
__global__ void k(float4c *p) { p[0].a.x = 1.0f; }
