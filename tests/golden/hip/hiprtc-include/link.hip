// gpuport: hip_version=6.2
// The driver API's linker becomes hipRTC's, which hip_runtime.h does not declare (CUDA's cuda.h does):
// hip/hiprtc.h is included after the runtime.
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#include <cstdio>

void link(const void *image, size_t size) {
  hiprtcLinkState state;
  void *cubin = nullptr;
  size_t cubin_size = 0;
  hiprtcLinkCreate(0, nullptr, nullptr, &state);
  hiprtcLinkAddData(state, HIPRTC_JIT_INPUT_PTX, const_cast<void *>(image), size, "k.ptx", 0, nullptr, nullptr);
  hiprtcLinkComplete(state, &cubin, &cubin_size);
  hiprtcLinkDestroy(state);
}
