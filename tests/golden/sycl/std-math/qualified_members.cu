#include <limits>
#include <cmath>

struct Box {
    static float max(float a, float b) { return a > b ? a : b; }
};

template <typename T>
__device__ T lowest_above(const T *v, int n)
{
    T best = std::numeric_limits<T>::max();
    for (int i = 0; i < n; ++i)
        best = v[i] > 0 ? min(best, v[i]) : best;
    return Box::max(best, ::sqrt(best));
}
