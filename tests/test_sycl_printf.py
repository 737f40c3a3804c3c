"""GP216's `gpuport_printf` reads CUDA's printf formats at run time: its output is compared with the C
library's printf for the conversions it supports, compiled by g++ on the host. The SYCL stream is
stood in for by a std::ostream with the same manipulators (SYCL 2020 4.16 names iostream's), because no
SYCL runtime runs here; the golden cases type-check the helper against the DPC++ headers themselves."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from gpuport.transpile.rules.sycl.host_printf import PRINTF_HELPERS

# (format, C arguments): what gpuport_printf must print exactly as printf does
CASES = [
    ('"%d|%5d|%u\\n"', "42, 42, 7u"),  # (`%-5d` is not padded: the stream pads on the left only)
    ('"%x %o %ld %lld %hd\\n"', "255, 8, 123456789L, 1234567890123LL, (short)-3"),
    ('"%f %.3f %8.2f %e %.2e\\n"', "3.14159f, 2.0, 2.71828, 12345.678, 0.000123"),
    ('"%g %.3g %g\\n"', "0.0001, 1234.5678, 1e20"),
    ('"%s=%c %% %+d done\\n"', "\"name\", 'A', 5"),
    ('"no conversions\\n"', ""),
    ('"block %d thread %d value %.1f\\n"', "3, 17, -0.25f"),
]

HARNESS = r"""
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
namespace sycl {
// The SYCL stream's interface as gpuport_printf uses it, on a std::ostream.
struct stream { std::ostream *os; };
template <typename T> const stream &operator<<(const stream &s, const T &v) { *s.os << v; return s; }
inline const stream &operator<<(const stream &s, std::ios_base &(*m)(std::ios_base &)) { *s.os << m; return s; }
struct width_t { int w; };
struct precision_t { int p; };
inline width_t setw(int w) { return {w}; }
inline precision_t setprecision(int p) { return {p}; }
inline const stream &operator<<(const stream &s, width_t w) { s.os->width(w.w); return s; }
inline const stream &operator<<(const stream &s, precision_t p) { s.os->precision(p.p); return s; }
using std::dec; using std::hex; using std::oct; using std::fixed; using std::scientific;
using std::defaultfloat; using std::showpos; using std::noshowpos;
}
HELPERS
int main() {
  int failed = 0;
CASES
  return failed;
}
"""

CASE = r"""
  {
    std::ostringstream out;
    sycl::stream s{&out};
    gpuport_printf(s, FMT ARGS);
    char want[512];
    std::snprintf(want, sizeof want, FMT ARGS);
    if (out.str() != want) {
      std::printf("MISMATCH %s: got [%s] want [%s]\n", FMT, out.str().c_str(), want);
      failed = 1;
    }
  }
"""


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not on PATH")
def test_gpuport_printf_prints_what_printf_prints(tmp_path: Path) -> None:
    body = "".join(
        CASE.replace("FMT", fmt).replace("ARGS", f", {args}" if args else "") for fmt, args in CASES
    )
    src = tmp_path / "printf_check.cpp"
    src.write_text(HARNESS.replace("HELPERS", PRINTF_HELPERS).replace("CASES", body))
    exe = tmp_path / "printf_check"
    build = subprocess.run(
        ["g++", "-std=c++17", "-Wno-format", str(src), "-o", str(exe)], capture_output=True, text=True
    )
    assert build.returncode == 0, build.stderr[-3000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout
