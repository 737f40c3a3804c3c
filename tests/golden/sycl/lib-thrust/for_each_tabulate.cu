// thrust::for_each over a counting iterator and thrust::tabulate on a device_vector (a course's
// "programming approaches" samples): both run their functor on the device.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/tabulate.h>

int main() {
  const size_t n = 8;
  thrust::device_vector<double> d(n);
  double *p = thrust::raw_pointer_cast(d.data());
  thrust::tabulate(thrust::device, d.begin(), d.end(), [=] __host__ __device__ (size_t i) { return 0.5 * i; });
  thrust::for_each(thrust::device, thrust::make_counting_iterator<size_t>(0), thrust::make_counting_iterator<size_t>(n),
                   [=] __device__ (size_t i) { p[i] += 1.0; });
  for (size_t i = 0; i < n; i++) printf("%g\n", (double)d[i]);
  return 0;
}
