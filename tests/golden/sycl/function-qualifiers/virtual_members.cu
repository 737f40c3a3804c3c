// Qualifiers on member declarations whose declarator wraps the function one (a reference or pointer
// return): pure virtual members of an abstract base and out-of-class-defined members, as in class
// hierarchies shared by host and device code.
#include <cuda_runtime.h>
template <typename T> struct Buffer {
  virtual __device__ T &operator[](int i) = 0;
  virtual __device__ T *data() = 0;
  __host__ __device__ virtual const T &first() const = 0;
  virtual __host__ __device__ ~Buffer() {}
};
template <typename T> struct Fixed : Buffer<T> {
  T v[4];
  __device__ T &operator[](int i) override { return v[i]; }
  __device__ T *data() override { return v; }
  __host__ __device__ const T &first() const override { return v[0]; }
  __host__ __device__ Fixed<T> &fill(T x);
};
template <typename T> __host__ __device__ Fixed<T> &Fixed<T>::fill(T x) {
  for (int i = 0; i < 4; i++) v[i] = x;
  return *this;
}
__device__ float *row(float *m, int i);
__host__ __device__ const float &pick(const float *m, int i);
__device__ float *row(float *m, int i) { return m + 4 * i; }
__host__ __device__ const float &pick(const float *m, int i) { return m[i]; }
