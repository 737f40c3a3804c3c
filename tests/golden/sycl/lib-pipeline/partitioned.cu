// A producer/consumer partitioned block pipeline: one warp copies, the others compute. Reported by GP273.
#include <cooperative_groups.h>
#include <cuda/pipeline>

namespace cg = cooperative_groups;

__global__ void partitioned(const float *in, float *out, int tiles) {
  __shared__ float buf[2][32];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  const auto role = threadIdx.y == 0 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
  auto pipe = cuda::make_pipeline(block, &state, role);
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    if (threadIdx.y == 0) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[t % 2][threadIdx.x], &in[t * 32 + threadIdx.x], sizeof(float), pipe);
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      acc += buf[t % 2][threadIdx.x];
      pipe.consumer_release();
    }
  }
  if (threadIdx.y != 0) out[threadIdx.y * 32 + threadIdx.x] = acc;
}
