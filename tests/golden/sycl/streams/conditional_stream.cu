// A launch on a stream chosen by a conditional whose other branch is CUDA's default stream `0` (the
// stream pointer may be null): the queue is tested before use, as a stream variable is.
__global__ void fill(float* x, float v) { x[threadIdx.x] = v; }

void run(float* x, cudaStream_t* sp, cudaStream_t* streams, int i) {
    fill<<<1, 32, 0, sp ? *sp : 0>>>(x, 1.0f);
    cudaMemsetAsync(x, 0, 32 * sizeof(float), sp ? *sp : 0);
    fill<<<1, 32, 0, streams[i]>>>(x, 2.0f);
}
