// A kernel taking a host object by reference (the object lives in managed memory, as in NVIDIA's
// unified-memory post): the launch passes the object's address, not a const copy.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

struct Counter {
    int hits;
    float sum;
};

void bump(Counter &c, const Counter &limit, float v, const sycl::nd_item<3> &item) {
    if (c.hits < limit.hits) {
        c.hits += 1;
        c.sum += v;
    }
}

int main() {
    Counter *c, *limit;
    c = (Counter *)sycl::malloc_shared(sizeof(Counter), gpuport_queue());
    limit = (Counter *)sycl::malloc_shared(sizeof(Counter), gpuport_queue());
    c->hits = 0;
    c->sum = 0.0f;
    limit->hits = 2;
    for (int i = 0; i < 3; ++i) {
        gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 1), sycl::range<3>(1, 1, 1)), [=, arg0 = &(*c), arg1 = *limit](sycl::nd_item<3> item) { bump(*arg0, arg1, 1.5f, item); });
        gpuport_queue().wait();
    }
    printf("%s %d %g\n", c->hits == 2 && c->sum == 3.0f ? "PASS" : "FAIL", c->hits, c->sum);
    return 0;
}
