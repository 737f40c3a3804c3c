__device__ unsigned lane_id() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}
__device__ void fence() { asm("membar.gl;"); }
__device__ unsigned smid() {
  unsigned id;
  __asm__ __volatile__("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}
