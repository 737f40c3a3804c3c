// Thrust's CUDA back-end namespace (faiss's DeviceVector, CUDALibrarySamples, gunrock): rocThrust's is `hip`.
#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>

template <typename T>
void set_all(T *data, size_t num, T value, cudaStream_t stream)
{
    thrust::fill(thrust::cuda::par.on(stream), data, data + num, value);
}

void sort_keys(int *k, int n, cudaStream_t s)
{
    thrust::sort(::thrust::cuda::par.on(s), k, k + n);
    thrust::sort(thrust::system::cuda::par, k, k + n);
    auto policy = thrust::cuda_cub::par.on(s);
    thrust::sort(policy, k, k + n);
    thrust::sort(thrust::device, k, k + n);  // unchanged: rocThrust has thrust::device
}
