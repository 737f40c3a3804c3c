"""GP216 printf: device `printf` writes to a `sycl::stream`; host `printf` stays.

What it does
    A `printf` call in host code is the C library's and is kept as written. A `printf` called in a kernel
    or device function becomes `gpuport_printf(gpuport_out, format, args...)`: every launch of a kernel
    that prints (directly or through the device functions it calls) creates a `sycl::stream gpuport_out`
    in its command group and passes it, last, to the kernel, which passes it down to the device functions
    that print, as the nd_item is passed. `gpuport_printf`, defined once in the file (guarded), reads the
    format at run time and writes each conversion's argument to the stream with its width, precision and
    base (`%5.2f`, `%x`, `%e`, `%c`, `%s`, `%%`). A `printf` in a `__host__ __device__` function (its
    host pass has no stream) or reached only through a macro is reported unconverted.
Why
    SYCL 2020's device output is `sycl::stream` (`sycl::ext::oneapi::experimental::printf` is an Intel
    extension). Kernels that print progress or results are common in real code (course exercises,
    debugging output left in libraries).
Example
    __global__ void hello() { printf("block %d thread %d\\n", blockIdx.x, threadIdx.x); }
    hello<<<2, 4>>>();
Translated to
    void hello(const sycl::nd_item<3> &item, const sycl::stream &gpuport_out) {
      gpuport_printf(gpuport_out, "block %d thread %d\\n", item.get_group(2), item.get_local_id(2)); }
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::stream gpuport_out(1 << 20, 1024, cgh);
      cgh.parallel_for(..., [=](sycl::nd_item<3> item) { hello(item, gpuport_out); }); });
Safety
    review: the text appears when the kernel finishes, not as the work-items print; the stream has no fill
    character, so `%05d` pads with spaces and `%-5d` is not padded; one statement holds at most 1024
    characters.
References
    SYCL 2020 specification, 4.16 (stream class); CUDA C++ Programming Guide, "Formatted Output".
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import STREAM, model
from ._placement import block_edit

# CUDA's device printf on a sycl::stream: the format is read at run time; each conversion writes the
# next argument. A template per argument list, so no call is recursive at run time (SYCL device code).
PRINTF_HELPERS = r"""#ifndef GPUPORT_SYCL_PRINTF
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
"""


class Printf(Rule):
    code = "GP216"
    name = "printf"
    targets = frozenset({"sycl"})
    summary = "Device printf -> gpuport_printf on a sycl::stream the launch creates; host printf kept."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        functions = list(m.functions.values())
        helpers = False
        for occ in ctx.occurrences:
            if occ.name != "printf" or ctx.is_claimed(occ.start, occ.end):
                continue
            f = next((f for f in functions if f.node.start_byte <= occ.start < f.node.end_byte), None)
            if f is None:
                yield self.converted(
                    occ.start, occ.end, "host `printf` kept", family="device", symbol="printf"
                )
                continue
            call = call_at(ctx, occ)
            if not f.needs_stream or call is None:
                why = (
                    "in a __host__ __device__ function (its host pass has no stream)"
                    if f.host_too
                    else "not a call this rule understands"
                )
                yield self.unconverted(
                    occ.start,
                    occ.end,
                    f"device-side `printf` {why}: write it to a sycl::stream by hand",
                    family="device",
                    symbol="printf",
                )
                continue
            edits = [
                Edit(occ.start, occ.end, "gpuport_printf"),
                Edit(call.open + 1, call.open + 1, f"{STREAM}, "),
            ]
            if not helpers:
                edits.append(block_edit(ctx, occ.start, PRINTF_HELPERS))
                helpers = True
            yield self.converted(
                occ.start,
                occ.end,
                f"device `printf` -> `gpuport_printf` on the launch's sycl::stream `{STREAM}`",
                edits,
                family="device",
                symbol="printf",
                safety=Safety.REVIEW,
            )
