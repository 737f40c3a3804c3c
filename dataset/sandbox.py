"""Run an untrusted command with limits: argument list only, scratch folder, wall/CPU/memory caps.

Kernels from the suite and model outputs are compiled and run here. The command is always an argument
list (never a shell string), runs in its own process group (so a timeout kills its children too), gets
RLIMIT_CPU / RLIMIT_AS / RLIMIT_FSIZE / RLIMIT_CORE set in the child before exec, and has its output capped
so a program printing forever cannot fill memory. Under an `Isolation` (dataset/isolation.py; for a whole
job through `confined`) the command runs inside bubblewrap: read-only system, private work folder, no
network, and a pid namespace that takes every descendant with it. The result says why a run ended badly (`reason`), so the pipeline can
record a timeout or an out-of-memory as evidence and move on.
"""

from __future__ import annotations

import contextlib
import contextvars
import ctypes
import os
import resource
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from .isolation import Isolation, clean_env

DEFAULT_MAX_OUTPUT = 4 * 1024 * 1024  # bytes kept per stream
# Messages a C/C++ program (or its runtime) prints when an allocation fails under RLIMIT_AS.
_OOM_MARKERS = (
    "std::bad_alloc",
    "Cannot allocate memory",
    "out of memory",
    "Out of memory",
    "memory exhausted",
    "MemoryError",
)


@dataclass
class SandboxResult:
    argv: list[str]
    rc: int  # exit status; -N when killed by signal N (as subprocess reports it)
    stdout: str
    stderr: str
    wall_s: float
    reason: str | None = None  # None, "timeout", "oom", "cpu-time", "signal:SIGSEGV", "not-found"
    truncated: bool = False  # some output was dropped by the cap
    limits: dict[str, float | int | None] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.rc == 0 and self.reason is None

    def to_dict(self) -> dict[str, object]:
        return {
            "argv": self.argv,
            "rc": self.rc,
            "wall_s": round(self.wall_s, 4),
            "reason": self.reason,
            "truncated": self.truncated,
            "limits": self.limits,
        }

    def log(self) -> str:
        """stdout and stderr as one text for the evidence table."""
        head = f"$ {' '.join(self.argv)}\n# rc={self.rc} reason={self.reason} wall_s={self.wall_s:.3f}\n"
        return (
            head
            + self.stdout
            + ("\n" if self.stdout and not self.stdout.endswith("\n") else "")
            + self.stderr
        )


# The isolation commands run under (dataset/isolation.py), set for a whole job by `confined`.
_CONFINEMENT: contextvars.ContextVar[Isolation | None] = contextvars.ContextVar(
    "gpuport_confinement", default=None
)
DEFAULT_MAX_FILE_BYTES = 4 * 1024**3  # no single file a compiler or program writes grows past this


@contextlib.contextmanager
def confined(isolation: Isolation | None) -> Iterator[None]:
    """Run every sandbox.run inside this block under `isolation` (None: limits only, no isolation)."""
    token = _CONFINEMENT.set(isolation)
    try:
        yield
    finally:
        _CONFINEMENT.reset(token)


def _limit_setter(
    cpu_s: float | None, mem_bytes: int | None, fsize: int | None, data_bytes: int | None = None
) -> Callable[[], None]:
    """A preexec function (runs in the child after fork, before exec) that applies the rlimits."""

    def apply() -> None:
        _die_with_parent()
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # no core files in the scratch folder
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        if cpu_s is not None:
            soft = max(1, int(cpu_s))
            resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 5))
        if mem_bytes is not None:
            resource.setrlimit(resource.RLIMIT_AS, (mem_bytes, mem_bytes))
        if data_bytes is not None:
            resource.setrlimit(resource.RLIMIT_DATA, (data_bytes, data_bytes))

    return apply


_PR_SET_PDEATHSIG = 1
_BWRAP_SIGNALLED = 128  # bwrap's exit status is this plus N when its command died of signal N


def _die_with_parent() -> None:
    """In the child: be killed when the process that started it dies (a killed pipeline worker must not
    leave its compiler running). Under bubblewrap this holds for the whole tree; without it, for the
    command itself."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: the process group kill on timeout still applies


def _drain(stream: IO[bytes], keep: bytearray, cap: int, flag: list[bool]) -> None:
    """Read a pipe to its end, keeping the first `cap` bytes; reading on avoids blocking the child."""
    while True:
        chunk = stream.read(65536)
        if not chunk:
            break
        room = cap - len(keep)
        if room > 0:
            keep += chunk[:room]
        if len(chunk) > max(room, 0):
            flag[0] = True
    stream.close()


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run(
    argv: Sequence[str],
    cwd: str | Path,
    *,
    timeout_s: float = 60.0,
    cpu_s: float | None = None,
    mem_bytes: int | None = None,
    data_bytes: int | None = None,
    env: Mapping[str, str] | None = None,
    max_output: int = DEFAULT_MAX_OUTPUT,
    max_file_bytes: int | None = DEFAULT_MAX_FILE_BYTES,
    isolation: Isolation | None = None,
) -> SandboxResult:
    """Run `argv` in `cwd` with the limits given; never raises for the program's own failures.

    `cpu_s` defaults to the wall limit (a program cannot use more CPU than wall time on one core, but a
    multi-threaded compiler can, so callers may pass more). `mem_bytes` caps the address space; leave it
    None for CUDA programs, whose runtime reserves far more virtual memory than it uses. `data_bytes` caps
    the data segment (RLIMIT_DATA: private writable memory, heap and anonymous mappings), which is what a
    CUDA program's host memory use is, without counting the driver's address-space reservations
    (`cudaMallocAsync`'s pool reserves more than any RLIMIT_AS that lets other programs run would allow).
    """
    args = [str(a) for a in argv]
    limits: dict[str, float | int | None] = {
        "wall_s": timeout_s,
        "cpu_s": cpu_s,
        "mem_bytes": mem_bytes,
        "data_bytes": data_bytes,
        "file_bytes": max_file_bytes,
    }
    full_env = dict(os.environ if env is None else env)
    iso = isolation if isolation is not None else _CONFINEMENT.get()
    launched = args
    if iso is not None:
        launched = iso.wrap(args, str(Path(cwd).resolve()))
        full_env = clean_env(full_env)  # no HF_TOKEN / API keys for strangers' programs
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            launched,
            cwd=str(cwd),
            env=full_env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group, killed as a whole on timeout
            preexec_fn=_limit_setter(cpu_s, mem_bytes, max_file_bytes, data_bytes),  # noqa: PLW1509  (rlimits must be set in the child)
        )
    except (FileNotFoundError, PermissionError) as err:
        return SandboxResult(args, 127, "", f"{err}\n", 0.0, reason="not-found", limits=limits)
    out, err_buf = bytearray(), bytearray()
    out_flag, err_flag = [False], [False]
    assert proc.stdout is not None and proc.stderr is not None
    threads = [
        threading.Thread(target=_drain, args=(proc.stdout, out, max_output, out_flag), daemon=True),
        threading.Thread(target=_drain, args=(proc.stderr, err_buf, max_output, err_flag), daemon=True),
    ]
    for t in threads:
        t.start()
    timed_out = False
    try:
        proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill_group(proc)
        proc.wait()
    except BaseException:
        # This process is being stopped (SIGTERM turned into SystemExit, Ctrl-C): take the command along,
        # or it would run on as an orphan.
        _kill_group(proc)
        raise
    # Children that outlived the parent (a backgrounded grandchild) still hold the pipes: kill the group.
    for t in threads:
        t.join(timeout=2.0)
    if any(t.is_alive() for t in threads):
        _kill_group(proc)
        for t in threads:
            t.join(timeout=2.0)
    wall = time.monotonic() - start
    stdout = out.decode("utf-8", "replace")
    stderr = err_buf.decode("utf-8", "replace")
    rc = proc.returncode
    if iso is not None and _BWRAP_SIGNALLED < rc < _BWRAP_SIGNALLED + 65:
        # bwrap is the command's parent and exits 128+N when the command is killed by signal N: report it
        # as the signal it was, as an unwrapped run would (a CPU or file-size limit is named, not "rc 152").
        rc = -(rc - _BWRAP_SIGNALLED)
    return SandboxResult(
        args,
        rc,
        stdout,
        stderr,
        wall,
        reason=_reason(rc, timed_out, stderr, mem_bytes if mem_bytes is not None else data_bytes),
        truncated=out_flag[0] or err_flag[0],
        limits=limits,
    )


def _reason(rc: int, timed_out: bool, stderr: str, mem_bytes: int | None) -> str | None:
    if timed_out:
        return "timeout"
    oom_text = mem_bytes is not None and any(m in stderr for m in _OOM_MARKERS)
    if rc < 0:
        sig = -rc
        if sig == signal.SIGXCPU:
            return "cpu-time"
        if sig == signal.SIGXFSZ:
            return "file-size"
        # Under RLIMIT_AS a failed allocation ends as an abort (bad_alloc) or a kill: say why.
        if oom_text or (sig == signal.SIGKILL and mem_bytes is not None):
            return "oom"
        try:
            return f"signal:{signal.Signals(sig).name}"
        except ValueError:
            return f"signal:{sig}"
    if rc != 0 and oom_text:
        return "oom"
    if rc != 0 and "File too large" in stderr:  # EFBIG: a program that ignores SIGXFSZ (Python does)
        return "file-size"
    return None
