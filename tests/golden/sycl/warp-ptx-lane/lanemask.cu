__device__ __forceinline__ unsigned lanemask_lt() {
    unsigned mask;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
    return mask;
}

__global__ void lanes(unsigned *out) {
    unsigned lane, le, ge;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm("mov.u32 %0, %%lanemask_le;" : "=r"(le));
    asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
    unsigned clock;
    asm volatile("mov.u32 %0, %%clock;" : "=r"(clock));
    out[threadIdx.x] = lane + le + ge + lanemask_lt() + clock;
}
