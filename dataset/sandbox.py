"""Run an untrusted command with limits: argument list only, scratch folder, wall/CPU/memory caps.

Kernels from the suite and model outputs are compiled and run here. The command is always an argument
list (never a shell string), runs in its own process group (so a timeout kills its children too), gets
RLIMIT_CPU / RLIMIT_AS / RLIMIT_CORE set in the child before exec, and has its output capped so a program
printing forever cannot fill memory. The result says why a run ended badly (`reason`), so the pipeline can
record a timeout or an out-of-memory as evidence and move on.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

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


def _limit_setter(cpu_s: float | None, mem_bytes: int | None) -> Callable[[], None]:
    """A preexec function (runs in the child after fork, before exec) that applies the rlimits."""

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # no core files in the scratch folder
        if cpu_s is not None:
            soft = max(1, int(cpu_s))
            resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 5))
        if mem_bytes is not None:
            resource.setrlimit(resource.RLIMIT_AS, (mem_bytes, mem_bytes))

    return apply


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
    env: Mapping[str, str] | None = None,
    max_output: int = DEFAULT_MAX_OUTPUT,
) -> SandboxResult:
    """Run `argv` in `cwd` with the limits given; never raises for the program's own failures.

    `cpu_s` defaults to the wall limit (a program cannot use more CPU than wall time on one core, but a
    multi-threaded compiler can, so callers may pass more). `mem_bytes` caps the address space; leave it
    None for CUDA programs, whose runtime reserves far more virtual memory than it uses.
    """
    args = [str(a) for a in argv]
    limits: dict[str, float | int | None] = {"wall_s": timeout_s, "cpu_s": cpu_s, "mem_bytes": mem_bytes}
    full_env = dict(os.environ if env is None else env)
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            args,
            cwd=str(cwd),
            env=full_env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group, killed as a whole on timeout
            preexec_fn=_limit_setter(cpu_s, mem_bytes),  # noqa: PLW1509  (rlimits must be set in the child)
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
    return SandboxResult(
        args,
        proc.returncode,
        stdout,
        stderr,
        wall,
        reason=_reason(proc.returncode, timed_out, stderr, mem_bytes),
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
        # Under RLIMIT_AS a failed allocation ends as an abort (bad_alloc) or a kill: say why.
        if oom_text or (sig == signal.SIGKILL and mem_bytes is not None):
            return "oom"
        try:
            return f"signal:{signal.Signals(sig).name}"
        except ValueError:
            return f"signal:{sig}"
    if rc != 0 and oom_text:
        return "oom"
    return None
