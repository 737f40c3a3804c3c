#include <sycl/sycl.hpp>
#include <cmath>
#include <vector>

// Host reference code: a std::vector's elements have its element type (even in `std::vector<float> h(n)`,
// which parses as a function declaration), and a math call returns the type its arguments pick.
double max_abs(int n) {
    std::vector<float> h(n), g(n);
    double m = 0.0;
    for (int i = 0; i < n; ++i) {
        m = fmax(m, fabs(h[i]));
        m = fmax(m, fabsf(g[i]) + 1.0f);
    }
    return m;
}
