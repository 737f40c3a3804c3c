// A project's own names that start like CUDA's (GAMER's CUAPI_* functions, declared in a header this file
// does not include) are not CUDA references left behind; an all-capitals constant of a CUDA library
// (cuTENSOR's) is, and is reported.
#include <hip/hip_runtime.h>

void CUAPI_Synchronize();

void step(float *d, int n)
{
    hipMemset(d, 0, n * sizeof(float));
    CUAPI_Synchronize();
    CUAPI_SetMemSize(n);
    int op = CUTENSOR_OP_ADD;
    (void)op;
}
