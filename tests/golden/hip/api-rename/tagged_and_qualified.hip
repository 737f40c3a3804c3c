// GPUJPEG-style C declarations: CUDA types named with their tag keyword, an enumerator qualified by
// its enum type (a torch-extension helper's `cudaError_t::cudaSuccess`).
#include <hip/hip_runtime.h>


struct gl_texture {
    hipGraphicsResource* pbo_resource;
};
int copy_partially_pinned(void* dst, const void* src, size_t count, hipMemcpyKind kind,
                          hipPitchedPtr pitched);

inline void check(hipError_t code) {
    if (code != hipSuccess) {
        return;
    }
}
inline bool ok(hipError_t code) { return code == ::hipSuccess; }
