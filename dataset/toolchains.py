"""Where the toolchains gpuport uses live on this machine, found without running them."""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path


def sycl_include_dir() -> Path | None:
    """The include directory holding `sycl/sycl.hpp` from PyPI's `intel-sycl-rt` (DPC++ headers), or None.

    The wheel installs its headers under the environment's prefix (`<prefix>/include/sycl/...`); the
    directory returned is `<prefix>/include`, the one to pass as `-I` so `#include <sycl/sycl.hpp>` works.
    """
    candidates = [Path(sys.prefix) / "include", Path(sysconfig.get_paths()["data"]) / "include"]
    if sys.base_prefix != sys.prefix:
        candidates.append(Path(sys.base_prefix) / "include")
    for inc in candidates:
        if (inc / "sycl" / "sycl.hpp").is_file():
            return inc
    return None
