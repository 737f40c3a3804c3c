// thrust::device_ptr over a raw device pointer, and CTranslate2's THRUST_CALL macro naming the CUDA policy.
#include <thrust/device_ptr.h>
#include <thrust/sort.h>
#include <thrust/execution_policy.h>
#include <thrust/transform.h>
#include <thrust/functional.h>
#define THRUST_CALL(FUN, ...) FUN(thrust::cuda::par_nosync.on(stream), __VA_ARGS__)
void f(float *p, int n, cudaStream_t stream) {
  thrust::device_ptr<float> d = thrust::device_pointer_cast(p);
  thrust::sort(thrust::cuda::par.on(stream), d, d + n);
  thrust::sort(thrust::cuda::par_nosync.on(stream), p, p + n);
  THRUST_CALL(thrust::transform, p, p + n, p, thrust::negate<float>());
  float *r = thrust::raw_pointer_cast(d);
}
