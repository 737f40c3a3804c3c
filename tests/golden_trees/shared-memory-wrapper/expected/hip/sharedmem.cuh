#include <hip/hip_runtime.h>
template <class T> struct SharedMemory {
  __device__ inline operator T *() { extern __shared__ int __smem[]; return (T *)__smem; }
  __device__ inline operator const T *() const { extern __shared__ int __smem[]; return (T *)__smem; }
};
template <> struct SharedMemory<double> {
  __device__ inline operator double *() { extern __shared__ double __smem_d[]; return (double *)__smem_d; }
};
template <class T> class SharedMem {
 public:
  __device__ inline T *getPointer() { extern __shared__ T s[]; return s; };
};
