#ifndef CUDASHAREDMEM_H
#define CUDASHAREDMEM_H
// Abstract: the un-specialised struct must not be instantiated.







// Another abstract class: no specialisation hands out shared memory, so it is an interface and stays.
template <typename T> struct Source {
  virtual T &operator[](int i) = 0;
};
#endif
