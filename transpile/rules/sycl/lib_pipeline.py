"""GP273 lib-pipeline: libcu++'s asynchronous copies (`cuda::pipeline`, `cuda::barrier`) in standard SYCL.

What it does
    Replaces `#include <cuda/pipeline>`, `<cuda/barrier>`, `<cuda_pipeline.h>` and
    `<cuda_pipeline_primitives.h>` by an inline helper (guarded by `GPUPORT_SYCL_PIPELINE`, once per file)
    that declares libcu++'s names in a namespace `cuda` of its own: `thread_scope`, `aligned_size_t<N>`,
    `pipeline<thread_scope_thread>` (`make_pipeline()`), `pipeline<thread_scope_block>`
    (`make_pipeline(block, &shared_state)` with `pipeline_shared_state<Scope, N>`), `producer_acquire`,
    `producer_commit`, `consumer_wait`, `consumer_release`, `pipeline_consumer_wait_prior<N>`,
    `pipeline_producer_commit`, `barrier<thread_scope_block>` with `init(&bar, count)` and
    `arrive_and_wait`, and `memcpy_async` per work-item or for a group (`memcpy_async(block, dst, src, n,
    pipe_or_barrier)`). `bar.arrive_and_wait()` in a kernel or device function becomes
    `bar.arrive_and_wait(item.get_group())` (GP205 passes the `nd_item` to device functions that call it).
    The primitives `__pipeline_memcpy_async`, `__pipeline_commit`, `__pipeline_wait_prior` become
    `gpuport_pipeline_*` helpers. Producer/consumer partitioned pipelines (`make_pipeline(block, &state,
    role)`, `pipeline_role`) are reported unconverted.
Why
    Standard SYCL 2020 has no asynchronous copy into local memory. Every asynchronous copy may complete
    as soon as it is issued (one of the schedules CUDA allows), so copies are made at once and what waits
    for them only has to order work-items: a thread-scope pipeline's waits wait for nothing (its own copies
    are done; the code's `__syncthreads()` orders the block as in CUDA), and block-scoped barriers and
    pipelines become `sycl::group_barrier`. The namespace keeps CUDA's name `cuda` because the
    shared-memory rule (GP206) copies a `__shared__ cuda::barrier<...>` declaration's type, as written, into
    the kernel's parameter and the launch's `local_accessor`; the helper types are trivially constructible
    so local memory can hold them. The table `libcudacxx` lists the names; `pipeline`, `barrier` and `init`
    are too common to be rows and are taken only as members of `cuda` (or by argument-dependent lookup).
Example
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&tile[threadIdx.x], &in[i], cuda::aligned_size_t<4>(sizeof(float)), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    __syncthreads();
    bar.arrive_and_wait();
Translated to
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&tile[item.get_local_id(2)], &in[i], cuda::aligned_size_t<4>(sizeof(float)), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    sycl::group_barrier(item.get_group());
    bar.arrive_and_wait(item.get_group());
Safety
    review: results are CUDA's (a copy that completes when issued is a schedule CUDA allows), but copies
    no longer overlap computation. A group barrier must be reached by every work-item of the work-group,
    so a `cuda::barrier<thread_scope_block>` must be initialised with the block's size and every work-item
    must call `arrive_and_wait` the same number of times, and a block pipeline must be used alike by every
    work-item (its `producer_acquire` and `consumer_wait` are group barriers); that is how CUDA's samples use
    them, and other uses are undefined, not reported. `arrive()`/`wait()` split phases, completion
    functions beyond a plain call by one work-item, device- and system-scoped barriers, and `init` counts
    other than the block's size are not emulated (the first two and the scopes fail to compile).
References
    libcu++ documentation (cuda::pipeline, cuda::barrier, cuda::memcpy_async, cuda::aligned_size_t); CUDA
    C++ Programming Guide, Asynchronous Data Copies and Pipeline Primitives; SYCL 2020 specification,
    4.17.3 (group_barrier), 4.15.2 (local_accessor).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ._libs import SYCL_INCLUDE, LibraryRule, include_edit, sycl_included_before
from ._model import ITEM, ITEM_NAMES, model

# A function calling `bar.arrive_and_wait()` needs the nd_item: the barrier is the work-group's.
ITEM_NAMES.update({"arrive_and_wait"})

PIPELINE = r"""#ifndef GPUPORT_SYCL_PIPELINE
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
"""

_CONDITIONALS = frozenset({"preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef"})


def _conditional_depth(ctx: RuleContext, offset: int) -> int:
    """How many preprocessor conditionals enclose `offset`."""
    node = ctx.root.descendant_for_byte_range(offset, offset)
    depth = 0
    while node is not None:
        depth += node.type in _CONDITIONALS
        node = node.parent
    return depth


_PARTITIONED = (
    "a producer/consumer partitioned pipeline (`{what}`) has no standard SYCL 2020 form: its producers and "
    "consumers wait for each other outside group barriers, which SYCL does not guarantee to make progress "
    "(GP273 emulates thread-scope pipelines, block pipelines every work-item uses alike, block barriers); "
    "port it by hand, e.g. every work-item copying and a group barrier per stage"
)


class LibPipeline(LibraryRule):
    code = "GP273"
    name = "lib-pipeline"
    targets = frozenset({"sycl"})
    summary = (
        "Emulate libcu++ pipelines, barriers and memcpy_async in standard SYCL (copies done when issued)."
    )
    triggers = (b"cuda/pipeline", b"cuda/barrier", b"cuda_pipeline", b"memcpy_async", b"arrive_and_wait")
    headers = {
        "cuda/pipeline": [PIPELINE],
        "cuda/barrier": [PIPELINE],
        "cuda_pipeline.h": [PIPELINE],
        "cuda_pipeline_primitives.h": [PIPELINE],
    }
    library = "libcu++ asynchronous copies"
    mapped_summary = "pipelines, block barriers, memcpy_async and the __pipeline_* primitives"
    family = "libcudacxx"
    safety = Safety.REVIEW
    needs_queue = False

    def message(self, name: str, new: str) -> str:
        return f"`{name}` -> `{new}` (asynchronous copies done when issued)"

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        yield from self.replace_includes(ctx)
        arrive = dict(self._arrive_calls(ctx))
        partitioned = self._partitioned(ctx)
        declared = ctx.declared_names
        routes = ctx.tables.handled_by(self.code)
        for occ in ctx.occurrences:
            if occ.name not in routes or occ.name in declared or ctx.is_claimed(occ.start, occ.end):
                continue
            new = routes[occ.name]
            if occ.name == "pipeline_role" or occ.start in partitioned:
                what = "make_pipeline(group, &state, role)" if occ.name == "make_pipeline" else occ.name
                yield self.unconverted(
                    occ.start, occ.end, _PARTITIONED.format(what=what), family=self.family, symbol=occ.name
                )
                continue
            if new is not None:
                edits, message = [Edit(occ.start, occ.end, new)], self.message(occ.name, new)
            elif occ.start in arrive:
                edits = [arrive[occ.start]]
                message = f"`{occ.name}()` -> `{occ.name}({ITEM}.get_group())`: a work-group barrier"
            else:
                edits, message = (
                    [],
                    f"`{occ.name}`: the inline helper's (asynchronous copies done when issued)",
                )
            yield self.converted(
                occ.start,
                occ.end,
                message,
                edits,
                family=self.family,
                symbol=occ.name,
                safety=self.safety,
            )

    def replace_includes(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        """The first of the headers becomes the helper (after <sycl/sycl.hpp> unless an earlier include
        gives it); the others are removed."""
        mine = [inc for inc in ctx.includes if inc.path in self.headers]
        # the least conditional one (`#if __CUDA_ARCH__ >= 700` around <cuda/barrier> in CUDA's samples)
        chosen = min(mine, key=lambda inc: _conditional_depth(ctx, inc.directive_start), default=None)
        for inc in mine:
            text, what = "", "removed (the helper is included once per file)"
            if inc is chosen:
                sycl = "" if sycl_included_before(ctx, inc) else SYCL_INCLUDE
                text, what = sycl + PIPELINE, "the inline helper" + (" after <sycl/sycl.hpp>" if sycl else "")
            yield self.converted(
                inc.directive_start,
                inc.directive_end,
                f"<{inc.path}> -> {what}",
                [include_edit(ctx, inc, text)],
                family=self.family,
                symbol=inc.path,
            )

    @staticmethod
    def _arrive_calls(ctx: RuleContext) -> Iterator[tuple[int, Edit]]:
        """`x.arrive_and_wait()` in kernels and device functions: (name offset, edit giving it the group)."""
        if b"arrive_and_wait" not in ctx.source:
            return
        spans = [
            (f.node.start_byte, f.node.end_byte) for f in model(ctx).functions.values() if not f.host_too
        ]
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            fn, args = call.child_by_field_name("function"), call.child_by_field_name("arguments")
            if fn is None or args is None or fn.type != "field_expression" or args.named_child_count:
                continue
            field = fn.child_by_field_name("field")
            if field is None or ctx.text(field) != "arrive_and_wait":
                continue
            if any(a <= call.start_byte and call.end_byte <= b for a, b in spans):
                yield field.start_byte, Edit(args.start_byte, args.end_byte, f"({ITEM}.get_group())")

    @staticmethod
    def _partitioned(ctx: RuleContext) -> set[int]:
        """Offsets of `make_pipeline` in calls with a role argument (three arguments)."""
        found: set[int] = set()
        if b"make_pipeline" not in ctx.source:
            return found
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            fn, args = call.child_by_field_name("function"), call.child_by_field_name("arguments")
            if fn is None or args is None or args.named_child_count != 3:
                continue
            name = fn.child_by_field_name("name") if fn.type == "qualified_identifier" else fn
            if name is not None and ctx.text(name) == "make_pipeline":
                found.add(name.start_byte)
        return found
