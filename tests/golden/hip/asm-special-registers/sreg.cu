__device__ unsigned lane() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}
__device__ unsigned below() {
  unsigned mask;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
  return mask;
}
__device__ unsigned long long upto() {
  unsigned long long m = 0;
  __asm__ __volatile__("mov.u32 %0, %%lanemask_le;" : "=r"(m));
  return m;
}
__device__ unsigned sm() {
  unsigned id;
  asm("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}
__device__ unsigned warp() {
  unsigned w;
  asm("mov.u32 %0, %%warpid;" : "=r"(w));
  return w;
}
__device__ unsigned add(unsigned a, unsigned b) {
  unsigned c;
  asm("add.u32 %0, %1, %2;" : "=r"(c) : "r"(a), "r"(b));
  return c;
}
