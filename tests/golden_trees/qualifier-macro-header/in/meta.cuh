#pragma once
#ifdef __CUDACC__
#define DEVICE __device__
#define HOST_DEVICE __forceinline__ __host__ __device__
#else
#define DEVICE
#define HOST_DEVICE inline
#endif
