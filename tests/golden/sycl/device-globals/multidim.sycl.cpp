#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define ROWS 4
#define COLS 3
const float c_table[ROWS][COLS] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
inline auto gpuport_symbol_c_words() -> char (*)[16] {
  static char *p = [] {
    char *m = sycl::malloc_device<char>(8 * 16, gpuport_queue());
    gpuport_queue().memset(m, 0, 8 * 16 * sizeof(char)).wait();
    return m;
  }();
  return reinterpret_cast<char (*)[16]>(p);
}

void lookup(const int *r, float *out, int n, const sycl::nd_item<3> &item, char (*c_words)[16])
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n)
        out[i] = c_table[r[i] % ROWS][i % COLS] + c_words[i % 8][0];
}

void setup(const char (*words)[16])
{
    gpuport_queue().memcpy(gpuport_symbol_c_words(), words, 8 * 16).wait();
}
