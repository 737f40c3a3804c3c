"""Run compile and run stages inside the container image of their toolchain (`gpuport build --runner docker`).

The pipeline calls toolchains by path (`machine.hipcc.path`, ...). The docker runner puts a small shim
executable for each containerised toolchain first in the list of places detection looks (a folder
prepended to PATH), so the unchanged stages call the shim, and the shim replaces itself with

    docker run --rm --network none -u UID:GID -v DIR:DIR ... -w CWD -e HIP_PLATFORM IMAGE hipcc ARGS...

built as an argument list (`os.execvp`), never a shell string. Every folder an argument names (and the
working folder) is mounted at the same path inside the container, so the absolute paths the pipeline
passes (scratch sources, `-I` folders, `-o` outputs) mean the same file on both sides and the compiler's
outputs land in the scratch folder. Detection (`hipcc --version`) runs through the shim too, so the
versions recorded as evidence are the image's.

Limits: only the compilers run in containers; the g++ SYCL type-check and the runs of built programs stay
on the host (a binary built in an image may need that image's runtime libraries to run: use the image on
the run node too, e.g. through the Ray executor on a node that runs inside that image).
"""

from __future__ import annotations

import functools
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

# toolchain -> default image (the recipes in docker/); `--docker-image hipcc=...` overrides one.
DEFAULT_IMAGES: dict[str, str] = {
    "nvcc": "gpuport/nvidia:latest",
    "hipcc": "gpuport/debian-hipcc:latest",
    "icpx": "gpuport/oneapi:latest",
}
# Environment variables a toolchain reads that the container must see (names only; values from the caller).
FORWARD_ENV = ("HIP_PLATFORM", "HIP_CLANG_PATH", "ROCM_PATH", "CUDA_VISIBLE_DEVICES", "ACPP_TARGETS")
_PATH_FLAGS = ("-I", "-L", "-o", "-isystem", "--include-path=", "-include")


def docker_available() -> tuple[bool, str]:
    """(True, server version) when a docker daemon answers; else (False, why)."""
    exe = shutil.which("docker")
    if exe is None:
        return False, "docker CLI not on PATH"
    try:
        proc = subprocess.run(
            [exe, "info", "--format", "{{.ServerVersion}}"],
            capture_output=True,
            text=True,
            timeout=20,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        return False, f"`docker info` failed: {err}"
    if proc.returncode != 0:
        return False, f"`docker info` failed: {(proc.stderr or proc.stdout).strip()[:300]}"
    return True, proc.stdout.strip()


def mounts_for(args: list[str], cwd: str) -> list[str]:
    """The folders to mount: the working folder and the folder of every absolute path an argument names."""
    dirs: set[str] = {os.path.realpath(cwd)}
    for a in args:
        cand = a
        for flag in _PATH_FLAGS:
            if a.startswith(flag) and len(a) > len(flag):
                cand = a[len(flag) :]
                break
        if not cand.startswith("/"):
            continue
        p = Path(cand)
        # A path to be created (an -o output) mounts its parent; an existing folder mounts itself.
        d = p if p.is_dir() else p.parent
        while not d.exists() and d != d.parent:
            d = d.parent
        if d != Path("/"):
            dirs.add(os.path.realpath(d))
    # Drop folders already inside another mounted one (docker refuses nothing, but it keeps argv short).
    kept = sorted(dirs)
    return [d for d in kept if not any(d != o and d.startswith(o.rstrip("/") + "/") for o in kept)]


def docker_argv(
    image: str,
    tool: str,
    args: list[str],
    cwd: str,
    env: dict[str, str] | None = None,
    gpus: bool = False,
) -> list[str]:
    """The `docker run` argument list running `tool args...` in `image` over the same paths as the host."""
    environ: Mapping[str, str] = os.environ if env is None else env
    argv = ["docker", "run", "--rm", "--network", "none", "-u", f"{os.getuid()}:{os.getgid()}"]
    if gpus:
        argv += ["--gpus", "all"]
    for d in mounts_for(args, cwd):
        argv += ["-v", f"{d}:{d}"]
    argv += ["-w", os.path.realpath(cwd)]
    for name in FORWARD_ENV:
        if name in environ:
            argv += ["-e", f"{name}={environ[name]}"]
    return [*argv, image, tool, *args]


_SHIM = """#!{python}
# gpuport docker shim for {tool}: runs it inside {image} (see gpuport.dataset.docker_runner).
import os, sys
from gpuport.dataset.docker_runner import docker_argv
argv = docker_argv({image!r}, {tool!r}, sys.argv[1:], os.getcwd())
os.execvp(argv[0], argv)
"""


def write_shims(images: dict[str, str], folder: Path) -> dict[str, Path]:
    """One executable shim per toolchain in `folder`, named like the tool, so PATH lookup finds it."""
    folder.mkdir(parents=True, exist_ok=True)
    shims = {}
    for tool, image in images.items():
        path = folder / tool
        path.write_text(_SHIM.format(python=sys.executable, tool=tool, image=image))
        path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        shims[tool] = path
    return shims


@functools.cache
def _shim_dir() -> Path:
    return Path(tempfile.mkdtemp(prefix="gpuport-docker-shims-"))


def containerized_machine(images: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    """This process's `Machine` with the named toolchains (default: DEFAULT_IMAGES) running in containers.

    Prepends the shim folder to PATH (for this process and the compilers it starts) and re-detects.
    """
    from . import toolchains
    from .build import Machine

    ok, why = docker_available()
    if not ok:
        raise RuntimeError(f"--runner docker needs a docker daemon: {why}")
    chosen = {**DEFAULT_IMAGES, **(images or {})}
    folder = _shim_dir()
    write_shims(chosen, folder)
    if not os.environ.get("PATH", "").startswith(str(folder)):
        os.environ["PATH"] = f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"
    toolchains.clear_cache()
    return Machine.detect()


def parse_images(specs: list[str]) -> dict[str, str]:
    """`["hipcc=gpuport/rocm:6.2", ...]` -> {"hipcc": "gpuport/rocm:6.2"}; raises ValueError on a bad one."""
    out = {}
    for spec in specs:
        tool, sep, image = spec.partition("=")
        if not sep or not tool or not image:
            raise ValueError(f"--docker-image expects TOOL=IMAGE, got {spec!r}")
        out[tool.strip()] = image.strip()
    return out
