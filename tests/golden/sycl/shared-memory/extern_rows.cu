// Dynamic shared memory declared as rows of a fixed length (cudaTensorCoreGemm's
// `extern __shared__ half shmem[][CHUNK_K * K + SKEW_HALF];`): the kernel takes a pointer to rows, and the
// launch's dynamic accessor is passed through a cast to it; a second extern array is the same memory.
#define ROW 33

__global__ void transpose(const float *in, float *out, int n) {
    extern __shared__ float tile[][ROW];
    int tx = threadIdx.x, ty = threadIdx.y;
    tile[ty][tx] = in[ty * n + tx];
    __syncthreads();
    out[tx * n + ty] = tile[tx][ty];
}

__global__ void transpose_flat(const float *in, float *out, int n) {
    // the same memory twice: flat, and as rows of ROW
    extern __shared__ float flat[];
    extern __shared__ float rows[][ROW];
    int tx = threadIdx.x, ty = threadIdx.y;
    flat[ty * ROW + tx] = in[ty * n + tx];
    __syncthreads();
    out[tx * n + ty] = rows[tx][ty];
}

void run(const float *in, float *out, int n) {
    transpose<<<1, dim3(32, 32), 32 * ROW * sizeof(float)>>>(in, out, n);
    transpose_flat<<<1, dim3(32, 32), 32 * ROW * sizeof(float)>>>(in, out, n);
}
