// curandCreateGeneratorHost fills host memory; with the same seed it gives the numbers the device
// generator gives (MonteCarlo_gold.cpp of cuda-samples draws its reference paths this way).
#include <cstdio>
#include <cstdlib>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_SYCL_PHILOX
#define GPUPORT_SYCL_PHILOX
#include <cstdint>
// Philox4x32-10 (Salmon et al., SC'11): four 32-bit words from a 128-bit counter and a 64-bit key.
inline void gpuport_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]) {
  uint32_t c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3], k0 = key[0], k1 = key[1];
  for (int round = 0; round < 10; ++round) {
    const uint64_t p0 = (uint64_t)0xD2511F53u * c0, p1 = (uint64_t)0xCD9E8D57u * c2;
    const uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0, n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
    c0 = n0;
    c1 = (uint32_t)p1;
    c2 = n2;
    c3 = (uint32_t)p0;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
  out[3] = c3;
}
// Uniform in (0, 1], as cuRAND's: 24 random bits for float, 53 for double; never 0.
inline float gpuport_rand_to_uniform(uint32_t x) { return (float)((x >> 8) + 1u) * (1.0f / 16777216.0f); }
inline double gpuport_rand_to_uniform_double(uint32_t hi, uint32_t lo) {
  return (double)((((uint64_t)hi << 21) ^ (lo >> 11)) + 1u) * (1.0 / 9007199254740992.0);
}
// Box-Muller: two independent standard normal values from two uniforms in (0, 1].
template <typename T> void gpuport_rand_box_muller(T u1, T u2, T &z0, T &z1) {
  const T r = sycl::sqrt(T(-2) * sycl::log(u1)), t = T(6.283185307179586476925) * u2;
  z0 = r * sycl::cos(t);
  z1 = r * sycl::sin(t);
}
#endif
#ifndef GPUPORT_SYCL_RAND_STATUS
#define GPUPORT_SYCL_RAND_STATUS
// cuRAND's curandStatus_t: an int, as a type of its own (overloads on it and on cudaError_t stay apart).
struct gpuport_rand_status {
  int value;
  gpuport_rand_status(int v = 0) : value(v) {}
  operator int() const { return value; }
};
#endif
#ifndef GPUPORT_SYCL_RAND_HOST
#define GPUPORT_SYCL_RAND_HOST
// cuRAND host API: a generator fills device arrays on its queue (a host generator, host arrays on the
// calling thread); block b of four words is Philox of counter (offset + b, 0, 0, 0) under the seed.
// Every pseudo-random generator type maps to Philox4x32-10.
struct gpuport_rand_generator_state {
  sycl::queue *queue;
  unsigned long long seed, offset;  // offset: blocks of four words already used
  bool host;
};
typedef gpuport_rand_generator_state *gpuport_rand_generator;
enum gpuport_rand_type { gpuport_rand_pseudo };
inline gpuport_rand_status gpuport_rand_create_generator(gpuport_rand_generator *g, int) {
  *g = new gpuport_rand_generator_state{&gpuport_queue(), 0ULL, 0ULL, false};
  return 0;
}
inline gpuport_rand_status gpuport_rand_create_generator_host(gpuport_rand_generator *g, int) {
  *g = new gpuport_rand_generator_state{&gpuport_queue(), 0ULL, 0ULL, true};
  return 0;
}
inline gpuport_rand_status gpuport_rand_destroy_generator(gpuport_rand_generator g) {
  g->queue->wait();
  delete g;
  return 0;
}
inline gpuport_rand_status gpuport_rand_set_seed(gpuport_rand_generator g, unsigned long long seed) {
  g->seed = seed;
  return 0;
}
inline gpuport_rand_status gpuport_rand_set_offset(gpuport_rand_generator g, unsigned long long offset) {
  g->offset = offset / 4;
  return 0;
}
inline gpuport_rand_status gpuport_rand_set_stream(gpuport_rand_generator g, sycl::queue *q) {
  g->queue = q ? q : &gpuport_queue();
  return 0;
}
// Writes n values, per_block of them from each block of four words: make(words, values).
template <typename T, typename Make>
gpuport_rand_status gpuport_rand_fill(gpuport_rand_generator g, T *out, size_t n, int per_block, Make make) {
  const size_t blocks = (n + per_block - 1) / per_block;
  const unsigned long long base = g->offset;
  const uint32_t k0 = (uint32_t)g->seed, k1 = (uint32_t)(g->seed >> 32);
  auto block = [=](size_t i) {
    const unsigned long long b = base + i;
    const uint32_t ctr[4] = {(uint32_t)b, (uint32_t)(b >> 32), 0u, 0u}, key[2] = {k0, k1};
    uint32_t w[4];
    T v[4];
    gpuport_philox4x32_10(ctr, key, w);
    make(w, v);
    for (int j = 0; j < per_block; ++j)
      if (i * per_block + j < n) out[i * per_block + j] = v[j];
  };
  if (g->host)  // curandCreateGeneratorHost: `out` is host memory, filled before the call returns
    for (size_t i = 0; i < blocks; ++i) block(i);
  else if (blocks > 0)
    g->queue->parallel_for(sycl::range<1>(blocks), [=](sycl::id<1> id) { block(id[0]); });
  g->offset += blocks;
  return 0;
}
inline gpuport_rand_status gpuport_rand_generate(gpuport_rand_generator g, unsigned int *out, size_t n) {
  return gpuport_rand_fill(g, out, n, 4, [](const uint32_t *w, unsigned int *v) {
    for (int j = 0; j < 4; ++j) v[j] = w[j];
  });
}
template <typename T> gpuport_rand_status gpuport_rand_generate_uniform(gpuport_rand_generator g, T *out, size_t n) {
  if constexpr (sizeof(T) == sizeof(float))
    return gpuport_rand_fill(g, out, n, 4, [](const uint32_t *w, T *v) {
      for (int j = 0; j < 4; ++j) v[j] = gpuport_rand_to_uniform(w[j]);
    });
  else
    return gpuport_rand_fill(g, out, n, 2, [](const uint32_t *w, T *v) {
      v[0] = gpuport_rand_to_uniform_double(w[0], w[1]);
      v[1] = gpuport_rand_to_uniform_double(w[2], w[3]);
    });
}
// Normal (log_normal: exp of normal) values with the given mean and standard deviation.
template <typename T>
gpuport_rand_status gpuport_rand_generate_normal(gpuport_rand_generator g, T *out, size_t n, T mean, T stddev, bool log_normal = false) {
  auto finish = [=](T z) { return log_normal ? sycl::exp(mean + stddev * z) : mean + stddev * z; };
  if constexpr (sizeof(T) == sizeof(float))
    return gpuport_rand_fill(g, out, n, 4, [=](const uint32_t *w, T *v) {
      for (int j = 0; j < 4; j += 2) {
        gpuport_rand_box_muller(gpuport_rand_to_uniform(w[j]), gpuport_rand_to_uniform(w[j + 1]), v[j], v[j + 1]);
        v[j] = finish(v[j]);
        v[j + 1] = finish(v[j + 1]);
      }
    });
  else
    return gpuport_rand_fill(g, out, n, 2, [=](const uint32_t *w, T *v) {
      gpuport_rand_box_muller(gpuport_rand_to_uniform_double(w[0], w[1]), gpuport_rand_to_uniform_double(w[2], w[3]),
                              v[0], v[1]);
      v[0] = finish(v[0]);
      v[1] = finish(v[1]);
    });
}
template <typename T>
gpuport_rand_status gpuport_rand_generate_log_normal(gpuport_rand_generator g, T *out, size_t n, T mean, T stddev) {
  return gpuport_rand_generate_normal(g, out, n, mean, stddev, true);
}
#endif
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

int main() {
    const size_t n = 1000;
    float *host = (float *)malloc(n * sizeof(float)), *back = (float *)malloc(n * sizeof(float));
    float *dev;
    dev = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());

    gpuport_rand_generator hgen, dgen;
    gpuport_rand_create_generator_host(&hgen, gpuport_rand_pseudo);
    gpuport_rand_create_generator(&dgen, gpuport_rand_pseudo);
    gpuport_rand_set_seed(hgen, 42ULL);
    gpuport_rand_set_seed(dgen, 42ULL);
    gpuport_rand_generate_normal<float>(hgen, host, n, 0.0f, 1.0f);
    gpuport_rand_generate_normal<float>(dgen, dev, n, 0.0f, 1.0f);
    gpuport_queue().memcpy(back, dev, n * sizeof(float)).wait();

    size_t same = 0;
    double mean = 0.0;
    for (size_t i = 0; i < n; ++i) {
        same += host[i] == back[i];
        mean += host[i];
    }
    printf("same %zu\n", same);
    printf("mean %f\n", mean / n);
    gpuport_rand_destroy_generator(hgen);
    gpuport_rand_destroy_generator(dgen);
    sycl::free(dev, gpuport_queue());
    free(host);
    free(back);
    return 0;
}
