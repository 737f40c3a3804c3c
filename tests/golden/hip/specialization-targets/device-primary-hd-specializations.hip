// jetson-utils' cudaVector.h shape: a __device__ primary template with __host__ __device__ explicit specializations.
#include <hip/hip_runtime.h>
template <typename T> struct Info;
template<> struct Info<int> { typedef int Base; };
template<typename T> inline __host__ __device__ typename Info<T>::Base alpha(T vec, typename Info<T>::Base d = 255) { return d; }
template<> inline __host__ __device__ int alpha(int vec, int d) { return d; }
template <typename T> T plain(T v) { return v; }
template <> float plain(float v) { return 1.0f; }
__global__ void k(int *a) { a[0] = alpha(a[0]); }
