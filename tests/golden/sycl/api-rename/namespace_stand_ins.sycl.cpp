// CUDA's C APIs live in the global namespace: a CUDA-shaped name qualified by the project's namespace is
// the project's own (TensorRT's plugins declare `nvinfer1::pluginInternal::cublasStatus_t` as a stand-in
// for cuBLAS's, and their other headers spell it qualified); `::cudaDeviceSynchronize` is CUDA's.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
namespace nvinfer1 {
namespace pluginInternal {
enum class CublasStatus { kSUCCESS = 0 };
using cublasStatus_t = CublasStatus;
}  // namespace pluginInternal
}  // namespace nvinfer1

char const *statusName(nvinfer1::pluginInternal::cublasStatus_t s)
{
    ::gpuport_queue().wait();
    return s == nvinfer1::pluginInternal::CublasStatus::kSUCCESS ? "ok" : "failed";
}
