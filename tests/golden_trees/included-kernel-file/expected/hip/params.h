#ifndef PARAMS_H
#include <hip/hip_runtime.h>
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
