#include <sycl/sycl.hpp>
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif
#ifndef PARAMS_H
#define PARAMS_H

#define WIDTH 16
#define HEIGHT 16

// Only vector types: CUDA because CUDA code includes it.
struct Sample {
    float2 pos;
    int id;
};

inline Sample make_sample(float x, float y, int id)
{
    Sample s;
    s.pos = make_float2(x, y);
    s.id = id;
    return s;
}

#endif
