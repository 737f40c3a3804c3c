#include <limits>
#include <cmath>
#include <sycl/sycl.hpp>

struct Box {
    static float max(float a, float b) { return a > b ? a : b; }
};

template <typename T>
T lowest_above(const T *v, int n)
{
    T best = std::numeric_limits<T>::max();
    for (int i = 0; i < n; ++i)
        best = v[i] > 0 ? sycl::min(best, v[i]) : best;
    return Box::max(best, ::sycl::sqrt(best));
}
