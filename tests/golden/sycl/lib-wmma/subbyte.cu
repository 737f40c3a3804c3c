// WMMA's sub-byte precisions and bit matrix multiply (wmma::experimental, bmma_sync) are not emulated by
// GP272: they are reported unconverted; the rest of the kernel is translated.
#include <mma.h>

using namespace nvcuda;

__global__ void xor_popc(const unsigned *a, const unsigned *b, int *c) {
    wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> a_frag;
    wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> b_frag;
    wmma::fragment<wmma::accumulator, 8, 8, 128, int> acc;
    wmma::fill_fragment(acc, 0);
    wmma::load_matrix_sync(a_frag, a, 128);
    wmma::load_matrix_sync(b_frag, b, 128);
    wmma::bmma_sync(acc, a_frag, b_frag, acc, wmma::experimental::bmmaBitOpXOR,
                    wmma::experimental::bmmaAccumulateOpPOPC);
    wmma::store_matrix_sync(c, acc, 8, wmma::mem_row_major);
}
