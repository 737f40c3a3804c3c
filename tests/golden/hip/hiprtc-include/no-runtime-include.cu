// gpuport: hip_version=6.2
// No include becomes the HIP runtime here (nvcc's implicit one): hip/hiprtc.h goes before the code that
// first uses a hipRTC name; a file that includes nvrtc.h (hip/hiprtc.h) gets nothing more.
#include <cstdio>

static int count = 0;

void destroy(CUlinkState state) {
  cuLinkDestroy(state);
  ++count;
}
