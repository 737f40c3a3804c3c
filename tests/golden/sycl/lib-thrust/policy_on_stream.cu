// `thrust::cuda::par.on(stream)` (faiss's DeviceVector::setAll): the policy waits for the stream, then the
// algorithm runs as any other; `thrust::cuda::par` alone is `thrust::device`.
#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/sequence.h>

template <typename T>
void set_all(T *data, size_t num, T value, cudaStream_t stream)
{
    thrust::fill(thrust::cuda::par.on(stream), data, data + num, value);
}

void ramp(int *d, int n, cudaStream_t s)
{
    thrust::sequence(thrust::cuda::par, d, d + n);
    thrust::sequence(::thrust::cuda::par.on(s), d, d + n, 1);
}
