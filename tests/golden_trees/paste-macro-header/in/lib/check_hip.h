#include <hip/hip_runtime.h>
#define cuda( fn ) do { status = (hip##fn); if ( hipSuccess != status ) goto Error; } while (0);
