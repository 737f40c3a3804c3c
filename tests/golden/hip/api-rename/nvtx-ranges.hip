// NVTX profiler ranges (AMGX's amgx_timer.h) become ROCm's roctx ranges; roctx takes a message only, so
// the attribute form is reported.
#include <hip/hip_runtime.h>
#include <roctracer/roctx.h>

struct ScopedRange {
  roctx_range_id_t id;
  explicit ScopedRange(const char *name) : id(roctxRangeStartA(name)) {}
  ~ScopedRange() { roctxRangeStop(id); }
};

void solve(int iterations) {
  roctxRangePushA("solve");
  for (int i = 0; i < iterations; ++i) roctxMarkA("iteration");
  nvtxEventAttributes_t attributes = {};
  nvtxRangePushEx(&attributes);
  roctxRangePop();
  roctxRangePop();
}
