#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// A class template whose static member function holds the class in shared memory and whose methods
// read the thread index (Rodinia's dwt2d): the kernel calls `Window<W, H>::run`, so the shared
// variable's type takes the kernel's template arguments, and every member call passes the nd_item.
template <int WIN_X, int WIN_Y>
class Window {
    float buf[WIN_X * WIN_Y];

public:
    void load(const float *in, const sycl::nd_item<3> &item)
    {
        for (int y = 0; y < WIN_Y; y++)
            buf[y * WIN_X + item.get_local_id(2)] = in[y * WIN_X + item.get_local_id(2)];
    }

    template <bool CHECK>
    void store(float *out, int n, const sycl::nd_item<3> &item)
    {
        for (int y = 0; y < WIN_Y; y++) {
            int i = y * WIN_X + item.get_local_id(2);
            if (!CHECK || i < n)
                out[i] = 2.0f * buf[i];
        }
    }

    static void run(const float *in, float *out, int n, const sycl::nd_item<3> &item, Window<WIN_X, WIN_Y> &w)
    {
        w.load(in, item);
        sycl::group_barrier(item.get_group());
        w.store<true>(out, n, item);
    }
};

template <int SX, int SY>
void windowKernel(const float *in, float *out, int n, const sycl::nd_item<3> &item, Window<SX, SY> &gp_run_w)
{
    Window<SX, SY>::run(in, out, n, item, gp_run_w);
}

void launch(const float *in, float *out, int n)
{
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<Window<64, 4>, 1> gp_run_w_acc(sycl::range<1>(1), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) {
        windowKernel<64, 4>(in, out, n, item, gp_run_w_acc[0]); });
    });
}
