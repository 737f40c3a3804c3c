#pragma once
#include <stdlib.h>
#include <cublas_v2.h>
cublasHandle_t cublas_handle;
#define cublasCheck(status) do { if ((status) != CUBLAS_STATUS_SUCCESS) exit(1); } while (0)
