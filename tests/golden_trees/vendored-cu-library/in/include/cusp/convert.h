#pragma once
#include <cusp/detail/host/convert.h>
inline float to_float(int x) { return cusp_host_convert(x); }
