#pragma once
#include <cstdio>

__device__ float twice(float a) { return a + a; }

__device__ float2 twice(float2 a) {
  a.x += a.x;
  a.y += a.y;
  return a;
}
