"""Which toolchains and devices this machine has, with versions, and why a missing one is missing.

Detection runs each tool once (`--version`, `nvidia-smi --query-gpu`, `rocminfo`) and caches the answer for
the process: the pipeline asks often, and a verification level is only as good as the versions recorded
beside it. Every `Toolchain` says whether it is usable and, when it is not, why (`why_not`), so
`gpuport doctor` can explain what this machine can verify.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# The environment variable naming AdaptiveCpp's acpp when it is not the one on PATH (README: Toolchains).
ACPP_ENV = "GPUPORT_ACPP"
PROBE_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class Toolchain:
    name: str
    path: str | None
    version: str | None
    usable: bool
    why_not: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def label(self) -> str:
        """'nvcc 13.0.88' — the name and version stored with every piece of evidence."""
        return f"{self.name} {self.version}" if self.version else self.name


@dataclass(frozen=True)
class Gpu:
    index: int
    name: str
    vendor: str  # "nvidia" | "amd"
    memory_mib: int | None = None
    driver: str | None = None
    arch: str | None = None  # sm_90, gfx90a

    def label(self) -> str:
        return f"{self.vendor} {self.name}" + (f" ({self.arch})" if self.arch else "")


def _probe(argv: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run a version probe; (rc, stdout+stderr). rc 127 when it cannot start, 124 on timeout."""
    try:
        proc = subprocess.run(
            argv,
            capture_output=True,
            text=True,
            timeout=PROBE_TIMEOUT_S,
            env={**os.environ, **(env or {})},
            stdin=subprocess.DEVNULL,
        )
    except (OSError, ValueError) as err:
        return 127, str(err)
    except subprocess.TimeoutExpired:
        return 124, "timed out"
    return proc.returncode, (proc.stdout or "") + (proc.stderr or "")


SYCL_INCLUDE_ENV = "GPUPORT_SYCL_INCLUDE"


def sycl_include_dir() -> Path | None:
    """The include directory holding `sycl/sycl.hpp` from PyPI's `intel-sycl-rt` (DPC++ headers), or None.

    The wheel installs its headers under the environment's prefix (`<prefix>/include/sycl/...`); the
    directory returned is `<prefix>/include`, the one to pass as `-I` so `#include <sycl/sycl.hpp>` works.
    $GPUPORT_SYCL_INCLUDE names such a directory first: a machine where the wheel cannot be installed
    (the device machine has no package registry) gets the headers carried as a folder.
    """
    candidates = [Path(sys.prefix) / "include", Path(sysconfig.get_paths()["data"]) / "include"]
    if os.environ.get(SYCL_INCLUDE_ENV):
        candidates.insert(0, Path(os.environ[SYCL_INCLUDE_ENV]))
    if sys.base_prefix != sys.prefix:
        candidates.append(Path(sys.base_prefix) / "include")
    for inc in candidates:
        if (inc / "sycl" / "sycl.hpp").is_file():
            return inc
    return None


@functools.cache
def nvcc() -> Toolchain:
    path = shutil.which("nvcc")
    if path is None:
        return Toolchain("nvcc", None, None, False, "nvcc not on PATH (install the CUDA toolkit)")
    rc, out = _probe([path, "--version"])
    m = re.search(r"release [\d.]+, V([\d.]+)", out)
    if rc != 0 or not m:
        return Toolchain("nvcc", path, None, False, f"`nvcc --version` failed (rc={rc}): {out.strip()[:200]}")
    return Toolchain("nvcc", path, m.group(1), True)


HIP_EXTRA_INCLUDE_ENV = "GPUPORT_HIP_EXTRA_INCLUDE"
HIP_EXTRA_DEFAULT = Path("/usr/local/share/gpuport/rocm-extra")


def hip_extra_include() -> tuple[Path, str] | None:
    """(include folder, what it holds) of the ROCm library headers Debian 12 lacks (hipBLAS, hipSOLVER, hipFFT,
    hipCUB, rocThrust, rocPRIM; scripts/setup.sh unpacks them from Debian 13's -dev packages), or None.

    They sit in a folder of their own, added to the pipeline's hipcc calls with -isystem, so no other
    compiler on the machine sees them (rocThrust's `thrust/` would shadow nothing for nvcc, but g++'s SYCL
    type-check must not find it). $GPUPORT_HIP_EXTRA_INCLUDE names another such folder (one holding
    `include/` and `VERSIONS`), or `none` to leave them out.
    """
    root = os.environ.get(HIP_EXTRA_INCLUDE_ENV)
    if root == "none":
        return None
    base = Path(root) if root else HIP_EXTRA_DEFAULT
    versions = base / "VERSIONS"
    if not (base / "include").is_dir() or not versions.is_file():
        return None
    return base / "include", versions.read_text().strip()


@functools.cache
def hipcc() -> Toolchain:
    """Debian's hipcc driving clang for AMD targets (HIP_PLATFORM=amd, else it picks nvcc)."""
    path = shutil.which("hipcc")
    if path is None:
        return Toolchain(
            "hipcc", None, None, False, "hipcc not on PATH (apt-get install hipcc libamdhip64-dev)"
        )
    rc, out = _probe([path, "--version"], env={"HIP_PLATFORM": "amd"})
    hip = re.search(r"HIP version:\s*([\w.\-]+)", out)
    clang = re.search(r"clang version\s*([\w.\-]+)", out)
    if not hip:
        return Toolchain(
            "hipcc", path, None, False, f"`hipcc --version` printed no HIP version: {out[-200:]}"
        )
    details = {"clang": clang.group(1) if clang else None, "platform": "amd"}
    extra = hip_extra_include()
    if extra is not None:
        details["extra_include"], details["extra_headers"] = str(extra[0]), extra[1]
    return Toolchain("hipcc", path, hip.group(1), True, details=details)


@functools.cache
def gxx() -> Toolchain:
    path = shutil.which("g++")
    if path is None:
        return Toolchain("g++", None, None, False, "g++ not on PATH")
    rc, out = _probe([path, "--version"])
    m = re.search(r"\)\s*([\d.]+)", out.splitlines()[0] if out else "")
    return Toolchain("g++", path, m.group(1) if m else None, rc == 0, None if rc == 0 else out[:200])


@functools.cache
def sycl_headers() -> Toolchain:
    """The DPC++ headers from intel-sycl-rt, used with g++ -fsyntax-only as a SYCL type-check."""
    inc = sycl_include_dir()
    if inc is None:
        return Toolchain(
            "sycl-headers", None, None, False, "SYCL headers not found (pip install intel-sycl-rt)"
        )
    version = None
    try:
        from importlib.metadata import version as dist_version

        version = dist_version("intel-sycl-rt")
    except Exception:  # noqa: BLE001  (metadata may be absent for a manual install)
        version = None
    g = gxx()
    if not g.usable:
        return Toolchain("sycl-headers", str(inc), version, False, f"headers found but {g.why_not}")
    return Toolchain("sycl-headers", str(inc), version, True, details={"gxx": g.version})


@functools.cache
def acpp() -> Toolchain:
    """AdaptiveCpp's acpp: the one $GPUPORT_ACPP names, else the one on PATH (no machine path is assumed)."""
    named = os.environ.get(ACPP_ENV)
    if named:
        if not (Path(named).is_file() and os.access(named, os.X_OK)):
            return Toolchain("acpp", named, None, False, f"${ACPP_ENV}={named} is not an executable file")
        path: str | None = named
    else:
        path = shutil.which("acpp")
    if path is None:
        return Toolchain("acpp", None, None, False, f"acpp not found (PATH or ${ACPP_ENV})")
    rc, out = _probe([path, "--acpp-version"])
    m = re.search(r"AdaptiveCpp version:\s*(\S+)", out) or re.search(r"version\D*([\d.]+\S*)", out)
    if rc != 0:
        return Toolchain("acpp", path, None, False, f"`acpp --acpp-version` failed (rc={rc}): {out[-200:]}")
    return Toolchain("acpp", path, m.group(1) if m else None, True, details={"targets": "omp"})


@functools.cache
def icpx() -> Toolchain:
    path = shutil.which("icpx")
    if path is None:
        return Toolchain("icpx", None, None, False, "icpx (Intel oneAPI DPC++) not on PATH")
    rc, out = _probe([path, "--version"])
    m = re.search(r"version\s*([\d.]+)", out)
    return Toolchain("icpx", path, m.group(1) if m else None, rc == 0, None if rc == 0 else out[:200])


def _cuobjdump_path() -> str | None:
    found = shutil.which("cuobjdump")
    if found:
        return found
    from .cudalibs import _site_dirs

    for base in _site_dirs():
        for sub in ("cu13", "cu12", "cuda_cuobjdump"):
            p = base / "nvidia" / sub / "bin" / "cuobjdump"
            if p.is_file():
                return str(p)
    return None


@functools.cache
def cuobjdump() -> Toolchain:
    """cuobjdump for SASS listings (PyPI wheel nvidia-cuda-cuobjdump, or the toolkit's)."""
    path = _cuobjdump_path()
    if path is None:
        return Toolchain(
            "cuobjdump", None, None, False, "cuobjdump not found (pip install nvidia-cuda-cuobjdump)"
        )
    rc, out = _probe([path, "--version"])
    m = re.search(r"V([\d.]+)", out)
    return Toolchain("cuobjdump", path, m.group(1) if m else None, rc == 0, None if rc == 0 else out[:200])


@functools.cache
def nvidia_gpus() -> tuple[Gpu, ...]:
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return ()
    rc, out = _probe(
        [
            smi,
            "--query-gpu=index,name,memory.total,driver_version,compute_cap",
            "--format=csv,noheader,nounits",
        ]
    )
    if rc != 0:
        return ()
    gpus = []
    for line in out.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 5 or not parts[0].isdigit():
            continue
        mem = int(parts[2]) if parts[2].isdigit() else None
        arch = "sm_" + parts[4].replace(".", "") if re.fullmatch(r"\d+\.\d+", parts[4]) else None
        gpus.append(Gpu(int(parts[0]), parts[1], "nvidia", mem, parts[3], arch))
    return tuple(gpus)


@functools.cache
def amd_gpus() -> tuple[Gpu, ...]:
    tool = shutil.which("rocminfo")
    if tool is None:
        return ()
    rc, out = _probe([tool])
    if rc != 0:
        return ()
    gpus, index = [], 0
    for m in re.finditer(r"Name:\s*(gfx\w+)", out):
        gpus.append(Gpu(index, m.group(1), "amd", arch=m.group(1)))
        index += 1
    return tuple(gpus)


@functools.cache
def rocminfo() -> Toolchain:
    tool = shutil.which("rocminfo")
    if tool is None:
        return Toolchain("rocminfo", None, None, False, "rocminfo not installed")
    gpus = amd_gpus()
    if not gpus:
        return Toolchain("rocminfo", tool, None, False, "no AMD GPU visible (no /dev/kfd or rocminfo failed)")
    return Toolchain("rocminfo", tool, None, True, details={"gpus": [g.label() for g in gpus]})


def all_toolchains() -> dict[str, Toolchain]:
    return {
        t.name: t for t in (nvcc(), hipcc(), gxx(), sycl_headers(), acpp(), icpx(), cuobjdump(), rocminfo())
    }


def clear_cache() -> None:
    """Forget every detection (tests that change PATH call this)."""
    for fn in (nvcc, hipcc, gxx, sycl_headers, acpp, icpx, cuobjdump, nvidia_gpus, amd_gpus, rocminfo):
        fn.cache_clear()


# --- the SYCL type-check command, with a precompiled <sycl/sycl.hpp> ----------------------------------
# DPC++'s headers take g++ about 4 s of CPU to parse; every SYCL type-check parses them again. A
# precompiled header built once per (headers, g++) pair cuts a check to about half a second. It lives in
# the user's cache folder, is built under a file lock (parallel test workers and pipeline jobs share it),
# and any failure just means checks run without it.

SYCL_CHECK_FLAGS = ("-std=c++17", "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING")


def _cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gpuport"


@functools.cache
def sycl_pch_dir() -> Path | None:
    """A folder holding `sycl/sycl.hpp.gch` (and a link to the real header), or None if unavailable."""
    if os.environ.get("GPUPORT_NO_SYCL_PCH"):
        return None
    headers = sycl_headers()
    g = gxx()
    if not headers.usable or not headers.path or not g.path:
        return None
    import fcntl
    import hashlib

    key = hashlib.sha256(
        "|".join([headers.path, str(headers.version), str(g.version), *SYCL_CHECK_FLAGS]).encode()
    ).hexdigest()[:16]
    folder = _cache_root() / "sycl-pch" / key
    gch = folder / "sycl" / "sycl.hpp.gch"
    real = Path(headers.path) / "sycl" / "sycl.hpp"
    try:
        (folder / "sycl").mkdir(parents=True, exist_ok=True)
        with open(folder / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not gch.exists():
                tmp = gch.with_suffix(".gch.tmp")
                proc = subprocess.run(
                    [
                        g.path,
                        *SYCL_CHECK_FLAGS,
                        f"-I{headers.path}",
                        "-x",
                        "c++-header",
                        str(real),
                        "-o",
                        str(tmp),
                    ],
                    capture_output=True,
                    timeout=900,
                )
                if proc.returncode != 0:
                    tmp.unlink(missing_ok=True)
                    return None
                os.replace(tmp, gch)
            link = folder / "sycl" / "sycl.hpp"
            if not link.exists():
                link.symlink_to(real)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return folder


def sycl_typecheck_argv(
    source: str | Path,
    include_dirs: Sequence[str | Path] = (),
    extra: Sequence[str] = (),
    preprocess_to: str | Path | None = None,
) -> list[str] | None:
    """`g++ -fsyntax-only` argv that type-checks one SYCL source against the DPC++ headers, or None; with
    preprocess_to, the same command preprocessing it into that file instead (`-E`, no PCH)."""
    headers = sycl_headers()
    if not headers.usable or not headers.path:
        return None
    mode = ["-E", "-o", str(preprocess_to)] if preprocess_to is not None else ["-fsyntax-only"]
    argv = [gxx().path or "g++", *SYCL_CHECK_FLAGS, *mode, *extra]
    argv += [f"-I{d}" for d in include_dirs]
    pch = sycl_pch_dir()
    if pch is not None and preprocess_to is None:
        # -include makes the header come first, which a precompiled header needs; the file's own
        # #include <sycl/sycl.hpp> is then a no-op.
        # -Winvalid-pch: a flag that makes g++ ignore the PCH (e.g. -O2) says so in the log.
        argv += [f"-I{pch}", "-include", "sycl/sycl.hpp", "-Winvalid-pch"]
    argv += [f"-I{headers.path}", str(source)]
    return argv
