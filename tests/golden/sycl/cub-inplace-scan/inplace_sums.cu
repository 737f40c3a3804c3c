// GPUPrefixSums' CUB baseline: the in-place device scans of CUB 2.2 (one pointer for input and output),
// a temporary-storage query first, one on a stream; the out-of-place forms stay as written.
#include <cub/cub.cuh>

void scan_in_place(unsigned* d_scan, unsigned size, cudaStream_t stream) {
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    cub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, size);
    cudaMalloc(&d_temp, temp_bytes);
    cub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, size);
    cub::DeviceScan::ExclusiveSum<unsigned*>(d_temp, temp_bytes, d_scan + 1, size - 1);
    cub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, d_scan, size);  // out-of-place: unchanged
    cub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, d_scan, size, stream);  // in place, on a stream
    cub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, d_scan, d_scan + size, size);  // out-of-place: unchanged
    cudaFree(d_temp);
}
