// gpuport HIP-on-CUDA layer: hipBLAS over cuBLAS (v2 API). hipblasSgemm is cublasSgemm, HIPBLAS_OP_N is
// CUBLAS_OP_N, ...: the renames are generated into gpuport_hip_map_cublas.h from gpuport's tables.
// cuBLAS headers come from the PyPI nvidia-cublas wheel (add its include directory, see dataset/cudalibs.py).
#pragma once

#include "hip/hip_complex.h"
#include "hip/hip_runtime_api.h"

#include <cublas_v2.h>
#include <cuda_fp16.h>

// hipBLAS's own complex and half types. Here they are cuBLAS's, so pointers pass straight through; code
// that uses the member functions of HIP 5's hipblasComplex class (rather than .x/.y) does not compile.
// gpuport-hand: hipblasComplex hipblasDoubleComplex hipblasHalf
typedef cuComplex hipblasComplex;
typedef cuDoubleComplex hipblasDoubleComplex;
typedef __half hipblasHalf;

#include "gpuport_hip_map_cublas.h"
