// A templated kernel in a namespace with dynamic shared memory, launched with its qualified name: the
// launch creates the local accessor. A launch inside a macro body cannot be rewritten (its kernel is a
// macro parameter): it is reported, not left to fail at compile time.
#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
namespace ns {
template <typename T> __global__ void scale(T *a, T s) {
  extern __shared__ T tile[];
  tile[threadIdx.x] = a[threadIdx.x] * s;
  __syncthreads();
  a[threadIdx.x] = tile[threadIdx.x];
}
}  // namespace ns
__global__ void plain(float *a) { a[threadIdx.x] += threadIdx.x; }

void run(float *d) {
  ns::scale<float><<<1, 64, 64 * sizeof(float)>>>(d, 2.0f);
  LAUNCH(plain, 1, 64, d);
}
