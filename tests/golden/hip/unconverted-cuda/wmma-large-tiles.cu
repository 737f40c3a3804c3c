// What HIP has no counterpart for is reported, never left silent: WMMA (mma.h, nvcuda::wmma; the CUDA
// samples' cudaTensorCoreGemm) and cooperative groups' block_tile_memory (tiles larger than a warp; the
// CUDA samples' reduction).
#include <mma.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;
using namespace nvcuda;

__global__ void gemm(const half *a, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::load_matrix_sync(fa, a, 16);
}

template <unsigned BlockSize>
__global__ void big_tiles(float *x) {
  __shared__ cg::block_tile_memory<BlockSize> scratch;
  cg::thread_block cta = cg::this_thread_block(scratch);
  x[cta.thread_rank()] = 0.0f;
}
