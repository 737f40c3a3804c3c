#pragma once
#include <stdio.h>
// cublas() exists only where <cublas_v2.h> came first
#ifdef CUBLAS_V2_H_
#define cublas(fn) do { status = (cublas##fn); if (CUBLAS_STATUS_SUCCESS != status) goto Error; } while (0)
#endif
