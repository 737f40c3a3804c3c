#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

// Several streams in one declaration, in a struct and as a const parameter.
struct Pipeline {
    sycl::queue *upload, *compute;
    sycl::event ready;
};

void twice(float *x, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) x[i] *= 2.0f;
}

void run(sycl::queue *const stream, float *d, int n) {
    (stream ? *stream : gpuport_queue()).parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 255) / 256) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { twice(d, n, item); });
}

int main() {
    const int n = 1024;
    float *d;
    d = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    sycl::queue *s_up, *s_comp, *ring[2];
    s_up = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
    s_comp = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
    ring[0] = s_up;
    ring[1] = s_comp;
    Pipeline p{s_up, s_comp, {}};
    run(ring[1], d, n);
    run(p.upload, d, n);
    s_comp->wait();
    s_up->wait();
    delete s_up;
    delete s_comp;
    sycl::free(d, gpuport_queue());
    return 0;
}
