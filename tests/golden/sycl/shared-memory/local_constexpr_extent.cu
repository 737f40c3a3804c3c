// Shared arrays sized by constants the kernel declares itself (quantumlib qsim's gate kernels): the
// extents are written at the launch and in the kernel's new parameters, where those locals do not exist.
// The launch names G only: fp_type and idx_type are deduced from a cast and from a struct member.
#include <cstdint>
template <unsigned G, typename fp_type, typename idx_type>
__global__ void ApplyGate(const fp_type *v0, const idx_type *xss0, fp_type *state) {
  constexpr unsigned gsize = 1 << G;
  constexpr unsigned rows = G < 4 ? gsize : (sizeof(fp_type) == 4 ? 8 : 16);
  const unsigned pad = gsize + 1;
  __shared__ idx_type xss[64];
  __shared__ fp_type v[2 * gsize * rows];
  __shared__ fp_type rs0[32][pad];
  if (threadIdx.x < gsize) xss[threadIdx.x] = xss0[threadIdx.x];
  for (unsigned m = 0; m < 2 * gsize * rows; m += 32) v[m + threadIdx.x] = v0[m + threadIdx.x];
  __syncthreads();
  for (unsigned k = 0; k < gsize; ++k) rs0[threadIdx.x][k] = state[xss[k] + threadIdx.x];
  __syncthreads();
  state[threadIdx.x] = rs0[threadIdx.x][0] * v[0];
}
struct Indices {
  uint64_t *xss;
  uint64_t *ms;
};
template <unsigned G> void Apply(void *ws, Indices d_i, float *state) {
  ApplyGate<G><<<1, 32>>>((float *)ws, d_i.xss, state);
}
template void Apply<2>(void *, Indices, float *);
