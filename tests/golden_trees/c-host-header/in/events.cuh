// Event helpers: the __global__ kernels of main.cu are timed with these (a keyword in a comment only;
// the code below uses the runtime's types, so this header needs the runtime).
#pragma once

struct event_pair {
  cudaEvent_t start, stop;
};
