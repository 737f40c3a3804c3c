#include <hip/hip_runtime.h>
#define cuda( fn ) do { status = (fn); if ( hipSuccess != status ) goto Error; } while (0);
