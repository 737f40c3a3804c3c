#pragma once
#include <cstdio>
#include <hip/hip_runtime.h>

#define CHECK(call)                                                        \
    do {                                                                   \
        hipError_t err_ = (call);                                         \
        if (err_ != hipSuccess)                                           \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, hipGetErrorString(err_)); \
    } while (0)
