// Grüße: valid UTF-8 outside ASCII is kept and not reported (invalid bytes: tests/test_bad_input.py)
#include <cuda_runtime.h>
void f(float *p) { cudaFree(p); /* ✓ */ }
