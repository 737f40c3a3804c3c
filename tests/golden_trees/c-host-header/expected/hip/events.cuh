// Event helpers: the __global__ kernels of main.cu are timed with these (a keyword in a comment only;
// the code below uses the runtime's types, so this header needs the runtime).
#pragma once
#include <hip/hip_runtime.h>

struct event_pair {
  hipEvent_t start, stop;
};
