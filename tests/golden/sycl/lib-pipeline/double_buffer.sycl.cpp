// Tiles copied into shared memory through libcu++ pipelines and barriers, double-buffered.
#include <cmath>
#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_PIPELINE
#define GPUPORT_SYCL_PIPELINE
#include <cstddef>
#include <cstdint>
#include <type_traits>
// libcu++'s asynchronous copies (<cuda/pipeline>, <cuda/barrier>) in standard SYCL, under CUDA's names.
// Every copy completes when it is issued (a schedule CUDA allows): memcpy_async copies at once (the
// work-items of a group split a group copy), and what waits for copies only orders work-items.
// Precondition of the block-scoped objects, which use sycl::group_barrier: every work-item of the
// work-group reaches each call alike. A barrier<thread_scope_block> is initialised with the block's size
// and every work-item calls arrive_and_wait(group) the same number of times; every work-item uses a block
// pipeline alike (producer_acquire and consumer_wait are group barriers). Producer/consumer partitioned
// pipelines (pipeline_role) are not emulated: their work-items wait for each other outside group barriers.
namespace cuda {
enum thread_scope { thread_scope_system, thread_scope_device, thread_scope_block, thread_scope_thread };
template <std::size_t Align> struct aligned_size_t {
  static constexpr std::size_t align = Align;
  std::size_t value;
  explicit constexpr aligned_size_t(std::size_t size) : value(size) {}
  constexpr operator std::size_t() const { return value; }
};
// bytes first, first + step, ... of n (the pointers' alignment is not relied on: local memory keeps the
// element type's alignment, not an alignas of the CUDA declaration)
inline void gpuport_copy(void *dst, const void *src, std::size_t n, std::size_t first = 0, std::size_t step = 1) {
  unsigned char *d = static_cast<unsigned char *>(dst);
  const unsigned char *s = static_cast<const unsigned char *>(src);
  for (std::size_t i = first; i < n; i += step) d[i] = s[i];
}
template <thread_scope Scope> class pipeline;
// a work-item's own pipeline: its copies are done when issued, so there is nothing to wait for
template <> class pipeline<thread_scope_thread> {
 public:
  void producer_acquire() {}
  void producer_commit() {}
  void consumer_wait() {}
  void consumer_release() {}
  bool quit() { return true; }
};
// the work-group's pipeline, used alike by every work-item: a stage is free, and its copies are visible,
// once every work-item has reached the same call
template <> class pipeline<thread_scope_block> {
 public:
  explicit pipeline(const sycl::group<3> &g) : group(g) {}
  void producer_acquire() { sycl::group_barrier(group); }
  void producer_commit() {}
  void consumer_wait() { sycl::group_barrier(group); }
  void consumer_release() {}
  bool quit() { return true; }
  sycl::group<3> group;
};
template <thread_scope Scope, std::uint8_t StagesCount> struct pipeline_shared_state {};  // nothing to share
inline pipeline<thread_scope_thread> make_pipeline() { return pipeline<thread_scope_thread>(); }
template <std::uint8_t StagesCount>
inline pipeline<thread_scope_block> make_pipeline(const sycl::group<3> &g,
                                                  pipeline_shared_state<thread_scope_block, StagesCount> *) {
  return pipeline<thread_scope_block>(g);
}
template <std::uint8_t Prior> inline void pipeline_consumer_wait_prior(pipeline<thread_scope_thread> &) {}
struct gpuport_no_completion {
  void operator()() const noexcept {}
};
template <thread_scope Scope, typename Completion = gpuport_no_completion> struct barrier {
  static_assert(Scope == thread_scope_block, "only block-scoped barriers are emulated (sycl::group_barrier)");
  std::ptrdiff_t expected;  // the block's size, as CUDA's samples initialise it (not checked)
  Completion completion;
  // every work-item of the work-group arrives and waits
  void arrive_and_wait(const sycl::group<3> &g) {
    sycl::group_barrier(g);
    if constexpr (!std::is_same_v<Completion, gpuport_no_completion>) {
      if (g.leader()) completion();
      sycl::group_barrier(g);
    }
  }
  friend void init(barrier *b, std::ptrdiff_t count, Completion c = Completion()) {
    b->expected = count;
    b->completion = c;
  }
};
template <typename Completion>
inline void pipeline_producer_commit(pipeline<thread_scope_thread> &, barrier<thread_scope_block, Completion> &) {}
// per work-item: the bytes it was asked to copy
template <typename Size, thread_scope Scope>
inline void memcpy_async(void *dst, const void *src, Size size, pipeline<Scope> &) {
  gpuport_copy(dst, src, static_cast<std::size_t>(size));
}
template <typename Size, thread_scope Scope, typename Completion>
inline void memcpy_async(void *dst, const void *src, Size size, barrier<Scope, Completion> &) {
  gpuport_copy(dst, src, static_cast<std::size_t>(size));
}
// for a group: its work-items split the bytes (complete once the group waits on the pipeline or barrier)
template <typename Group, typename Size, thread_scope Scope>
inline void memcpy_async(const Group &g, void *dst, const void *src, Size size, pipeline<Scope> &) {
  gpuport_copy(dst, src, static_cast<std::size_t>(size), g.get_local_linear_id(), g.get_local_linear_range());
}
template <typename Group, typename Size, thread_scope Scope, typename Completion>
inline void memcpy_async(const Group &g, void *dst, const void *src, Size size, barrier<Scope, Completion> &) {
  gpuport_copy(dst, src, static_cast<std::size_t>(size), g.get_local_linear_id(), g.get_local_linear_range());
}
}  // namespace cuda
// the pipeline primitives (cuda_pipeline_primitives.h): size - zfill bytes copied, zfill bytes zeroed
inline void gpuport_pipeline_memcpy_async(void *dst, const void *src, std::size_t size_and_align,
                                          std::size_t zfill = 0) {
  cuda::gpuport_copy(dst, src, size_and_align - zfill);
  unsigned char *d = static_cast<unsigned char *>(dst);
  for (std::size_t i = size_and_align - zfill; i < size_and_align; ++i) d[i] = 0;
}
inline void gpuport_pipeline_commit() {}
inline void gpuport_pipeline_wait_prior(std::size_t) {}
#endif
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif


#define TILE 32
#define TILES 6

// Each block sums TILES tiles of its row; a thread-scope pipeline prefetches tile t + 1 into the other
// buffer while tile t is summed.
void sumTilesPipeline(const float *in, float *out, const sycl::nd_item<3> &item, float (*buf)[TILE]) {
  const float *row = in + item.get_group(2) * TILES * TILE;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const auto shape = cuda::aligned_size_t<alignof(float)>(sizeof(float));
  pipe.producer_acquire();
  cuda::memcpy_async(&buf[0][item.get_local_id(2)], &row[item.get_local_id(2)], shape, pipe);
  pipe.producer_commit();
  float acc = 0.0f;
  for (int t = 0; t < TILES; ++t) {
    if (t + 1 < TILES) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[(t + 1) % 2][item.get_local_id(2)], &row[(t + 1) * TILE + item.get_local_id(2)], shape, pipe);
      pipe.producer_commit();
      cuda::pipeline_consumer_wait_prior<1>(pipe);
    } else {
      cuda::pipeline_consumer_wait_prior<0>(pipe);
    }
    sycl::group_barrier(item.get_group());
    for (int k = 0; k < TILE; ++k) acc += buf[t % 2][(item.get_local_id(2) + k) % TILE] * (k + 1);
    pipe.consumer_release();
    sycl::group_barrier(item.get_group());
  }
  out[item.get_group(2) * TILE + item.get_local_id(2)] = acc;
}

void loadTile(float *dst, const float *src, cuda::barrier<cuda::thread_scope_block> &bar, const sycl::nd_item<3> &item) {
  cuda::memcpy_async(&dst[item.get_local_id(2)], &src[item.get_local_id(2)], cuda::aligned_size_t<4>(sizeof(float)), bar);
}

float waitAndRead(const float *tile, cuda::barrier<cuda::thread_scope_block> &bar, const sycl::nd_item<3> &item) {
  bar.arrive_and_wait(item.get_group());
  return tile[TILE - 1 - item.get_local_id(2)];
}

// Two barriers, front and back, as in double-buffered GEMMs: the back tile loads while the front is used.
void sumTilesBarrier(const float *in, float *out, const sycl::nd_item<3> &item, cuda::barrier<cuda::thread_scope::thread_scope_block> &front, cuda::barrier<cuda::thread_scope::thread_scope_block> &back, float *buf) {
  auto block = item.get_group();
  if (block.get_local_linear_id() == 0) {
    init(&front, block.get_local_linear_range());
    init(&back, block.get_local_linear_range());
  }
  sycl::group_barrier(item.get_group());
  const float *row = in + item.get_group(2) * TILES * TILE;
  auto *f = &front, *b = &back;
  int cur = 0;
  loadTile(buf, row, *f, item);
  float acc = 0.0f;
  for (int t = 0; t < TILES; ++t) {
    if (t + 1 < TILES) loadTile(buf + (1 - cur) * TILE, row + (t + 1) * TILE, *b, item);
    acc = acc * 0.5f + waitAndRead(buf + cur * TILE, *f, item);
    cur = 1 - cur;
    auto tmp = f;
    f = b;
    b = tmp;
    sycl::group_barrier(item.get_group());
  }
  out[item.get_group(2) * TILE + item.get_local_id(2)] = acc;
}

// A block pipeline every thread uses alike; the block copies each tile together.
void sumTilesBlockPipeline(const float *in, float *out, const sycl::nd_item<3> &item, float (*buf)[TILE], cuda::pipeline_shared_state<cuda::thread_scope_block, 2> &state) {
  sycl::group<3> block = item.get_group();
  auto pipe = cuda::make_pipeline(block, &state);
  const float *row = in + item.get_group(2) * TILES * TILE;
  float acc = 0.0f;
  for (int fetch = 0, t = 0; t < TILES; ++t) {
    for (; fetch < TILES && fetch < t + 2; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % 2], row + fetch * TILE, sizeof(float) * TILE, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    acc = sycl::fmax(acc, buf[t % 2][(item.get_local_id(2) * 7) % TILE] + t);
    pipe.consumer_release();
  }
  out[item.get_group(2) * TILE + item.get_local_id(2)] = acc;
}

// The pipeline primitives: the last 8 bytes of each 16-byte copy are zero-filled.
void copyPrimitives(const float *in, float *out, const sycl::nd_item<3> &item, float *buf) {
  gpuport_pipeline_memcpy_async(&buf[4 * item.get_local_id(2)], &in[4 * item.get_local_id(2)], 16, 8);
  gpuport_pipeline_commit();
  gpuport_pipeline_wait_prior(0);
  sycl::group_barrier(item.get_group());
  out[item.get_local_id(2)] = buf[4 * item.get_local_id(2)] + buf[4 * item.get_local_id(2) + 1] + buf[4 * item.get_local_id(2) + 2] +
                     buf[(4 * item.get_local_id(2) + 7) % (4 * TILE)];
}

int main() {
  const int blocks = 3, n = blocks * TILES * TILE;
  float h_in[n], h_out[blocks * TILE];
  for (int i = 0; i < n; ++i) h_in[i] = (float)((i * 7) % 19) - 9.0f;
  float *d_in, *d_out;
  d_in = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
  d_out = (float *)sycl::malloc_device(blocks * TILE * sizeof(float), gpuport_queue());
  gpuport_queue().memcpy(d_in, h_in, n * sizeof(float)).wait();
  const char *names[4] = {"pipeline", "barrier", "block", "primitives"};
  for (int k = 0; k < 4; ++k) {
    if (k == 0) gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> buf_acc(sycl::range<1>(2 * TILE), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, blocks) * sycl::range<3>(1, 1, TILE), sycl::range<3>(1, 1, TILE)), [=](sycl::nd_item<3> item) {
        sumTilesPipeline(d_in, d_out, item, reinterpret_cast<float (*)[TILE]>(&buf_acc[0])); });
    });
    if (k == 1) gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<cuda::barrier<cuda::thread_scope::thread_scope_block>, 1> front_acc(sycl::range<1>(1), cgh);
      sycl::local_accessor<cuda::barrier<cuda::thread_scope::thread_scope_block>, 1> back_acc(sycl::range<1>(1), cgh);
      sycl::local_accessor<float, 1> buf_acc(sycl::range<1>((2 * TILE)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, blocks) * sycl::range<3>(1, 1, TILE), sycl::range<3>(1, 1, TILE)), [=](sycl::nd_item<3> item) {
        sumTilesBarrier(d_in, d_out, item, front_acc[0], back_acc[0], &buf_acc[0]); });
    });
    if (k == 2) gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> buf_acc(sycl::range<1>(2 * TILE), cgh);
      sycl::local_accessor<cuda::pipeline_shared_state<cuda::thread_scope_block, 2>, 1> state_acc(sycl::range<1>(1), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, blocks) * sycl::range<3>(1, 1, TILE), sycl::range<3>(1, 1, TILE)), [=](sycl::nd_item<3> item) {
        sumTilesBlockPipeline(d_in, d_out, item, reinterpret_cast<float (*)[TILE]>(&buf_acc[0]), state_acc[0]); });
    });
    if (k == 3) gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> buf_acc(sycl::range<1>((4 * TILE)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, TILE), sycl::range<3>(1, 1, TILE)), [=](sycl::nd_item<3> item) {
        copyPrimitives(d_in, d_out, item, &buf_acc[0]); });
    });
    gpuport_queue().memcpy(h_out, d_out, (k == 3 ? 1 : blocks) * TILE * sizeof(float)).wait();
    printf("%s", names[k]);
    for (int i = 0; i < (k == 3 ? 1 : blocks) * TILE; ++i) printf(" %g", h_out[i]);
    printf("\n");
  }
  sycl::free(d_in, gpuport_queue());
  sycl::free(d_out, gpuport_queue());
  return 0;
}
