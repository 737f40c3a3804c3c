"""Where the CUDA math libraries (cuBLAS, cuFFT, cuRAND, cuSPARSE) live when installed from PyPI wheels.

The nvidia-*-cu13 wheels put headers under site-packages/nvidia/cu13/include and only versioned shared
objects (libcublas.so.13, libcufft.so.12, ...) under .../lib: there is no unversioned libcublas.so, so a
plain `-lcublas` fails to link. We glob the real soname and link it with `-l:<file>`, and add an rpath so
the program finds it at run time without LD_LIBRARY_PATH.
"""

from __future__ import annotations

import re
import site
import sys
from collections.abc import Iterable
from pathlib import Path

_WHEEL_SUBDIR = Path("nvidia") / "cu13"


def _site_dirs() -> list[Path]:
    dirs: list[str] = []
    try:
        dirs += site.getsitepackages()
    except AttributeError:  # some virtualenv builds lack it
        pass
    user = site.getusersitepackages() if hasattr(site, "getusersitepackages") else None
    if isinstance(user, str):
        dirs.append(user)
    dirs += [p for p in sys.path if p.endswith("site-packages")]
    seen: list[Path] = []
    for d in dirs:
        path = Path(d)
        if path not in seen:
            seen.append(path)
    return seen


def cuda_library_dirs() -> tuple[Path, Path] | None:
    """(include, lib) of the PyPI nvidia cu13 wheels, or None when they are not installed."""
    for base in _site_dirs():
        root = base / _WHEEL_SUBDIR
        inc, lib = root / "include", root / "lib"
        if inc.is_dir() and lib.is_dir():
            return inc, lib
    return None


def _version_key(filename: str) -> tuple[int, ...]:
    tail = filename.split(".so.", 1)[1] if ".so." in filename else ""
    return tuple(int(x) for x in re.findall(r"\d+", tail))


def find_soname(lib_dir: Path, lib: str) -> str | None:
    """The versioned file for `lib` in lib_dir (libcublas.so.13 for "cublas"); highest version wins.

    Only exact stems match, so "cublas" never picks libcublasLt.so.13.
    """
    candidates = [p.name for p in lib_dir.glob(f"lib{lib}.so*") if p.name.split(".so", 1)[0] == f"lib{lib}"]
    if not candidates:
        return None
    return max(candidates, key=_version_key)


def nvcc_include_args() -> list[str]:
    dirs = cuda_library_dirs()
    return [f"-I{dirs[0]}"] if dirs else []


def nvcc_library_args(libs: Iterable[str]) -> list[str]:
    """nvcc flags to compile and link against `libs` (e.g. ["cublas"]) from the PyPI wheels.

    Libraries not found in the wheel directory fall back to a plain `-l<name>` so a system CUDA toolkit
    install can still satisfy them.
    """
    libs = list(libs)
    dirs = cuda_library_dirs()
    if dirs is None:
        return [f"-l{lib}" for lib in libs]
    inc, lib_dir = dirs
    args = [f"-I{inc}", f"-L{lib_dir}"]
    for lib in libs:
        so = find_soname(lib_dir, lib)
        args.append(f"-l:{so}" if so else f"-l{lib}")
    args += ["-Xlinker", f"-rpath={lib_dir}"]
    return args
