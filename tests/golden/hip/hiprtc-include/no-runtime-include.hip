// gpuport: hip_version=6.2
// No include becomes the HIP runtime here (nvcc's implicit one): hip/hiprtc.h goes before the code that
// first uses a hipRTC name; a file that includes nvrtc.h (hip/hiprtc.h) gets nothing more.
#include <hip/hip_runtime.h>
#include <cstdio>

static int count = 0;

#include <hip/hiprtc.h>
void destroy(hiprtcLinkState state) {
  hiprtcLinkDestroy(state);
  ++count;
}
