// Index helpers whose parameters are named like the type (lightseq's and FasterTransformer's kernels.h):
// those `dim3`s are the program's variables; the launch's dim3s in the same file are the type.
__device__ int flat_index(int id1, int id2, int id3, int dim2, int dim3) {
  return id1 * dim2 * dim3 + id2 * dim3 + id3;
}

__device__ void split_index(int src, int dim3, int *id2, int *id3) {
  *id3 = src % dim3;
  src /= dim3;
  *id2 = src;
}

__global__ void fill(int *out, int dim2, int dim3) {
  int id2, id3;
  split_index(threadIdx.x, dim3, &id2, &id3);
  out[threadIdx.x] = flat_index(0, id2, id3, dim2, dim3);
}

int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  dim3 grid(1), block(64);
  fill<<<grid, block>>>(d, 8, 8);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
