#pragma once
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif

inline float twice(float a) { return a + a; }

inline float2 twice(float2 a) {
  a.x += a.x;
  a.y += a.y;
  return a;
}
