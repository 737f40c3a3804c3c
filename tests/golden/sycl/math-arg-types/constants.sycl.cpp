#include <cmath>
#include <sycl/sycl.hpp>
// Macro constants and enumerators are typed too.
#define N 256
#define LIM 0x10u
enum { kTile = 128 };
void k(int *o, int n, const sycl::nd_item<3> &item) {
  o[0] = sycl::min(static_cast<unsigned int>(item.get_local_id(2)), static_cast<unsigned int>(N));
  o[1] = sycl::max(static_cast<unsigned int>(item.get_group(2)), static_cast<unsigned int>(kTile));
  o[2] = sycl::min(static_cast<unsigned int>(n), LIM);
}
