#include "common.h"

void *device_alloc(size_t bytes)
{
    void *p = nullptr;
    CHECK(cudaMalloc(&p, bytes));
    return p;
}
