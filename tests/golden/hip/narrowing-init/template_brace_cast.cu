// A templated kernel's zero built with braces from a float literal (cuda-kernel-study's transpose):
// instantiated with `unsigned char`, the braces narrow, which clang rejects.
template <typename T, size_t BLOCK>
__global__ void transpose_shm(T* out, const T* in, size_t M, size_t N) {
    __shared__ T tile[BLOCK][BLOCK + 1];
    size_t m = blockIdx.y * BLOCK + threadIdx.y;
    size_t n = blockIdx.x * BLOCK + threadIdx.x;
    tile[threadIdx.y][threadIdx.x] = (m < M && n < N) ? in[m * N + n] : T{0.f};
    __syncthreads();
    T one = T{1};       // an integer literal: unchanged
    float half = float{0.5f};  // not a template parameter: unchanged
    out[n * M + m] = tile[threadIdx.x][threadIdx.y] + one * T(half);
}

template __global__ void transpose_shm<unsigned char, 16>(unsigned char*, const unsigned char*, size_t, size_t);
