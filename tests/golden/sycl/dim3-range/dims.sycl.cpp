#include <sycl/sycl.hpp>
#define BX 32
#define BY 8
void config(int w, int h) {
    sycl::range<3> block(1, BY, BX);
    sycl::range<3> grid(1, (h + block[1] - 1) / block[1], (w + block[2] - 1) / block[2]);
    sycl::range<3> one(1, 1, 1);
    grid[0] = 1;
    int threads = block[2] * block[1] * one[0];
    (void)threads;
}
