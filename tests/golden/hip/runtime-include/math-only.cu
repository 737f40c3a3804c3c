// gpuport: hip_version=6.2
// Host math alone does not make a file CUDA, but this is a .cu file, which nvcc compiles with the runtime
// included: it gets the include (tests/test_engine.py checks that a header with math alone does not).
#include <cmath>

inline double hypotenuse(double a, double b) { return sqrt(a * a + b * b); }
