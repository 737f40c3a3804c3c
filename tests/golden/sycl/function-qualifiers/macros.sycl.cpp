#include <sycl/sycl.hpp>
#define HD inline
#define DEV_INLINE inline
#define HOST_DEVICE 

template <typename T>
struct Scale {
    T a;
    HD T operator()(T x) const { return a * x; }  // __device__ in a comment stays
};

DEV_INLINE float twice(float x) { return 2.f * x; }
HOST_DEVICE int add(int a, int b) { return a + b; }

void apply(float *x, const sycl::nd_item<3> &item)
{
    auto f = [] (float v) { return v + 1.f; };
    x[0] = f(Scale<float>{2.f}(twice(x[0])));
}
