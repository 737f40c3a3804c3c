// GPUJPEG-style C declarations: CUDA types named with their tag keyword, an enumerator qualified by
// its enum type (a torch-extension helper's `cudaError_t::cudaSuccess`).
#include <cuda_runtime.h>

struct cudaGraphicsResource;
struct gl_texture {
    struct cudaGraphicsResource* pbo_resource;
};
int copy_partially_pinned(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind,
                          struct cudaPitchedPtr pitched);

inline void check(cudaError_t code) {
    if (code != cudaError_t::cudaSuccess) {
        return;
    }
}
inline bool ok(cudaError_t code) { return code == ::cudaSuccess; }
