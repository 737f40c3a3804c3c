// gpuport HIP-on-CUDA layer: hipSPARSE over cuSPARSE (renames generated into gpuport_hip_map_cusparse.h).
// cuSPARSE headers come from the PyPI nvidia-cusparse wheel.
#pragma once
// ROCm's include guards, which CUDA helper headers translated to HIP test (`#ifdef
// HIP_INCLUDE_HIP_HIP_RUNTIME_H` from `#ifdef __CUDA_RUNTIME_H__`): this layer stands for those headers.
#define _HIPSPARSE_H_

#include "hip/hip_runtime_api.h"

#include <cusparse.h>

// Generic-API algorithm names that hipSPARSE 5.2 and cuSPARSE 13 both have but the tables (seeded from
// PyTorch's hipify map) lack. Once a table row exists the generator leaves it to these lines.
#define HIPSPARSE_SPMV_ALG_DEFAULT CUSPARSE_SPMV_ALG_DEFAULT
#define HIPSPARSE_SPMV_COO_ALG1 CUSPARSE_SPMV_COO_ALG1
#define HIPSPARSE_SPMV_COO_ALG2 CUSPARSE_SPMV_COO_ALG2
#define HIPSPARSE_SPMV_CSR_ALG1 CUSPARSE_SPMV_CSR_ALG1
#define HIPSPARSE_SPMV_CSR_ALG2 CUSPARSE_SPMV_CSR_ALG2
#define HIPSPARSE_SPMM_ALG_DEFAULT CUSPARSE_SPMM_ALG_DEFAULT
#define HIPSPARSE_SPMM_BLOCKED_ELL_ALG1 CUSPARSE_SPMM_BLOCKED_ELL_ALG1
#define HIPSPARSE_SPMM_COO_ALG3 CUSPARSE_SPMM_COO_ALG3
#define HIPSPARSE_SPMM_COO_ALG4 CUSPARSE_SPMM_COO_ALG4

#include "gpuport_hip_map_cusparse.h"
