// The size and the address of a __constant__ array, as the runtime reports them.
#include <cstdio>

#define NUM 16
__constant__ int table[NUM];

__global__ void first(int *out, const int *addr) { *out = (table == addr) ? table[0] : -1; }

int main() {
  size_t bytes = 0;
  int *address = nullptr;
  int host[NUM];
  for (int i = 0; i < NUM; ++i) host[i] = i + 7;
  cudaMemcpyToSymbol(table, host, sizeof(host));
  cudaGetSymbolSize(&bytes, table);
  cudaGetSymbolAddress((void **)&address, table);
  int *out;
  cudaMallocManaged(&out, sizeof(int));
  first<<<1, 1>>>(out, address);
  cudaDeviceSynchronize();
  printf("%zu %d\n", bytes, *out);
  return 0;
}
