// hemi's hemi.h: `hemi::cudaError` is an enumerator of the project's own hemi_error.h (not in this
// file), not CUDA's cudaError. CUDA's C APIs are global names, so a namespace-qualified one stays;
// `::cudaGetLastError` and the unqualified names are CUDA's and are renamed.
#include <hip/hip_runtime.h>
#include "hemi_error.h"

namespace hemi {
inline hemi::Error_t deviceSynchronize() {
  if (hipSuccess != hipDeviceSynchronize()) return hemi::cudaError;
  if (::hipGetLastError() != hipSuccess) return hemi::cudaError;
  return hemi::success;
}
}  // namespace hemi
