// Tiles copied into shared memory through libcu++ pipelines and barriers, double-buffered.
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline_primitives.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define TILE 32
#define TILES 6

// Each block sums TILES tiles of its row; a thread-scope pipeline prefetches tile t + 1 into the other
// buffer while tile t is summed.
__global__ void sumTilesPipeline(const float *in, float *out) {
  __shared__ float buf[2][TILE];
  const float *row = in + blockIdx.x * TILES * TILE;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const auto shape = cuda::aligned_size_t<alignof(float)>(sizeof(float));
  pipe.producer_acquire();
  cuda::memcpy_async(&buf[0][threadIdx.x], &row[threadIdx.x], shape, pipe);
  pipe.producer_commit();
  float acc = 0.0f;
  for (int t = 0; t < TILES; ++t) {
    if (t + 1 < TILES) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[(t + 1) % 2][threadIdx.x], &row[(t + 1) * TILE + threadIdx.x], shape, pipe);
      pipe.producer_commit();
      cuda::pipeline_consumer_wait_prior<1>(pipe);
    } else {
      cuda::pipeline_consumer_wait_prior<0>(pipe);
    }
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += buf[t % 2][(threadIdx.x + k) % TILE] * (k + 1);
    pipe.consumer_release();
    __syncthreads();
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

__device__ void loadTile(float *dst, const float *src, cuda::barrier<cuda::thread_scope_block> &bar) {
  cuda::memcpy_async(&dst[threadIdx.x], &src[threadIdx.x], cuda::aligned_size_t<4>(sizeof(float)), bar);
}

__device__ float waitAndRead(const float *tile, cuda::barrier<cuda::thread_scope_block> &bar) {
  bar.arrive_and_wait();
  return tile[TILE - 1 - threadIdx.x];
}

// Two barriers, front and back, as in double-buffered GEMMs: the back tile loads while the front is used.
__global__ void sumTilesBarrier(const float *in, float *out) {
  auto block = cg::this_thread_block();
  __shared__ cuda::barrier<cuda::thread_scope::thread_scope_block> front;
  __shared__ cuda::barrier<cuda::thread_scope::thread_scope_block> back;
  __shared__ float buf[2 * TILE];
  if (block.thread_rank() == 0) {
    init(&front, block.size());
    init(&back, block.size());
  }
  __syncthreads();
  const float *row = in + blockIdx.x * TILES * TILE;
  auto *f = &front, *b = &back;
  int cur = 0;
  loadTile(buf, row, *f);
  float acc = 0.0f;
  for (int t = 0; t < TILES; ++t) {
    if (t + 1 < TILES) loadTile(buf + (1 - cur) * TILE, row + (t + 1) * TILE, *b);
    acc = acc * 0.5f + waitAndRead(buf + cur * TILE, *f);
    cur = 1 - cur;
    auto tmp = f;
    f = b;
    b = tmp;
    __syncthreads();
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// A block pipeline every thread uses alike; the block copies each tile together.
__global__ void sumTilesBlockPipeline(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float buf[2][TILE];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto pipe = cuda::make_pipeline(block, &state);
  const float *row = in + blockIdx.x * TILES * TILE;
  float acc = 0.0f;
  for (int fetch = 0, t = 0; t < TILES; ++t) {
    for (; fetch < TILES && fetch < t + 2; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % 2], row + fetch * TILE, sizeof(float) * TILE, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    acc = fmaxf(acc, buf[t % 2][(threadIdx.x * 7) % TILE] + t);
    pipe.consumer_release();
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// The pipeline primitives: the last 8 bytes of each 16-byte copy are zero-filled.
__global__ void copyPrimitives(const float *in, float *out) {
  __shared__ float buf[4 * TILE];
  __pipeline_memcpy_async(&buf[4 * threadIdx.x], &in[4 * threadIdx.x], 16, 8);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[threadIdx.x] = buf[4 * threadIdx.x] + buf[4 * threadIdx.x + 1] + buf[4 * threadIdx.x + 2] +
                     buf[(4 * threadIdx.x + 7) % (4 * TILE)];
}

int main() {
  const int blocks = 3, n = blocks * TILES * TILE;
  float h_in[n], h_out[blocks * TILE];
  for (int i = 0; i < n; ++i) h_in[i] = (float)((i * 7) % 19) - 9.0f;
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, blocks * TILE * sizeof(float));
  cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
  const char *names[4] = {"pipeline", "barrier", "block", "primitives"};
  for (int k = 0; k < 4; ++k) {
    if (k == 0) sumTilesPipeline<<<blocks, TILE>>>(d_in, d_out);
    if (k == 1) sumTilesBarrier<<<blocks, TILE>>>(d_in, d_out);
    if (k == 2) sumTilesBlockPipeline<<<blocks, TILE>>>(d_in, d_out);
    if (k == 3) copyPrimitives<<<1, TILE>>>(d_in, d_out);
    cudaMemcpy(h_out, d_out, (k == 3 ? 1 : blocks) * TILE * sizeof(float), cudaMemcpyDeviceToHost);
    printf("%s", names[k]);
    for (int i = 0; i < (k == 3 ? 1 : blocks) * TILE; ++i) printf(" %g", h_out[i]);
    printf("\n");
  }
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
