#include <hip/hip_runtime.h>
void query(){ hipDeviceProp_t prop; hipGetDeviceProperties(&prop, 0); }
