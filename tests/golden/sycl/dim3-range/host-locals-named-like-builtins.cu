// A host launcher naming its dim3 locals after the built-ins (jetson-utils' cudaCrop.cu): in host code
// `blockDim.x` is the local's member, read as sycl::range's [2]; in the kernel it is CUDA's built-in.
__global__ void crop(const float *in, float *out, int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = in[y * w + x];
}

template <typename T>
static cudaError_t launchCrop(const T *in, T *out, int w, int h, cudaStream_t stream) {
  const dim3 blockDim(8, 8);
  const dim3 gridDim((w + blockDim.x - 1) / blockDim.x, (h + blockDim.y - 1) / blockDim.y);
  crop<<<gridDim, blockDim, 0, stream>>>(in, out, w, h);
  return cudaGetLastError();
}

cudaError_t cropFloat(const float *in, float *out, int w, int h, cudaStream_t stream) {
  return launchCrop<float>(in, out, w, h, stream);
}
