"""GP239's `gpuport_half_raw` (CUDA's `__half_raw`) keeps a half's bits: built with g++ against the DPC++
headers and run on the host (sycl::half and sycl::bit_cast need no SYCL runtime), from bits to half and back."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from gpuport.dataset.toolchains import sycl_include_dir
from gpuport.transpile.rules.sycl._half_table import HALF_RAW_STRUCT

PROGRAM = r"""
#include <sycl/sycl.hpp>
#include <cstdio>
STRUCT
int main() {
  gpuport_half_raw one = {0x3c00};                      // 1.0
  sycl::half h = one;
  gpuport_half_raw back = sycl::half(-2.5f);            // 0xc100
  gpuport_half_raw max;
  max.x = 0x7bff;                                        // 65504, the largest finite half
  std::printf("%g %x %g\n", float(h), back.x, float(sycl::half(max)));
  return 0;
}
"""


@pytest.mark.skipif(
    shutil.which("g++") is None or sycl_include_dir() is None, reason="needs g++ and intel-sycl-rt"
)
def test_half_raw_round_trips_bits(tmp_path: Path) -> None:
    src = tmp_path / "half_raw.cpp"
    src.write_text(PROGRAM.replace("STRUCT", HALF_RAW_STRUCT))
    exe = tmp_path / "half_raw"
    build = subprocess.run(
        [
            "g++",
            "-std=c++17",
            "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING",
            f"-I{sycl_include_dir()}",
            str(src),
            "-o",
            str(exe),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0
    assert run.stdout.split() == ["1", "c100", "65504"]
