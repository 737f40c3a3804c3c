#ifndef CUDASHAREDMEM_H
#include <hip/hip_runtime.h>
#define CUDASHAREDMEM_H
// Abstract: the un-specialised struct must not be instantiated.
template <typename T> struct SharedMemory {
  virtual __device__ T &operator*() = 0;
  virtual __device__ T &operator[](int i) = 0;
};

#define BUILD_SHAREDMEMORY_TYPE(t, n) \
  template <> struct SharedMemory<t> { \
    __device__ t &operator*() { extern __shared__ t n[]; return *n; } \
    __device__ t &operator[](int i) { extern __shared__ t n[]; return n[i]; } \
  }

BUILD_SHAREDMEMORY_TYPE(int, s_int);
BUILD_SHAREDMEMORY_TYPE(float, s_float);
BUILD_SHAREDMEMORY_TYPE(double, s_double);

// Another abstract class: no specialisation hands out shared memory, so it is an interface and stays.
template <typename T> struct Source {
  virtual __device__ T &operator[](int i) = 0;
};
#endif
