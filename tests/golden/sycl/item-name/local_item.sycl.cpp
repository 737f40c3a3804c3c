#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

struct Work {
    unsigned int id;
    unsigned int mask;
};

// The kernel's own `item` would hide the nd_item parameter the translation adds.
void count_bits(const Work *in, unsigned int *out, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) {
        Work item_ = in[i];
        out[item_.id] = sycl::popcount(item_.mask) + item.get_local_id(2);
    }
}

unsigned int weight(const Work &item_, const sycl::nd_item<3> &item) { return sycl::popcount(item_.mask) * item.get_local_range(2); }

void weigh(const Work *in, unsigned int *out, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) out[i] = weight(in[i], item);
}

int main() {
    const int n = 256;
    Work *d_in;
    unsigned int *d_out;
    d_in = (Work *)sycl::malloc_device(n * sizeof(Work), gpuport_queue());
    d_out = (unsigned int *)sycl::malloc_device(n * sizeof(unsigned int), gpuport_queue());
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) { count_bits(d_in, d_out, n, item); });
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) { weigh(d_in, d_out, n, item); });
    gpuport_queue().wait();
    // a member named `item` never collides
    struct { int item; } s = {1};
    sycl::free(d_in, gpuport_queue());
    sycl::free(d_out, gpuport_queue());
    return s.item - 1;
}
