// cudaMemGetInfo (rodinia nn): SYCL 2020 knows the memory size, not what is free.
#include <cstdio>
int main() { size_t f, t; cudaMemGetInfo(&f, &t); if (cudaMemGetInfo(&f, &t) != cudaSuccess) return 1; printf("%zu %zu\n", f, t); }
