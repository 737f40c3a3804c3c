// WMMA in standard SYCL (GP272): every work-item holds whole tiles. Three kernels, one per spelling of the
// namespace: a 32 x 32 x 32 GEMM of 16 x 16 x 16 half tiles with float accumulators scaled element-wise
// (using namespace nvcuda), a 32 x 8 x 16 tile with a half accumulator and a column-major matrix_a stored
// column-major (nvcuda::wmma:: spelled out), and a 16 x 16 x 8 tf32 tile (using namespace nvcuda::wmma).
// It prints every result; tests/test_sycl_libs_run.py checks them against numpy.
#include <cuda_fp16.h>
#include <mma.h>
#include <cstdio>

using namespace nvcuda;

#define MDIM 32
#define NDIM 32
#define KDIM 32

// D = alpha * A * B + beta * C: A row-major, B column-major, C and D row-major; one warp per 16 x 16 tile
__global__ void wmma_gemm(const half *a, const half *b, const float *c, float *d, float alpha, float beta) {
    int tile_m = blockIdx.y * 16, tile_n = blockIdx.x * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a_frag;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b_frag;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c_frag;
    wmma::fill_fragment(acc, 0.0f);
    for (int k = 0; k < KDIM; k += 16) {
        wmma::load_matrix_sync(a_frag, a + tile_m * KDIM + k, KDIM);
        wmma::load_matrix_sync(b_frag, b + tile_n * KDIM + k, KDIM);
        wmma::mma_sync(acc, a_frag, b_frag, acc);
    }
    wmma::load_matrix_sync(c_frag, c + tile_m * NDIM + tile_n, NDIM, wmma::mem_row_major);
    for (int i = 0; i < c_frag.num_elements; i++) c_frag.x[i] = alpha * acc.x[i] + beta * c_frag.x[i];
    wmma::store_matrix_sync(d + tile_m * NDIM + tile_n, c_frag, NDIM, wmma::mem_row_major);
}

// E = A' * B[0:16, 0:8] with A' the 32 x 16 matrix A seen column-major; E stored column-major
__global__ void wmma_tall(const half *a, const half *b, half *e) {
    nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 32, 8, 16, half, nvcuda::wmma::col_major> a_frag;
    nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 32, 8, 16, half, nvcuda::wmma::col_major> b_frag;
    nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 32, 8, 16, half> acc;
    nvcuda::wmma::fill_fragment(acc, __float2half(0.0f));
    nvcuda::wmma::load_matrix_sync(a_frag, a, KDIM);
    nvcuda::wmma::load_matrix_sync(b_frag, b, KDIM);
    nvcuda::wmma::mma_sync(acc, a_frag, b_frag, acc);
    nvcuda::wmma::store_matrix_sync(e, acc, MDIM, nvcuda::wmma::mem_col_major);
}

// F = tf32(A32[0:16, 0:8]) * tf32(B32[0:8, 0:16]), row-major float inputs rounded to tf32
__global__ void wmma_tf32(const float *a, const float *b, float *f) {
    using namespace nvcuda::wmma;
    fragment<matrix_a, 16, 16, 8, precision::tf32, row_major> a_frag;
    fragment<matrix_b, 16, 16, 8, precision::tf32, row_major> b_frag;
    fragment<accumulator, 16, 16, 8, float> acc;
    fill_fragment(acc, 0.0f);
    load_matrix_sync(a_frag, a, 8);
    load_matrix_sync(b_frag, b, 16);
    for (int i = 0; i < a_frag.num_elements; i++) a_frag.x[i] = __float_to_tf32(a_frag.x[i]);
    for (int i = 0; i < b_frag.num_elements; i++) b_frag.x[i] = __float_to_tf32(b_frag.x[i]);
    mma_sync(acc, a_frag, b_frag, acc);
    store_matrix_sync(f, acc, 16, mem_row_major);
}

static void print_row(const char *name, const float *v, int n) {
    printf("%s", name);
    for (int i = 0; i < n; ++i) printf(" %.9g", v[i]);
    printf("\n");
}

int main() {
    half ha[MDIM * KDIM], hb[KDIM * NDIM], he[MDIM * 8];
    float hc[MDIM * NDIM], hd[MDIM * NDIM], hf[16 * 16], fa[16 * 8], fb[8 * 16];
    for (int i = 0; i < MDIM * KDIM; ++i) ha[i] = __float2half(((i * 7) % 11 - 5) / 4.0f);
    for (int i = 0; i < KDIM * NDIM; ++i) hb[i] = __float2half(((i * 5) % 13 - 6) / 8.0f);
    for (int i = 0; i < MDIM * NDIM; ++i) hc[i] = (float)(i % 9 - 4);
    for (int i = 0; i < 16 * 8; ++i) fa[i] = sinf(0.37f * i + 0.1f);
    for (int i = 0; i < 8 * 16; ++i) fb[i] = cosf(1.3f * i);
    half *a, *b, *e;
    float *c, *d, *a32, *b32, *f;
    cudaMalloc(&a, sizeof(ha));
    cudaMalloc(&b, sizeof(hb));
    cudaMalloc(&c, sizeof(hc));
    cudaMalloc(&d, sizeof(hd));
    cudaMalloc(&e, sizeof(he));
    cudaMalloc(&a32, sizeof(fa));
    cudaMalloc(&b32, sizeof(fb));
    cudaMalloc(&f, sizeof(hf));
    cudaMemcpy(a, ha, sizeof(ha), cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb, sizeof(hb), cudaMemcpyHostToDevice);
    cudaMemcpy(c, hc, sizeof(hc), cudaMemcpyHostToDevice);
    cudaMemcpy(a32, fa, sizeof(fa), cudaMemcpyHostToDevice);
    cudaMemcpy(b32, fb, sizeof(fb), cudaMemcpyHostToDevice);
    wmma_gemm<<<dim3(NDIM / 16, MDIM / 16), 32>>>(a, b, c, d, 1.5f, -0.5f);
    wmma_tall<<<1, 32>>>(a, b, e);
    wmma_tf32<<<1, 32>>>(a32, b32, f);
    cudaMemcpy(hd, d, sizeof(hd), cudaMemcpyDeviceToHost);
    cudaMemcpy(he, e, sizeof(he), cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, f, sizeof(hf), cudaMemcpyDeviceToHost);
    print_row("gemm", hd, MDIM * NDIM);
    float fe[MDIM * 8];
    for (int i = 0; i < MDIM * 8; ++i) fe[i] = __half2float(he[i]);
    print_row("tall", fe, MDIM * 8);
    print_row("tf32", hf, 16 * 16);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    cudaFree(d);
    cudaFree(e);
    cudaFree(a32);
    cudaFree(b32);
    cudaFree(f);
    return 0;
}
