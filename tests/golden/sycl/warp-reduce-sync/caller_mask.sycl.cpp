#include <sycl/sycl.hpp>
// The cuda-samples reduction's sm_80 specialisation: the mask is the caller's (a ballot of the lanes
// taking part, every lane for blocks of 32 threads or more), as for the generic shuffle version GP230
// translates (a literal partial mask is still reported: partial_mask.cu).
template <class T>
T warpReduceSum(unsigned int mask, T mySum, const sycl::nd_item<3> &item) {
  mySum = sycl::reduce_over_group(item.get_sub_group(), mySum, sycl::plus<>());
  return mySum;
}

template <>
int warpReduceSum<int>(unsigned int mask, int mySum, const sycl::nd_item<3> &item) {
  mySum = sycl::reduce_over_group(item.get_sub_group(), mySum, sycl::plus<>());
  return mySum;
}

void sums(const int *in, int *out, const sycl::nd_item<3> &item) {
  unsigned mask = sycl::reduce_over_group(item.get_sub_group(), (item.get_local_id(2) < item.get_local_range(2)) ? (1u << item.get_sub_group().get_local_linear_id()) : 0u, sycl::bit_or<>());
  int v = warpReduceSum<int>(mask, in[item.get_local_id(2)], item);
  if (item.get_local_id(2) == 0) out[item.get_group(2)] = v;
}
