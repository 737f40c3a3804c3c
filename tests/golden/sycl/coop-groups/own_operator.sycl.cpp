// llm.c's softmax: cg::reduce over a 32-lane tile with the program's own operator on its own struct (SYCL's
// group algorithms take only SYCL function objects): a shift tree over the sub-group, in rank order.
#include <sycl/sycl.hpp>
#include <cmath>
struct SumMax { float maxval; float sum; };
SumMax reduce_sum_max_op(SumMax a, SumMax b) {
    bool a_bigger = (a.maxval > b.maxval);
    SumMax bigger_m = a_bigger ? a : b;
    SumMax smaller_m = a_bigger ? b : a;
    SumMax res;
    res.maxval = bigger_m.maxval;
    res.sum = bigger_m.sum + smaller_m.sum * sycl::exp(smaller_m.maxval - bigger_m.maxval);
    return res;
}
#ifndef GPUPORT_SUB_GROUP_REDUCE_OP
#define GPUPORT_SUB_GROUP_REDUCE_OP
// cooperative_groups::reduce with the program's own operator over the sub-group: a shift tree that keeps
// the operands in rank order, lane 0's result broadcast to every lane
template <class T, class Op> inline T gpuport_reduce_op(sycl::sub_group g, T v, Op op) {
  const unsigned n = g.get_local_linear_range(), lane = g.get_local_linear_id();
  for (unsigned d = 1; d < n; d <<= 1) {
    T other = sycl::shift_group_left(g, v, d);
    if (lane + d < n) v = op(v, other);
  }
  return sycl::group_broadcast(g, v, 0);
}
#endif
void k(const float *x, float *out, int C, const sycl::nd_item<3> &item) {
    sycl::group<3> block = item.get_group();
    sycl::sub_group warp = item.get_sub_group();
    SumMax p; p.maxval = -INFINITY; p.sum = 0.0f;
    for (int i = warp.get_local_linear_id(); i < C; i += warp.get_local_linear_range()) p = reduce_sum_max_op(p, {x[i], 1.0f});
    SumMax t = gpuport_reduce_op(warp, p, reduce_sum_max_op);
    if (warp.get_local_linear_id() == 0) { out[0] = t.maxval; out[1] = t.sum; }
}
