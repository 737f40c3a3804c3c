// gpuport: hip_version=6.2
// Host math alone does not need the runtime: a plain C++ helper compiled by nvcc.
#include <cmath>

inline double hypotenuse(double a, double b) { return sqrt(a * a + b * b); }
