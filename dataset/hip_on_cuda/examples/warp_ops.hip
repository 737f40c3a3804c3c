// HIP's mask-less warp functions (HIP < 6.2): __shfl, __shfl_up, __shfl_down, __shfl_xor with and without
// a width, the 64-bit __ballot, __any, __all, __activemask. The host computes the expected lanes for the
// device's warp size, so the program is right for 32- and 64-wide warps alike.
#include "check.h"

#include <vector>

struct Out {
  int shfl_bcast;      // __shfl(v, 0): lane 0's value
  int shfl_width;      // __shfl(v, 3, 8): lane 3 of my group of 8
  int shfl_up;         // __shfl_up(v, 1): lane-1, own value on lane 0
  int shfl_down_w16;   // __shfl_down(v, 2, 16)
  int shfl_xor;        // __shfl_xor(v, 1)
  double shfl_double;  // 64-bit payload
  float warp_sum;      // butterfly sum with __shfl_xor
  unsigned long long ballot;
  int popc;
  int any_odd;
  int all_small;
  unsigned long long active;
};

__global__ void warp_ops(Out* out) {
  int lane = threadIdx.x % warpSize;
  int v = 100 + (int)threadIdx.x;
  Out o;
  o.shfl_bcast = __shfl(v, 0);
  o.shfl_width = __shfl(v, 3, 8);
  o.shfl_up = __shfl_up(v, 1);
  o.shfl_down_w16 = __shfl_down(v, 2, 16);
  o.shfl_xor = __shfl_xor(v, 1);
  o.shfl_double = __shfl((double)v * 1.5, lane ^ 2);
  float s = (float)lane;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) s += __shfl_xor(s, offset);
  o.warp_sum = s;
  unsigned long long b = __ballot(lane % 3 == 0);
  o.ballot = b;
  o.popc = __popcll(b);
  o.any_odd = __any(v % 2 == 1);
  o.all_small = __all(lane < 1000);
#if defined(__HIP_PLATFORM_AMD__) && HIP_VERSION_MAJOR < 6
  o.active = __ballot(1);  // HIP 5 has no __activemask
#else
  o.active = __activemask();
#endif
  out[threadIdx.x] = o;
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  const int threads = 2 * ws;
  Out* d_out;
  HIP_CHECK(hipMalloc(&d_out, threads * sizeof(Out)));
  hipLaunchKernelGGL(warp_ops, dim3(1), dim3(threads), 0, 0, d_out);
  HIP_CHECK(hipGetLastError());
  std::vector<Out> out(threads);
  HIP_CHECK(hipMemcpy(out.data(), d_out, threads * sizeof(Out), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d_out));

  int errors = 0;
  unsigned long long want_ballot = 0;
  for (int l = 0; l < ws; l += 3) want_ballot |= 1ull << l;
  const unsigned long long full = ws == 64 ? ~0ull : (1ull << ws) - 1;
  for (int t = 0; t < threads; ++t) {
    const Out& o = out[t];
    int lane = t % ws, base = t - lane;
    auto val = [&](int l) { return 100 + base + l; };
    errors += o.shfl_bcast != val(0);
    errors += o.shfl_width != val((lane / 8) * 8 + 3);
    errors += o.shfl_up != (lane >= 1 ? val(lane - 1) : val(lane));
    errors += o.shfl_down_w16 != ((lane % 16) + 2 < 16 ? val(lane + 2) : val(lane));
    errors += o.shfl_xor != val(lane ^ 1);
    errors += o.shfl_double != val(lane ^ 2) * 1.5;
    errors += o.warp_sum != (float)(ws * (ws - 1) / 2);
    errors += o.ballot != want_ballot;  // upper 32 bits stay 0 on 32-wide warps
    errors += o.popc != (ws + 2) / 3;
    errors += o.any_odd != 1;
    errors += o.all_small != 1;
    errors += o.active != full;
  }
  if (errors) std::printf("lane 5: ballot %llx active %llx\n", out[5].ballot, out[5].active);
  return finish("warp_ops", errors);
}
