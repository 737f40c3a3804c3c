#pragma once
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_PRINTF
#define GPUPORT_SYCL_PRINTF
#include <type_traits>
// CUDA's device printf on a sycl::stream (gpuport GP216): text up to the next conversion ("%%" is '%').
inline const char *gpuport_printf_text(const sycl::stream &os, const char *f) {
  while (*f) {
    if (*f == '%' && f[1] != '%') return f;
    os << *f;
    f += *f == '%' ? 2 : 1;
  }
  return f;
}
// One conversion (f at its '%'): flags, width, precision, length, then the argument in its base.
template <typename T> const char *gpuport_printf_arg(const sycl::stream &os, const char *f, const T &v) {
  int width = -1, prec = -1;
  bool plus = false, left = false;  // ('-': the stream pads on the left only, so no padding at all)
  for (++f; *f == '-' || *f == '+' || *f == ' ' || *f == '#' || *f == '0'; ++f) {
    plus = plus || *f == '+';
    left = left || *f == '-';
  }
  for (; *f >= '0' && *f <= '9'; ++f) width = (width < 0 ? 0 : width * 10) + (*f - '0');
  if (left) width = -1;
  if (*f == '.')
    for (prec = 0, ++f; *f >= '0' && *f <= '9'; ++f) prec = prec * 10 + (*f - '0');
  while (*f == 'h' || *f == 'l' || *f == 'L' || *f == 'z' || *f == 'j' || *f == 't') ++f;
  const char c = *f ? *f++ : 'd';
  if (width >= 0) os << sycl::setw(width);
  if (plus) os << sycl::showpos;
  if (c == 'x' || c == 'X' || c == 'p') os << sycl::hex;
  if (c == 'o') os << sycl::oct;
  if (c == 'f' || c == 'F') os << sycl::fixed << sycl::setprecision(prec < 0 ? 6 : prec);
  if (c == 'e' || c == 'E') os << sycl::scientific << sycl::setprecision(prec < 0 ? 6 : prec);
  if ((c == 'g' || c == 'G') && prec >= 0) os << sycl::setprecision(prec);
  if constexpr (std::is_arithmetic_v<T>) {
    if (c == 'c')
      os << static_cast<char>(v);
    else
      os << v;
  } else {
    os << v;
  }
  os << sycl::dec << sycl::noshowpos << sycl::defaultfloat << sycl::setprecision(6) << sycl::setw(0);
  return f;
}
inline void gpuport_printf_rest(const sycl::stream &os, const char *f) {
  for (f = gpuport_printf_text(os, f); *f; ++f) os << *f;  // conversions without arguments: as written
}
template <typename T, typename... R>
void gpuport_printf_rest(const sycl::stream &os, const char *f, const T &v, const R &...rest) {
  f = gpuport_printf_text(os, f);
  if (*f) f = gpuport_printf_arg(os, f, v);
  gpuport_printf_rest(os, f, rest...);
}
template <typename... A> int gpuport_printf(const sycl::stream &os, const char *format, const A &...args) {
  gpuport_printf_rest(os, format, args...);
  return 0;
}
#endif
// A device function in a header prints: every kernel of the tree that calls it, in any file, takes the
// launch's stream and passes it down; the kernel defined here and launched elsewhere too.
inline void trace(const char *what, int i, float v, const sycl::stream &gpuport_out)
{
    gpuport_printf(gpuport_out, "%s[%d] = %.3f\n", what, i, v);
}

void dump(const float *x, int n, const sycl::nd_item<3> &item, const sycl::stream &gpuport_out)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n)
        trace("x", i, x[i], gpuport_out);
}
