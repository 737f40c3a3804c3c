#pragma once
#define LAUNCH_BOUNDS(box) __launch_bounds__(box::nt, box::occ)

struct box_t {
    enum { nt = 64, occ = 2 };
};

template <typename box, typename func_t, typename... args_t>
__global__ LAUNCH_BOUNDS(box)
void cta_kernel(func_t f, int count, args_t... args) {
    int tid = threadIdx.x % box::nt;
    int cta = blockIdx.x;
    f(tid, cta, count, args...);
}

template <typename box, typename func_t, typename... args_t>
void cta_launch(func_t f, int ctas, int count, args_t... args) {
    cta_kernel<box, func_t><<<ctas, box::nt>>>(f, count, args...);
}
