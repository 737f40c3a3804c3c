// NVTX profiler ranges (AMGX's amgx_timer.h) become ROCm's roctx ranges; roctx takes a message only, so
// the attribute form is reported.
#include <nvtx3/nvToolsExt.h>

struct ScopedRange {
  nvtxRangeId_t id;
  explicit ScopedRange(const char *name) : id(nvtxRangeStartA(name)) {}
  ~ScopedRange() { nvtxRangeEnd(id); }
};

void solve(int iterations) {
  nvtxRangePushA("solve");
  for (int i = 0; i < iterations; ++i) nvtxMarkA("iteration");
  nvtxEventAttributes_t attributes = {};
  nvtxRangePushEx(&attributes);
  nvtxRangePop();
  nvtxRangePop();
}
