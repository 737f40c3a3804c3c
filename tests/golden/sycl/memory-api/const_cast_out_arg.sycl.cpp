// qsim's StateSpaceCUDA: a const method allocates its scratch buffer through const_cast<void **>.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

template <typename fp_type>
class StateSpace {
 public:
  fp_type *Scratch(size_t size) const {
    if (scratch_ == nullptr) {
      *const_cast<std::remove_reference_t<decltype(scratch_)> *>(&scratch_) = static_cast<std::remove_reference_t<decltype(scratch_)>>(sycl::malloc_device(size, gpuport_queue()));
    }
    return scratch_;
  }
  void Grow(size_t size) {
    buffer_ = static_cast<std::remove_reference_t<decltype(buffer_)>>(sycl::malloc_device(size, gpuport_queue()));
  }

 private:
  fp_type *scratch_ = nullptr;
  fp_type *buffer_ = nullptr;
};
