#pragma once
#include <hip/hip_runtime.h>
#define CUTIL_SAFE_CALL(call) do { hipError_t e = (call); if (e != hipSuccess) return e; } while (0)
