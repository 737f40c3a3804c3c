#pragma once
// Not included by the program: not part of the output.
__device__ int never_used(int x);
