#pragma once
#include <stdio.h>
// cublas() exists only where <cublas_v2.h> came first
#ifdef GPUPORT_SYCL_BLAS
#define cublas(fn) do { status = (fn); if (0 != status) goto Error; } while (0)
#endif
