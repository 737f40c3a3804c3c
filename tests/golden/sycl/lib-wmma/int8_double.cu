// WMMA's integer and double tiles in standard SYCL (GP272): signed char inputs with int accumulators
// (satf clamps to the int range) and the 8 x 8 x 4 double tile, through a device function that takes
// fragments by reference.
#include <mma.h>

using namespace nvcuda;

__device__ void tile_product(wmma::fragment<wmma::accumulator, 16, 16, 16, int> &acc,
                             const signed char *a, const signed char *b) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a_frag;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b_frag;
    wmma::load_matrix_sync(a_frag, a, 16);
    wmma::load_matrix_sync(b_frag, b, 16);
    wmma::mma_sync(acc, a_frag, b_frag, acc, true);
}

__global__ void int8_gemm(const signed char *a, const signed char *b, int *c) {
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
    wmma::fill_fragment(acc, 0);
    tile_product(acc, a, b);
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_col_major);
}

__global__ void dmma(const double *a, const double *b, double *c) {
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a_frag;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> b_frag;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
    wmma::load_matrix_sync(acc, c, 8, wmma::mem_row_major);
    wmma::load_matrix_sync(a_frag, a, 4);
    wmma::load_matrix_sync(b_frag, b, 8);
    wmma::mma_sync(acc, a_frag, b_frag, acc);
    wmma::store_matrix_sync(c, acc, 8, wmma::mem_row_major);
}

void launch(const signed char *a8, const signed char *b8, int *c8, const double *a, const double *b, double *c) {
    int8_gemm<<<1, 32>>>(a8, b8, c8);
    dmma<<<1, 32>>>(a, b, c);
}
