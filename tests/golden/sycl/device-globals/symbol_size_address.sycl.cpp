// The size and the address of a __constant__ array, as the runtime reports them.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#define NUM 16
inline int *gpuport_symbol_table() {
  static int *p = [] {
    int *m = sycl::malloc_device<int>(NUM, gpuport_queue());
    gpuport_queue().memset(m, 0, NUM * sizeof(int)).wait();
    return m;
  }();
  return p;
}

void first(int *out, const int *addr, const sycl::nd_item<3> &item, int *table) { *out = (table == addr) ? table[0] : -1; }

int main() {
  size_t bytes = 0;
  int *address = nullptr;
  int host[NUM];
  for (int i = 0; i < NUM; ++i) host[i] = i + 7;
  gpuport_queue().memcpy(gpuport_symbol_table(), host, sizeof(host)).wait();
  bytes = sizeof(*gpuport_symbol_table()) * (NUM);
  address = reinterpret_cast<std::remove_reference_t<decltype(address)>>(gpuport_symbol_table());
  int *out;
  out = (int *)sycl::malloc_shared(sizeof(int), gpuport_queue());
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 1), sycl::range<3>(1, 1, 1)), [=, table = gpuport_symbol_table()](sycl::nd_item<3> item) { first(out, address, item, table); });
  gpuport_queue().wait();
  printf("%zu %d\n", bytes, *out);
  return 0;
}
