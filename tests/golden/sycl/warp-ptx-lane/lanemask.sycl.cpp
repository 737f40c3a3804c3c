#include <sycl/sycl.hpp>
inline unsigned lanemask_lt(const sycl::nd_item<3> &item) {
    unsigned mask;
    mask = (1u << item.get_sub_group().get_local_linear_id()) - 1u;
    return mask;
}

void lanes(unsigned *out, const sycl::nd_item<3> &item) {
    unsigned lane, le, ge;
    lane = item.get_sub_group().get_local_linear_id();
    le = (2u << item.get_sub_group().get_local_linear_id()) - 1u;
    ge = ~((1u << item.get_sub_group().get_local_linear_id()) - 1u);
    unsigned clock;
    asm volatile("mov.u32 %0, %%clock;" : "=r"(clock));
    out[item.get_local_id(2)] = lane + le + ge + lanemask_lt(item) + clock;
}
