// Thrust's CUDA back-end namespace (faiss's DeviceVector, CUDALibrarySamples, gunrock): rocThrust's is `hip`.
#include <hip/hip_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/sort.h>
#include <thrust/system/hip/execution_policy.h>

template <typename T>
void set_all(T *data, size_t num, T value, hipStream_t stream)
{
    thrust::fill(thrust::hip::par.on(stream), data, data + num, value);
}

void sort_keys(int *k, int n, hipStream_t s)
{
    thrust::sort(::thrust::hip::par.on(s), k, k + n);
    thrust::sort(thrust::system::hip::par, k, k + n);
    auto policy = thrust::hip_rocprim::par.on(s);
    thrust::sort(policy, k, k + n);
    thrust::sort(thrust::device, k, k + n);  // unchanged: rocThrust has thrust::device
}
