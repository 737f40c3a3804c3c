// Thrust: device vectors, sort, transform and reduce.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

struct square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};

int main() {
  thrust::host_vector<int> h(1000);
  for (int i = 0; i < 1000; ++i) h[i] = (i * 7919) % 1000;
  thrust::device_vector<int> d = h;
  thrust::sort(d.begin(), d.end());
  thrust::device_vector<int> sq(d.size());
  thrust::transform(d.begin(), d.end(), sq.begin(), square());
  long long sum = thrust::reduce(sq.begin(), sq.end(), 0LL, thrust::plus<long long>());
  printf("sum of squares %lld\n", sum);
  return 0;
}
