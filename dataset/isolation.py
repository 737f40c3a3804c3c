"""Isolation for strangers' compiles and runs: bubblewrap (`bwrap`), no daemon, no setuid helper needed as root.

What a wrapped command gets (see `Isolation.wrap`):
- the whole system read-only (`--ro-bind / /`), with the places secrets live hidden behind empty tmpfs
  mounts (/root, /home, /tmp, /var/tmp, /run) and /etc/shadow, /etc/gshadow replaced by /dev/null; the
  paths the pipeline needs under them (its scratch folder, the task folder, the Python environment holding
  the SYCL headers and gpuport's HIP-on-CUDA headers) are bound back read-only;
- one private writable folder, the job's scratch folder (`--bind WORK WORK`), and a fresh /tmp;
- no network (`--unshare-net`: only a loopback device of its own), its own IPC, UTS and cgroup namespaces;
- its own pid namespace, whose init is bwrap: when the command ends, or when bwrap or the process that
  started it dies (`--die-with-parent`), the kernel kills every process left in it, double-forked
  daemons included;
- a minimal /dev (null, zero, random, tty...) plus the GPU device nodes when the machine has them;
- an environment without variables that look like credentials (HF_TOKEN, *_API_KEY, ...).
CPU, memory and file-size limits are rlimits set by sandbox.run on bwrap itself, inherited by everything
inside. Not covered: GPU memory, kernel exploits, and the CPU time of a process tree as a whole (each
process has its own RLIMIT_CPU; the wall limit ends the tree).
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

# Places secrets live on a machine (keys, tokens, SSH and cloud credentials, other users' files, sockets).
HIDDEN = ("/root", "/home", "/tmp", "/var/tmp", "/run")
MASKED_FILES = ("/etc/shadow", "/etc/gshadow", "/etc/sudoers")
GPU_DEVICES = (
    "/dev/nvidiactl",
    "/dev/nvidia-uvm",
    "/dev/nvidia-uvm-tools",
    "/dev/nvidia-modeset",
    "/dev/kfd",
)
_SECRET_NAME = re.compile(r"TOKEN|SECRET|PASSW|CREDENTIAL|API_?KEY|ACCESS_?KEY|AUTH|SESSION", re.IGNORECASE)


def bwrap_path() -> str | None:
    """The bubblewrap executable: $GPUPORT_BWRAP when set (an empty or missing path means none), else PATH."""
    env = os.environ.get("GPUPORT_BWRAP")
    if env is not None:
        return env if env and os.access(env, os.X_OK) else None
    return shutil.which("bwrap")


@functools.cache
def _probe(exe: str) -> str | None:
    try:
        proc = subprocess.run(
            [exe, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-all"]
            + ["--die-with-parent", "true"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"{exe} does not start: {err}"
    if proc.returncode != 0:
        return f"{exe} cannot create namespaces here: {proc.stderr.strip()[:300]}"
    return None


def availability() -> tuple[bool, str]:
    """(True, how) when bwrap exists and can create its namespaces here; (False, why not) otherwise."""
    exe = bwrap_path()
    if exe is None:
        return False, "bubblewrap (bwrap) not found: apt-get install bubblewrap"
    why_not = _probe(exe)
    if why_not is not None:
        return False, why_not
    return True, f"bubblewrap {exe}: read-only system, private work folder, no network, own pid namespace"


def clean_env(env: Mapping[str, str]) -> dict[str, str]:
    """`env` without the variables whose names look like credentials."""
    return {k: v for k, v in env.items() if not _SECRET_NAME.search(k)}


def _needed_paths() -> list[str]:
    """Paths the toolchains need that may sit under a hidden folder: this Python (the SYCL headers live in
    its environment) and gpuport itself (the HIP-on-CUDA headers)."""
    here = Path(__file__).resolve().parent.parent  # the folder holding gpuport's packages
    paths = [
        sys.prefix,
        os.path.realpath(sys.prefix),
        sys.base_prefix,
        os.path.realpath(sys.base_prefix),
        str(here),
    ]
    # gpuport's precompiled SYCL header (dataset/toolchains.py) lives in ~/.cache, hidden by the tmpfs on
    # /root and /home: without it g++ silently parses sycl.hpp in full, 4-6x slower per type-check.
    from .toolchains import _cache_root

    pch = _cache_root() / "sycl-pch"
    if pch.is_dir():
        paths.append(str(pch))
    return paths


def _install_prefix(program: str) -> str | None:
    """The install prefix of the program run (PREFIX of PREFIX/bin/tool, links resolved): a toolchain
    installed under a hidden folder (~/.local, a pyenv Python) must stay visible."""
    found = shutil.which(program) if os.sep not in program else program
    if not found:
        return None
    return str(Path(os.path.realpath(found)).parent.parent)


@dataclass(frozen=True)
class Isolation:
    """How to wrap one job's commands: `work` is its only writable folder; `readable` are bound read-only
    (the task folder), as are the paths the toolchains need."""

    bwrap: str
    work: str
    readable: tuple[str, ...] = ()

    def wrap(self, argv: Sequence[str], cwd: str) -> list[str]:
        if Path(argv[0]).name == "docker":
            return list(argv)  # --runner docker: the container is the isolation (and needs /run's socket)
        args = [self.bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
        for d in HIDDEN:
            if os.path.isdir(d):
                args += ["--tmpfs", d]
        for f in MASKED_FILES:
            if os.path.exists(f):
                args += ["--ro-bind", "/dev/null", f]
        for dev in [*GPU_DEVICES, *_numbered("/dev/nvidia"), *_numbered("/dev/dri/")]:
            if os.path.exists(dev):
                args += ["--dev-bind", dev, dev]
        hidden_roots = tuple(d + "/" for d in HIDDEN)
        prefix = _install_prefix(str(argv[0]))
        for p in sorted({*self.readable, *_needed_paths(), *([prefix] if prefix else [])}):
            if (p + "/").startswith(hidden_roots) and os.path.exists(p):
                args += ["--ro-bind", p, p]
        args += ["--bind", self.work, self.work]
        args += ["--unshare-all", "--die-with-parent", "--new-session", "--chdir", cwd]
        args += ["--setenv", "HOME", self.work, "--setenv", "TMPDIR", "/tmp", "--"]
        return args + [str(a) for a in argv]


def _numbered(prefix: str) -> list[str]:
    folder, stem = os.path.split(prefix)
    try:
        return [
            os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.startswith(stem) and n != stem
        ]
    except OSError:
        return []


def for_job(work: str | Path, readable: Sequence[str | Path] = ()) -> Isolation | None:
    """The isolation of one job's scratch folder, or None when bwrap cannot be used here."""
    ok, _ = availability()
    exe = bwrap_path()
    if not ok or exe is None:
        return None
    return Isolation(exe, str(Path(work).resolve()), tuple(str(Path(r).resolve()) for r in readable))
