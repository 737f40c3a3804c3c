#include <hip/hip_runtime.h>
void query(){ struct hipDeviceProp_t prop; hipGetDeviceProperties(&prop, 0); }
