// Grid-stride elementwise kernels and their launchers. The launchers are explicitly instantiated for
// the (type, functor) pairs the program uses, so main.cu only needs the declarations in ops.cuh.
#include "ops.cuh"

template <typename T, typename Op>
__global__ void unary_kernel(const T* __restrict__ in, T* __restrict__ out, size_t n, Op op) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x)
        out[i] = op(in[i]);
}

template <typename T, typename Op>
__global__ void binary_kernel(const T* __restrict__ a, const T* __restrict__ b, T* __restrict__ out, size_t n, Op op) {
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x)
        out[i] = op(a[i], b[i]);
}

static int grid_for(size_t n, int threads) {
    const size_t wanted = (n + threads - 1) / threads;
    return (int)(wanted < 4096 ? (wanted > 0 ? wanted : 1) : 4096);
}

template <typename T, typename Op>
void launch_unary(const T* in, T* out, size_t n, Op op, cudaStream_t stream) {
    unary_kernel<T, Op><<<grid_for(n, 256), 256, 0, stream>>>(in, out, n, op);
    CUDA_CHECK(cudaGetLastError());
}

template <typename T, typename Op>
void launch_binary(const T* a, const T* b, T* out, size_t n, Op op, cudaStream_t stream) {
    binary_kernel<T, Op><<<grid_for(n, 256), 256, 0, stream>>>(a, b, out, n, op);
    CUDA_CHECK(cudaGetLastError());
}

template void launch_unary<float, Affine<float>>(const float*, float*, size_t, Affine<float>, cudaStream_t);
template void launch_unary<float, Compose<Relu<float>, Affine<float>>>(const float*, float*, size_t,
                                                                        Compose<Relu<float>, Affine<float>>,
                                                                        cudaStream_t);
template void launch_unary<double, Compose<Square<double>, Affine<double>>>(const double*, double*, size_t,
                                                                            Compose<Square<double>, Affine<double>>,
                                                                            cudaStream_t);
template void launch_unary<int, CollatzSteps>(const int*, int*, size_t, CollatzSteps, cudaStream_t);
template void launch_binary<float, Max<float>>(const float*, const float*, float*, size_t, Max<float>, cudaStream_t);
template void launch_binary<int, AbsDiff<int>>(const int*, const int*, int*, size_t, AbsDiff<int>, cudaStream_t);
