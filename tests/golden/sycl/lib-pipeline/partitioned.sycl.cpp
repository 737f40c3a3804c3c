// A producer/consumer partitioned block pipeline: one warp copies, the others compute. Reported by GP273.
#include <sycl/sycl.hpp>
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


void partitioned(const float *in, float *out, int tiles, const sycl::nd_item<3> &item, float (*buf)[32], cuda::pipeline_shared_state<cuda::thread_scope_block, 2> &state) {
  auto block = item.get_group();
  const auto role = item.get_local_id(1) == 0 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
  auto pipe = cuda::make_pipeline(block, &state, role);
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    if (item.get_local_id(1) == 0) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[t % 2][item.get_local_id(2)], &in[t * 32 + item.get_local_id(2)], sizeof(float), pipe);
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      acc += buf[t % 2][item.get_local_id(2)];
      pipe.consumer_release();
    }
  }
  if (item.get_local_id(1) != 0) out[item.get_local_id(1) * 32 + item.get_local_id(2)] = acc;
}
