// gpuport: hip_version=6.2
// The driver API's linker becomes hipRTC's, which hip_runtime.h does not declare (CUDA's cuda.h does):
// hip/hiprtc.h is included after the runtime.
#include <cuda.h>
#include <cstdio>

void link(const void *image, size_t size) {
  CUlinkState state;
  void *cubin = nullptr;
  size_t cubin_size = 0;
  cuLinkCreate(0, nullptr, nullptr, &state);
  cuLinkAddData(state, CU_JIT_INPUT_PTX, const_cast<void *>(image), size, "k.ptx", 0, nullptr, nullptr);
  cuLinkComplete(state, &cubin, &cubin_size);
  cuLinkDestroy(state);
}
