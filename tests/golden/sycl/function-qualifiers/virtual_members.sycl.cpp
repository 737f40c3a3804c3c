// Qualifiers on member declarations whose declarator wraps the function one (a reference or pointer
// return): pure virtual members of an abstract base and out-of-class-defined members, as in class
// hierarchies shared by host and device code.
#include <sycl/sycl.hpp>
template <typename T> struct Buffer {
  virtual T &operator[](int i) = 0;
  virtual T *data() = 0;
  virtual const T &first() const = 0;
  virtual ~Buffer() {}
};
template <typename T> struct Fixed : Buffer<T> {
  T v[4];
  T &operator[](int i) override { return v[i]; }
  T *data() override { return v; }
  const T &first() const override { return v[0]; }
  Fixed<T> &fill(T x);
};
template <typename T> Fixed<T> &Fixed<T>::fill(T x) {
  for (int i = 0; i < 4; i++) v[i] = x;
  return *this;
}
float *row(float *m, int i);
const float &pick(const float *m, int i);
float *row(float *m, int i) { return m + 4 * i; }
const float &pick(const float *m, int i) { return m[i]; }
