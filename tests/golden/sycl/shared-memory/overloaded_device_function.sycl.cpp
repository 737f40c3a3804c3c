// llm.c's blockReduce: an overloaded device function template with a `__shared__` array. A call cannot tell
// which overload it reaches, so every overload takes the array as the same parameter, the kernel allocates
// it, and the declaration becomes a pointer bound to the parameter.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define WARP_SIZE 32

template <int scale>
inline float blockReduce(float val, bool final_sync, float out_of_bounds, const sycl::nd_item<3> &item, float *gp_blockReduce_shared_val) {
    // a tree over one slot per thread (blocks of up to WARP_SIZE threads)
    float *shared_val = gp_blockReduce_shared_val;
    const int tid = item.get_local_id(2);
    shared_val[tid] = val;
    for (int i = item.get_local_range(2); i < WARP_SIZE; i++) if (tid == 0) shared_val[i] = out_of_bounds;
    sycl::group_barrier(item.get_group());
    for (int stride = WARP_SIZE / 2; stride > 0; stride /= 2) {
        if (tid < stride) shared_val[tid] += shared_val[tid + stride];
        sycl::group_barrier(item.get_group());
    }
    float block_val = shared_val[0];
    if (final_sync) { sycl::group_barrier(item.get_group()); }
    return scale * block_val;
}

template <int scale>
inline float blockReduce(float val, const sycl::nd_item<3> &item, float *gp_blockReduce_shared_val) {
    return blockReduce<scale>(val, false, 0.0f, item, gp_blockReduce_shared_val);
}

void block_sums(const float *in, float *out, const sycl::nd_item<3> &item, float *gp_blockReduce_shared_val) {
    float s = blockReduce<2>(in[item.get_group(2) * item.get_local_range(2) + item.get_local_id(2)], item, gp_blockReduce_shared_val);
    if (item.get_local_id(2) == 0) out[item.get_group(2)] = s;
}

int main() {
    float h[64], sums[2], *in, *out;
    for (int i = 0; i < 64; i++) h[i] = (float)(i % 5);
    in = (float *)sycl::malloc_device(sizeof(h), gpuport_queue());
    out = (float *)sycl::malloc_device(sizeof(sums), gpuport_queue());
    gpuport_queue().memcpy(in, h, sizeof(h)).wait();
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> gp_blockReduce_shared_val_acc(sycl::range<1>(static_cast<size_t>(WARP_SIZE)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 2) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) {
        block_sums(in, out, item, &gp_blockReduce_shared_val_acc[0]); });
    });
    gpuport_queue().memcpy(sums, out, sizeof(sums)).wait();
    printf("%g %g\n", sums[0], sums[1]);
    return 0;
}
