// qsim's StateSpaceCUDA: a const method allocates its scratch buffer through const_cast<void **>.
#include <cuda_runtime.h>

template <typename fp_type>
class StateSpace {
 public:
  fp_type *Scratch(size_t size) const {
    if (scratch_ == nullptr) {
      cudaMalloc(const_cast<void **>(&scratch_), size);
    }
    return scratch_;
  }
  void Grow(size_t size) {
    cudaMalloc(reinterpret_cast<void **>(&buffer_), size);
  }

 private:
  fp_type *scratch_ = nullptr;
  fp_type *buffer_ = nullptr;
};
