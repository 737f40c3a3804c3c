// hipRAND's device API (hiprand_init, hiprand_uniform, hiprand_normal per thread) and its host API
// (a generator filling device memory). Checks ranges and sample moments.
#include "check.h"

#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

#include <vector>

__global__ void setup(hiprandState_t* states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprand_init(seed, id, 0, &states[id]);
}

__global__ void draw(hiprandState_t* states, float* uniform, float* normal, int per_thread) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprandState_t local = states[id];
  for (int i = 0; i < per_thread; ++i) {
    uniform[id * per_thread + i] = hiprand_uniform(&local);
    normal[id * per_thread + i] = hiprand_normal(&local);
  }
  states[id] = local;
}

static void moments(const std::vector<float>& v, double& mean, double& var) {
  mean = 0;
  for (float x : v) mean += x;
  mean /= v.size();
  var = 0;
  for (float x : v) var += (x - mean) * (x - mean);
  var /= v.size();
}

int main() {
  const int blocks = 64, threads = 128, per = 64, total = blocks * threads * per;
  hiprandState_t* states;
  float *du, *dn;
  HIP_CHECK(hipMalloc(&states, blocks * threads * sizeof(hiprandState_t)));
  HIP_CHECK(hipMalloc(&du, total * sizeof(float)));
  HIP_CHECK(hipMalloc(&dn, total * sizeof(float)));
  hipLaunchKernelGGL(setup, dim3(blocks), dim3(threads), 0, 0, states, 1234ull);
  hipLaunchKernelGGL(draw, dim3(blocks), dim3(threads), 0, 0, states, du, dn, per);
  HIP_CHECK(hipGetLastError());
  std::vector<float> u(total), z(total);
  HIP_CHECK(hipMemcpy(u.data(), du, total * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(z.data(), dn, total * sizeof(float), hipMemcpyDeviceToHost));
  int errors = 0;
  for (float x : u) errors += !(x > 0.0f && x <= 1.0f);  // hiprand_uniform excludes 0, includes 1
  double mean, var;
  moments(u, mean, var);
  errors += !(std::fabs(mean - 0.5) < 0.01 && std::fabs(var - 1.0 / 12) < 0.01);
  moments(z, mean, var);
  errors += !(std::fabs(mean) < 0.01 && std::fabs(var - 1.0) < 0.02);

  hiprandGenerator_t gen;
  if (hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT) != HIPRAND_STATUS_SUCCESS) return finish("hiprand", 1);
  errors += hiprandSetPseudoRandomGeneratorSeed(gen, 42ull) != HIPRAND_STATUS_SUCCESS;
  errors += hiprandGenerateUniform(gen, du, total) != HIPRAND_STATUS_SUCCESS;
  errors += hiprandDestroyGenerator(gen) != HIPRAND_STATUS_SUCCESS;
  HIP_CHECK(hipMemcpy(u.data(), du, total * sizeof(float), hipMemcpyDeviceToHost));
  moments(u, mean, var);
  errors += !(std::fabs(mean - 0.5) < 0.01);

  HIP_CHECK(hipFree(states));
  HIP_CHECK(hipFree(du));
  HIP_CHECK(hipFree(dn));
  return finish("hiprand_kernel", errors);
}
