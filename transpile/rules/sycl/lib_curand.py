"""GP255 lib-curand: cuRAND's host and device APIs become an inline Philox4x32-10 generator.

What it does
    Renames cuRAND names to helpers with the same arguments, defined once in place of the
    `#include <curand.h>` / `<curand_kernel.h>` (guarded by `GPUPORT_SYCL_PHILOX`, `GPUPORT_SYCL_RAND_HOST`,
    `GPUPORT_SYCL_RAND_DEVICE`):
    host API: `curandGenerator_t` -> `gpuport_rand_generator`; `curandCreateGenerator` (every pseudo-random
    type) and `curandCreateGeneratorHost` (the same numbers, written to host memory on the calling
    thread), `curandSetPseudoRandomGeneratorSeed`, `curandSetGeneratorOffset`, `curandSetStream`,
    `curandDestroyGenerator`, `curandGenerate`, `curandGenerateUniform[Double]`,
    `curandGenerateNormal[Double]`, `curandGenerateLogNormal[Double]` -> `gpuport_rand_*`;
    `curandStatus_t` -> `gpuport_rand_status` (an int as a type of its own, as cuBLAS's status is),
    `CURAND_STATUS_SUCCESS` -> `0`.
    device API: `curandState`, `curandStateXORWOW_t`, `curandStatePhilox4_32_10_t`... ->
    `gpuport_rand_state`; `curand_init(seed, subsequence, offset, &st)`, `curand`, `curand_uniform[_double]`,
    `curand_normal[_double]`, `curand_log_normal[_double]`, `skipahead`, and the vector forms
    (`curand_uniform4` -> `gpuport_rand_uniform4<float4>`, `curand_normal2`, `curand_normal4`, `curand4`,
    `curand_uniform2_double`, `curand_normal2_double`) -> `gpuport_rand_*`.
    Quasi-random generators, discrete distributions (Poisson) and the MTGP32 kernel API are reported
    unconverted.
Why
    Standard SYCL 2020 has no random-number library (oneMKL RNG is a vendor library). Philox4x32-10
    (Salmon et al., SC'11) is counter-based: a 128-bit counter and a 64-bit key give four 32-bit words
    through ten rounds of multiplies and xors, so it needs no tables, is a dozen lines, and gives every
    (seed, subsequence) pair an independent stream, which is what `curand_init(seed, id, 0, &st)` asks
    for. The host generator fills arrays with one work-item per counter value.
Example
    curand_init(seed, id, 0, &states[id]);
    float z = curand_normal(&local);
Translated to
    gpuport_rand_init(seed, id, 0, &states[id]);
    float z = gpuport_rand_normal(&local);
Safety
    review: the numbers differ from cuRAND's (XORWOW is replaced by Philox, and even cuRAND's own Philox
    stream is not reproduced bit for bit), so programs that check statistics keep working and programs
    that compare exact random values do not. The distributions and ranges are cuRAND's: uniform in
    (0, 1] (24 random bits for float, 53 for double), normal by Box-Muller (one value cached in the
    state, as cuRAND does), log-normal as exp of a normal.
References
    cuRAND documentation (host API, device API); J. K. Salmon, M. A. Moraes, R. O. Dror, D. E. Shaw,
    "Parallel random numbers: as easy as 1, 2, 3", SC'11; SYCL 2020 specification, 4.17.5 (math functions).
"""

from __future__ import annotations

import re

from ...diagnostics import Safety
from ._libs import LibraryRule, status_type

PHILOX = r"""#ifndef GPUPORT_SYCL_PHILOX
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
"""

RAND_STATUS = status_type("gpuport_rand_status", "cuRAND's curandStatus_t")

HOST = (
    RAND_STATUS
    + r"""#ifndef GPUPORT_SYCL_RAND_HOST
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
"""
)

DEVICE = (
    RAND_STATUS
    + r"""#ifndef GPUPORT_SYCL_RAND_DEVICE
#define GPUPORT_SYCL_RAND_DEVICE
// cuRAND device API: one Philox4x32-10 stream per (seed, subsequence); words are used four at a time.
struct gpuport_rand_state {
  uint32_t ctr[4], key[2], words[4];
  int next;                      // next unused entry of words (4: none left)
  int has_normal, has_normal_double;  // Box-Muller makes values in pairs; the second one is kept
  float normal;
  double normal_double;
};
inline void gpuport_rand_advance(gpuport_rand_state *s, unsigned long long blocks) {
  const unsigned long long lo = s->ctr[0] | ((unsigned long long)s->ctr[1] << 32), sum = lo + blocks;
  s->ctr[0] = (uint32_t)sum;
  s->ctr[1] = (uint32_t)(sum >> 32);
  if (sum < lo && ++s->ctr[2] == 0) ++s->ctr[3];
}
inline unsigned int gpuport_rand(gpuport_rand_state *s) {
  if (s->next == 4) {
    gpuport_philox4x32_10(s->ctr, s->key, s->words);
    gpuport_rand_advance(s, 1);
    s->next = 0;
  }
  return s->words[s->next++];
}
// Skips n 32-bit words of the stream.
inline void gpuport_rand_skipahead(unsigned long long n, gpuport_rand_state *s) {
  const unsigned long long left = (unsigned long long)(4 - s->next);
  if (n <= left) {
    s->next += (int)n;
    return;
  }
  n -= left;
  s->next = 4;
  gpuport_rand_advance(s, n / 4);
  for (unsigned long long i = 0; i < n % 4; ++i) gpuport_rand(s);
}
inline void gpuport_rand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                              gpuport_rand_state *s) {
  s->key[0] = (uint32_t)seed;
  s->key[1] = (uint32_t)(seed >> 32);
  s->ctr[0] = 0u;
  s->ctr[1] = 0u;
  s->ctr[2] = (uint32_t)subsequence;
  s->ctr[3] = (uint32_t)(subsequence >> 32);
  s->next = 4;
  s->has_normal = s->has_normal_double = 0;
  s->normal = 0.0f;
  s->normal_double = 0.0;
  gpuport_rand_skipahead(offset, s);
}
inline float gpuport_rand_uniform(gpuport_rand_state *s) { return gpuport_rand_to_uniform(gpuport_rand(s)); }
inline double gpuport_rand_uniform_double(gpuport_rand_state *s) {
  const uint32_t hi = gpuport_rand(s);
  return gpuport_rand_to_uniform_double(hi, gpuport_rand(s));
}
inline float gpuport_rand_normal(gpuport_rand_state *s) {
  if (s->has_normal) {
    s->has_normal = 0;
    return s->normal;
  }
  const float u1 = gpuport_rand_uniform(s), u2 = gpuport_rand_uniform(s);
  float z0, z1;
  gpuport_rand_box_muller(u1, u2, z0, z1);
  s->normal = z1;
  s->has_normal = 1;
  return z0;
}
inline double gpuport_rand_normal_double(gpuport_rand_state *s) {
  if (s->has_normal_double) {
    s->has_normal_double = 0;
    return s->normal_double;
  }
  const double u1 = gpuport_rand_uniform_double(s), u2 = gpuport_rand_uniform_double(s);
  double z0, z1;
  gpuport_rand_box_muller(u1, u2, z0, z1);
  s->normal_double = z1;
  s->has_normal_double = 1;
  return z0;
}
inline float gpuport_rand_log_normal(gpuport_rand_state *s, float mean, float stddev) {
  return sycl::exp(mean + stddev * gpuport_rand_normal(s));
}
inline double gpuport_rand_log_normal_double(gpuport_rand_state *s, double mean, double stddev) {
  return sycl::exp(mean + stddev * gpuport_rand_normal_double(s));
}
// Vector forms: V is the CUDA vector type the call returns (float4, float2, uint4, double2).
template <typename V> V gpuport_rand4(gpuport_rand_state *s) {
  const unsigned int a = gpuport_rand(s), b = gpuport_rand(s), c = gpuport_rand(s);
  return V{a, b, c, gpuport_rand(s)};
}
template <typename V> V gpuport_rand_uniform4(gpuport_rand_state *s) {
  const float a = gpuport_rand_uniform(s), b = gpuport_rand_uniform(s), c = gpuport_rand_uniform(s);
  return V{a, b, c, gpuport_rand_uniform(s)};
}
template <typename V> V gpuport_rand_uniform2_double(gpuport_rand_state *s) {
  const double a = gpuport_rand_uniform_double(s);
  return V{a, gpuport_rand_uniform_double(s)};
}
template <typename V> V gpuport_rand_normal2(gpuport_rand_state *s) {
  const float u1 = gpuport_rand_uniform(s), u2 = gpuport_rand_uniform(s);
  float z0, z1;
  gpuport_rand_box_muller(u1, u2, z0, z1);
  return V{z0, z1};
}
template <typename V> V gpuport_rand_normal4(gpuport_rand_state *s) {
  const float u1 = gpuport_rand_uniform(s), u2 = gpuport_rand_uniform(s), u3 = gpuport_rand_uniform(s),
              u4 = gpuport_rand_uniform(s);
  float z0, z1, z2, z3;
  gpuport_rand_box_muller(u1, u2, z0, z1);
  gpuport_rand_box_muller(u3, u4, z2, z3);
  return V{z0, z1, z2, z3};
}
template <typename V> V gpuport_rand_normal2_double(gpuport_rand_state *s) {
  const double u1 = gpuport_rand_uniform_double(s), u2 = gpuport_rand_uniform_double(s);
  double z0, z1;
  gpuport_rand_box_muller(u1, u2, z0, z1);
  return V{z0, z1};
}
#endif
"""
)

# The names this rule maps and what each becomes: the tables' rows routed to GP255 (`rule:GP255 spelling`).
_BOTH = [PHILOX, HOST, DEVICE]


class LibCurand(LibraryRule):
    code = "GP255"
    name = "lib-curand"
    targets = frozenset({"sycl"})
    summary = (
        "Map cuRAND's host and device APIs to an inline Philox4x32-10 generator (numbers differ: review)."
    )
    triggers = (b"curand", b"CURAND")
    headers = {
        "curand.h": [PHILOX, HOST],
        "curand_kernel.h": _BOTH,
        "curand_philox4x32_x.h": [PHILOX, DEVICE],
        "curand_uniform.h": [PHILOX, DEVICE],
        "curand_normal.h": [PHILOX, DEVICE],
    }
    library_names = re.compile(r"curand\w*|CURAND_\w+")
    library = "cuRAND"
    mapped_summary = (
        "pseudo-random generators (create/seed/offset/stream/destroy, Generate, GenerateUniform/Normal/"
        "LogNormal[Double]) and the device API (curand_init, curand, curand_uniform/normal/log_normal and "
        "their vector forms, skipahead)"
    )
    family = "curand"
    safety = Safety.REVIEW

    def message(self, name: str, new: str) -> str:
        return f"`{name}` -> `{new}` (Philox4x32-10: statistically equivalent, not cuRAND's numbers)"
