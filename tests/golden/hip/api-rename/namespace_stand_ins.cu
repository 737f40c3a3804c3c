// CUDA's C APIs live in the global namespace: a CUDA-shaped name qualified by the project's namespace is
// the project's own (TensorRT's plugins declare `nvinfer1::pluginInternal::cublasStatus_t` as a stand-in
// for cuBLAS's, and their other headers spell it qualified); `::cudaDeviceSynchronize` is CUDA's.
#include <cuda_runtime.h>
namespace nvinfer1 {
namespace pluginInternal {
enum class CublasStatus { kSUCCESS = 0 };
using cublasStatus_t = CublasStatus;
}  // namespace pluginInternal
}  // namespace nvinfer1

char const *statusName(nvinfer1::pluginInternal::cublasStatus_t s)
{
    ::cudaDeviceSynchronize();
    return s == nvinfer1::pluginInternal::CublasStatus::kSUCCESS ? "ok" : "failed";
}
