#include <vector>
struct Ctx {
  cudaEvent_t copy_event = nullptr;
  std::vector<cudaEvent_t> joins;
  ~Ctx() {
    if (copy_event != nullptr) cudaEventDestroy(copy_event);
    for (cudaEvent_t e : joins) {
      if (e != nullptr) cudaEventDestroy(e);
    }
  }
};
void reset(Ctx &c) {
  cudaEvent_t evs[2] = {nullptr, nullptr};
  cudaEvent_t a = NULL;
  if (a == NULL) cudaEventCreate(&a);
  c.copy_event = nullptr;
  evs[0] = nullptr;
  cudaEventRecord(a);
  cudaEventSynchronize(a);
}
