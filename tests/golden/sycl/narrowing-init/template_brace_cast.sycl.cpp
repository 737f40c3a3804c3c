#include <sycl/sycl.hpp>
// A templated kernel's zero built with braces from a float literal (cuda-kernel-study's transpose):
// instantiated with `unsigned char`, the braces narrow, which clang rejects.
template <typename T, size_t BLOCK>
void transpose_shm(T* out, const T* in, size_t M, size_t N, const sycl::nd_item<3> &item, T (*tile)[BLOCK + 1]) {
    size_t m = item.get_group(1) * BLOCK + item.get_local_id(1);
    size_t n = item.get_group(2) * BLOCK + item.get_local_id(2);
    tile[item.get_local_id(1)][item.get_local_id(2)] = (m < M && n < N) ? in[m * N + n] : T(0.f);
    sycl::group_barrier(item.get_group());
    T one = T{1};       // an integer literal: unchanged
    float half = float{0.5f};  // not a template parameter: unchanged
    out[n * M + m] = tile[item.get_local_id(2)][item.get_local_id(1)] + one * T(half);
}

template void transpose_shm<unsigned char, 16>(unsigned char*, const unsigned char*, size_t, size_t, const sycl::nd_item<3> &item, unsigned char (*tile)[16 + 1]);
