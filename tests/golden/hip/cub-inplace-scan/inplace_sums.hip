// GPUPrefixSums' CUB baseline: the in-place device scans of CUB 2.2 (one pointer for input and output),
// a temporary-storage query first, one on a stream; the out-of-place forms stay as written.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

void scan_in_place(unsigned* d_scan, unsigned size, hipStream_t stream) {
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    hipcub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, d_scan, size);
    hipMalloc(&d_temp, temp_bytes);
    hipcub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, d_scan, size);
    hipcub::DeviceScan::ExclusiveSum<unsigned*>(d_temp, temp_bytes, d_scan + 1, d_scan + 1, size - 1);
    hipcub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, d_scan, size);  // out-of-place: unchanged
    hipcub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, d_scan, d_scan, size, stream);  // in place, on a stream
    hipcub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, d_scan, d_scan + size, size);  // out-of-place: unchanged
    hipFree(d_temp);
}
