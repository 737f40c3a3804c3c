// The BlockReduce alias and its uses inside `#ifdef HAVE_CUB` blocks (multi-gpu-programming-models).
#include <sycl/sycl.hpp>
#include <sycl/sycl.hpp>
typedef float real;
template <int BLOCK_DIM_X, int BLOCK_DIM_Y>
void k(real* __restrict__ const l2, const real *a, const sycl::nd_item<3> &item) {
#ifdef HAVE_CUB
#endif
    real v = a[item.get_local_id(2)];
#ifdef HAVE_CUB
    real block_l2_norm = sycl::reduce_over_group(item.get_group(), v, sycl::plus<real>());
    if (0 == item.get_local_id(1) && 0 == item.get_local_id(2)) sycl::atomic_ref<real, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(*l2).fetch_add(static_cast<real>(block_l2_norm));
#else
    sycl::atomic_ref<real, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(*l2).fetch_add(static_cast<real>(v));
#endif
}
