#include "graph_stats.cuh"

__device__ unsigned int g_max_out_degree;
__device__ unsigned int g_max_in_degree;
__device__ unsigned long long g_self_loops;

__device__ int log2_bin(unsigned int degree)
{
    return degree == 0 ? 0 : 32 - __clz(degree);
}
