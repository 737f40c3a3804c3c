// CSR matrix container, random matrix builder and the SpMV entry point shared by the files.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

struct HostCsr {
    int rows = 0, cols = 0;
    std::vector<int> row_ptr, col_idx;
    std::vector<float> vals;
    int nnz() const { return row_ptr.empty() ? 0 : row_ptr.back(); }
};

struct DeviceCsr {
    int rows, cols, nnz;
    int* row_ptr;
    int* col_idx;
    float* vals;
};

// Skewed row lengths: one row in 8 is long (up to 420 entries), the rest short (1..24).
// Columns of a row are sorted and distinct (one per band of width cols/len).
inline HostCsr make_skewed_csr(int rows, int cols, uint32_t seed) {
    HostCsr m;
    m.rows = rows;
    m.cols = cols;
    m.row_ptr.assign(rows + 1, 0);
    uint32_t s = seed;
    auto next = [&s]() { return s = s * 1664525u + 1013904223u; };
    for (int r = 0; r < rows; ++r) {
        bool long_row = (next() >> 8) % 8u == 0;  // high bits: the LCG's low bits are weak
        int len = long_row ? 20 + (int)((next() >> 8) % 400u) : 1 + (int)((next() >> 8) % 24u);
        int band = cols / len;
        for (int k = 0; k < len; ++k) {
            m.col_idx.push_back(k * band + (int)((next() >> 8) % (uint32_t)band));
            m.vals.push_back((float)(next() >> 8) / 16777216.0f - 0.5f);
        }
        m.row_ptr[r + 1] = (int)m.col_idx.size();
    }
    return m;
}

// y = A * x with a warp per row; defined in spmv_vector.cu.
void spmv_csr_vector(const DeviceCsr& A, const float* d_x, float* d_y, cudaStream_t stream);
