#pragma once
inline float cusp_host_convert(int x) { return (float)x; }
