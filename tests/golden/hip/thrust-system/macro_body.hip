// CTranslate2 calls Thrust through a macro whose body names the CUDA back-end.
#include <hip/hip_runtime.h>
#include <thrust/fill.h>
#include <thrust/execution_policy.h>
#define THRUST_CALL(FUN, ...) FUN(thrust::hip::par_nosync.on(0), __VA_ARGS__)
#define X thrust::system::hip_rocprim::par
void f(float *p) { THRUST_CALL(thrust::fill, p, p + 4, 0.0f); thrust::fill(thrust::hip::par, p, p+1, 1.f); }
