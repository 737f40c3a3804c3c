// Classes seen in real trees (polybench, rodinia, parboil, cuda-samples): a macro whose parameters are
// called min/max, host math inside a grid size, a shared array of a struct type, sizeof of a
// __constant__ table on the host, min() of operands whose types are not known here, a __constant__
// table inside an include guard.
#ifndef HOST_AND_MACRO_CU
#define HOST_AND_MACRO_CU
#include <sycl/sycl.hpp>
#include <math.h>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define NB 16
struct cartesian { float x, y, z; };
struct props { int multiProcessorCount; };
inline float *gpuport_symbol_bins() {
  static float *p = [] {
    float *m = sycl::malloc_device<float>((NB + 1), gpuport_queue());
    gpuport_queue().memset(m, 0, (NB + 1) * sizeof(float)).wait();
    return m;
  }();
  return p;
}

void hist(const float *d, int n, int *out, const sycl::nd_item<3> &item, struct cartesian *pts, float *bins) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  pts[item.get_local_id(2)].x = i < n ? d[i] : 0.0f;
  sycl::group_barrier(item.get_group());
  if (IN_RANGE(pts[item.get_local_id(2)].x, bins[0], bins[NB])) sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(*out).fetch_add(static_cast<int>(1));
}
#ifndef GPUPORT_MINMAX
#define GPUPORT_MINMAX
// CUDA's min/max take mixed argument types (compared in their common type); sycl::min/max take one.
// CUDA's abs takes floats too; sycl::abs takes integers only.
template <typename A, typename B> inline std::common_type_t<A, B> gpuport_min(A a, B b) {
  return sycl::min(std::common_type_t<A, B>(a), std::common_type_t<A, B>(b));
}
template <typename A, typename B> inline std::common_type_t<A, B> gpuport_max(A a, B b) {
  return sycl::max(std::common_type_t<A, B>(a), std::common_type_t<A, B>(b));
}
template <typename T> inline T gpuport_abs(T x) {
  if constexpr (std::is_floating_point_v<T>) return sycl::fabs(x); else return sycl::abs(x);
}
#endif

int launch(const float *d, int n, int *out, const float *h_bins, props p) {
  gpuport_queue().memcpy(gpuport_symbol_bins(), h_bins, sizeof(float[NB + 1])).wait();
  unsigned int blocks = (unsigned int)ceil(n / 64.0);
  int use = gpuport_min(blocks, 4 * p.multiProcessorCount);
  sycl::range<3> grid(1, 1, (int)ceil(n / 64.0));
  gpuport_queue().submit([&](sycl::handler &cgh) {
    sycl::local_accessor<struct cartesian, 1> pts_acc(sycl::range<1>(64), cgh);
    cgh.parallel_for(sycl::nd_range<3>(grid * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=, bins = gpuport_symbol_bins()](sycl::nd_item<3> item) {
      hist(d, n, out, item, &pts_acc[0], bins); });
  });
  return use;
}
#endif
