#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

// A stream variable that may hold 0 is CUDA's default stream: the launch must not dereference it.
void scale(float *x, int n, const sycl::nd_item<3> &item, float *tile) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) tile[item.get_local_id(2)] = x[i];
    sycl::group_barrier(item.get_group());
    if (i < n) x[i] = 2.0f * tile[item.get_local_id(2)];
}

static sycl::queue * g_stream;

void run(float *d_x, int n, sycl::queue * stream = 0) {
    (stream ? *stream : gpuport_queue()).submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> tile_acc(sycl::range<1>(128), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) {
        scale(d_x, n, item, &tile_acc[0]); });
    });
    (g_stream ? *g_stream : gpuport_queue()).submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> tile_acc(sycl::range<1>(128), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) {
        scale(d_x, n, item, &tile_acc[0]); });
    });
    sycl::queue * zero = 0;
    (zero ? *zero : gpuport_queue()).submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> tile_acc(sycl::range<1>(128), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) {
        scale(d_x, n, item, &tile_acc[0]); });
    });
    sycl::queue * created;
    created = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
    created->submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> tile_acc(sycl::range<1>(128), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) {
        scale(d_x, n, item, &tile_acc[0]); });
    });
    (stream ? *stream : gpuport_queue()).wait();
    created->wait();
    delete created;
}

int main() {
    float *d_x;
    d_x = (float *)sycl::malloc_device(256 * sizeof(float), gpuport_queue());
    run(d_x, 256);
    sycl::free(d_x, gpuport_queue());
    return 0;
}
