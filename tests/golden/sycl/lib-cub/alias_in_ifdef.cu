// The BlockReduce alias and its uses inside `#ifdef HAVE_CUB` blocks (multi-gpu-programming-models).
#include <cub/block/block_reduce.cuh>
typedef float real;
template <int BLOCK_DIM_X, int BLOCK_DIM_Y>
__global__ void k(real* __restrict__ const l2, const real *a) {
#ifdef HAVE_CUB
    typedef cub::BlockReduce<real, BLOCK_DIM_X, cub::BLOCK_REDUCE_WARP_REDUCTIONS, BLOCK_DIM_Y>
        BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
#endif
    real v = a[threadIdx.x];
#ifdef HAVE_CUB
    real block_l2_norm = BlockReduce(temp_storage).Sum(v);
    if (0 == threadIdx.y && 0 == threadIdx.x) atomicAdd(l2, block_l2_norm);
#else
    atomicAdd(l2, v);
#endif
}
