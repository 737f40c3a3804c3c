#include <cstdio>
#include <sycl/sycl.hpp>
void k(int *p, const sycl::nd_item<3> &item) { p[item.get_local_id(2)] = 1; }
int main() { printf("RESULT x %d\n", 1); return 0; }
