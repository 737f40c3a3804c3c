"""Does the build sandbox hold on a GPU machine? (issue 21: GPU runs under bubblewrap were never tried.)

Builds a tiny CUDA program with nvcc and runs it through gpuport's sandbox (dataset/sandbox.py under
dataset/isolation.py's bubblewrap, as `gpuport build` compiles and runs a task), then checks:

- the compile works inside the sandbox (nvcc, its host compiler, the task folder read-only);
- the GPU is visible inside it: the program finds a device, runs a kernel and its result is right;
- the wall limit ends a program spinning on the GPU, and nothing of it is left running afterwards;
- RLIMIT_CPU ends a host busy loop, RLIMIT_FSIZE a program writing a large file;
- the system is read-only, the work folder writable, /etc/shadow and /root unreadable, no network;
- a double-forked daemon dies with the command;
- (reported, not required) whether CUDA starts under an RLIMIT_AS, which gpuport does not set for GPU runs.

Standard library only, and gpuport need not be installed: the two sandbox modules are loaded from this
checkout. The GPU machine is bare and cannot reach a package registry; carry Debian's bubblewrap:

    mkdir -p .bwrap && (cd .bwrap && apt-get download bubblewrap libcap2 libselinux1 libpcre2-8-0)
    echo /.bwrap/ >> .git/info/exclude     # then name .bwrap in the device call's `carry`

and run (one line; the JSON report lands in $OUT; exit 0 when every required check passes):

    python3 bench/sandbox_gpu_check.py --debs .bwrap --json "${OUT:-/tmp}/sandbox_gpu_check.json"

`--debs DIR` unpacks every .deb in DIR into a private folder (never into /) and uses its bwrap when the
machine has none; without a GPU (`--no-gpu`) the GPU checks are skipped, to try the script anywhere.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import types
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent

PROGRAM = r"""
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__global__ void fill(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 3 * i + 1;
}

__global__ void spin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "check";
  if (!strcmp(mode, "busy")) {  // host CPU loop, for RLIMIT_CPU
    volatile unsigned long x = 0;
    for (;;) x++;
  }
  if (!strcmp(mode, "write")) {  // grows a file past RLIMIT_FSIZE
    FILE *f = fopen("big.bin", "wb");
    static char buf[1 << 20];
    for (int i = 0; i < 64; i++)
      if (fwrite(buf, 1, sizeof buf, f) != sizeof buf) { printf("short write at %d MiB\n", i); return 5; }
    fclose(f);
    printf("wrote 64 MiB\n");
    return 0;
  }
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    printf("NO-GPU %s\n", cudaGetErrorString(err));
    return 2;
  }
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("DEVICE %d %s\n", count, prop.name);
  if (!strcmp(mode, "spin")) {  // holds the GPU far past any wall limit
    printf("SPINNING\n");
    fflush(stdout);
    spin<<<1, 1>>>(1LL << 62);
    cudaDeviceSynchronize();
    return 0;
  }
  const int n = 1 << 20;
  int *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess) { printf("MALLOC-FAILED\n"); return 3; }
  fill<<<(n + 255) / 256, 256>>>(d, n);
  int *h = (int *)malloc(n * sizeof(int));
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  long bad = 0;
  for (int i = 0; i < n; i++) bad += h[i] != 3 * i + 1;
  printf("KERNEL %s\n", bad == 0 ? "OK" : "WRONG");
  return bad == 0 ? 0 : 4;
}
"""

PROBE = r"""
import json, os, socket, sys
out = {}
def attempt(name, fn):
    try:
        fn(); out[name] = "allowed"
    except Exception as e:
        out[name] = "refused: " + type(e).__name__
attempt("write_usr", lambda: open("/usr/gpuport-sandbox-probe", "w").write("x"))
attempt("write_work", lambda: open("probe.txt", "w").write("x"))
attempt("read_shadow", lambda: open("/etc/shadow").read() or (_ for _ in ()).throw(ValueError("empty")))
out["root_entries"] = sorted(os.listdir("/root")) if os.path.isdir("/root") else []
attempt("read_tmp_secret", lambda: open(sys.argv[1]).read())
def connect():
    s = socket.socket(); s.settimeout(3); s.connect(("1.1.1.1", 53))
attempt("network", connect)
out["pid"] = os.getpid()
print(json.dumps(out))
"""


def load_sandbox() -> tuple[Any, Any]:
    """This checkout's sandbox and isolation modules (whatever gpuport is installed, if any): the
    dataset folder loaded as a package of its own, without its __init__ (which needs gpuport's
    dependencies)."""
    pkg = types.ModuleType("gpuport_sandbox_check")
    pkg.__path__ = [str(REPO / "dataset")]
    sys.modules[pkg.__name__] = pkg
    sandbox = importlib.import_module(f"{pkg.__name__}.sandbox")
    return sandbox, importlib.import_module(f"{pkg.__name__}.isolation")


def unpack_deb(deb: Path, into: Path) -> None:
    """`dpkg -x` in Python (the machine may lack dpkg): an ar archive holding data.tar.{xz,gz,zst}."""
    data = deb.read_bytes()
    if not data.startswith(b"!<arch>\n"):
        raise ValueError(f"{deb}: not a .deb")
    pos = 8
    while pos + 60 <= len(data):
        name = data[pos : pos + 16].decode().strip().rstrip("/")
        size = int(data[pos + 48 : pos + 58].decode().strip())
        body = data[pos + 60 : pos + 60 + size]
        pos += 60 + size + (size % 2)
        if name.startswith("data.tar"):
            if name.endswith(".zst"):
                raw = subprocess.run(["zstd", "-dc"], input=body, capture_output=True, check=True).stdout
                body, name = raw, "data.tar"
            with tarfile.open(fileobj=io.BytesIO(body)) as tar:
                tar.extractall(into, filter="tar" if hasattr(tarfile, "tar_filter") else None)  # noqa: S202
            return
    raise ValueError(f"{deb}: no data.tar member")


def bwrap_from_debs(folder: Path, prefix: Path) -> str:
    """Unpack the .debs of `folder` under `prefix`; the path of a bwrap that starts (a wrapper setting the
    library path when the unpacked libraries are needed)."""
    for deb in sorted(folder.glob("*.deb")):
        unpack_deb(deb, prefix)
    exe = prefix / "usr" / "bin" / "bwrap"
    if not exe.exists():
        raise SystemExit(f"no usr/bin/bwrap in the packages of {folder}")
    if subprocess.run([str(exe), "--version"], capture_output=True).returncode == 0:
        return str(exe)
    libs = ":".join(str(p) for p in (prefix / "lib/x86_64-linux-gnu", prefix / "usr/lib/x86_64-linux-gnu"))
    wrapper = prefix / "bwrap-with-libs"
    wrapper.write_text(f'#!/bin/sh\nLD_LIBRARY_PATH={libs} exec {exe} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def namespaces(bwrap: str) -> dict[str, str]:
    """Which of the namespaces bwrap asks for (`--unshare-all`) this kernel grants, one at a time (a
    gVisor or container kernel may refuse one)."""
    out = {}
    for kind in ("user", "ipc", "pid", "net", "uts", "cgroup"):
        argv = [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", f"--unshare-{kind}", "true"]
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=30)
            out[kind] = "ok" if proc.returncode == 0 else proc.stderr.strip()[:200]
        except (OSError, subprocess.TimeoutExpired) as err:
            out[kind] = str(err)[:200]
    return out


def processes_running(marker: str) -> list[str]:
    """Command lines of live processes mentioning `marker` (none should survive a sandboxed run)."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in cmd:
            found.append(f"{pid}: {cmd.strip()}")
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--debs", type=Path, help="folder of .deb files holding bubblewrap (used when bwrap is absent)"
    )
    ap.add_argument("--json", type=Path, help="write the report here too")
    ap.add_argument("--no-gpu", action="store_true", help="skip the checks that need a GPU")
    ap.add_argument("--arch", default="sm_90", help="nvcc -arch (default: sm_90, the H100/H200)")
    args = ap.parse_args()

    base = Path(tempfile.mkdtemp(prefix="gpuport-sandbox-check-"))
    if shutil.which("bwrap") is None and "GPUPORT_BWRAP" not in os.environ and args.debs:
        os.environ["GPUPORT_BWRAP"] = bwrap_from_debs(args.debs, base / "bwrap-root")
    sandbox, isolation = load_sandbox()
    report: dict[str, Any] = {
        "machine": {
            "host": platform.node(),
            "kernel": platform.release(),
            "python": platform.python_version(),
        },
        "checks": {},
    }
    checks: dict[str, dict[str, Any]] = report["checks"]

    def check(name: str, ok: bool, required: bool = True, **detail: Any) -> None:
        checks[name] = {"ok": ok, "required": required, **detail}
        print(
            f"{'PASS' if ok else ('FAIL' if required else 'note')} {name}: {json.dumps(detail)[:400]}",
            flush=True,
        )

    ok, how = isolation.availability()
    report["isolation"] = how
    check("bwrap-available", ok, bwrap=isolation.bwrap_path(), how=how)
    if not ok and isolation.bwrap_path():
        report["namespaces"] = namespaces(isolation.bwrap_path())  # which one the kernel refuses
        print("namespaces:", json.dumps(report["namespaces"]))
    if not ok:
        return finish(report, args.json)

    task, work = base / "task", base / "work"  # the task folder (read-only inside) and the job's scratch
    task.mkdir()
    work.mkdir()
    (task / "main.cu").write_text(PROGRAM)
    (task / "probe.py").write_text(PROBE)
    iso = isolation.for_job(work, readable=[task])
    binary = work / "gpuport_sandbox_probe"
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    res = sandbox.run(
        [nvcc, f"-arch={args.arch}", "-O2", "-o", str(binary), str(task / "main.cu")],
        work,
        timeout_s=300,
        cpu_s=600,
        mem_bytes=16 * 1024**3,
        isolation=iso,
    )
    check(
        "compile-inside",
        res.rc == 0 and binary.exists(),
        rc=res.rc,
        reason=res.reason,
        log=res.stderr[-1500:],
    )

    secret = Path(tempfile.gettempdir()) / f"gpuport-sandbox-secret-{os.getpid()}"  # outside the job
    secret.write_text("not for strangers\n")
    res = sandbox.run(
        [sys.executable, str(task / "probe.py"), str(secret)], work, timeout_s=60, isolation=iso
    )
    secret.unlink()
    try:
        probe = json.loads(res.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        probe = {"error": res.stdout[-500:] + res.stderr[-1500:]}
    check(
        "system-read-only",
        str(probe.get("write_usr", "")).startswith("refused"),
        probe=probe.get("write_usr"),
    )
    check("work-folder-writable", probe.get("write_work") == "allowed", probe=probe.get("write_work"))
    check(
        "shadow-unreadable",
        str(probe.get("read_shadow", "")).startswith("refused"),
        probe=probe.get("read_shadow"),
    )
    # /root is an empty tmpfs but for the paths bound back read-only (a Python or toolchain installed there).
    bound = [*isolation._needed_paths(), str(task), str(work), os.path.realpath(sys.executable)]
    allowed = {
        Path(p).parts[2] for p in bound if Path(p).parts[:2] == ("/", "root") and len(Path(p).parts) > 2
    }
    entries = probe.get("root_entries")
    check(
        "root-hidden",
        isinstance(entries, list) and set(entries) <= allowed,
        entries=entries,
        bound=sorted(allowed),
    )
    check(
        "tmp-secret-hidden",
        str(probe.get("read_tmp_secret", "")).startswith("refused"),
        probe=probe.get("read_tmp_secret"),
    )
    check(
        "no-network",
        str(probe.get("network", "")).startswith("refused"),
        probe=probe.get("network"),
    )

    marker = f"299.{os.getpid()}"  # a sleep of 299.PID seconds: its command line is unique
    res = sandbox.run(["sh", "-c", f"(sleep {marker} &) ; exit 0"], work, timeout_s=30, isolation=iso)
    time.sleep(1.0)
    left = processes_running(marker)
    check("daemon-dies-with-command", not left, rc=res.rc, left=left)

    if binary.exists():
        res = sandbox.run([str(binary), "busy"], work, timeout_s=60, cpu_s=2, isolation=iso)
        check(
            "cpu-limit", res.reason == "cpu-time", rc=res.rc, reason=res.reason, wall_s=round(res.wall_s, 1)
        )
        res = sandbox.run(
            [str(binary), "write"], work, timeout_s=60, max_file_bytes=8 * 1024**2, isolation=iso
        )
        size = (work / "big.bin").stat().st_size if (work / "big.bin").exists() else 0
        check(
            "file-size-limit", res.rc != 0 and size <= 8 * 1024**2, rc=res.rc, reason=res.reason, bytes=size
        )

    if binary.exists() and not args.no_gpu:
        res = sandbox.run([str(binary)], work, timeout_s=120, isolation=iso)
        check(
            "gpu-visible-and-right",
            res.rc == 0 and "KERNEL OK" in res.stdout,
            rc=res.rc,
            reason=res.reason,
            stdout=res.stdout[-500:],
            stderr=res.stderr[-1000:],
        )
        bare = subprocess.run([str(binary)], cwd=work, capture_output=True, text=True, timeout=120)
        check("gpu-outside-sandbox", bare.returncode == 0, required=False, stdout=bare.stdout[-300:])
        res = sandbox.run([str(binary), "spin"], work, timeout_s=10, isolation=iso)
        time.sleep(2.0)
        left = processes_running(str(binary))
        check(
            "wall-limit-ends-gpu-spin",
            res.reason == "timeout" and res.wall_s < 30 and not left,
            reason=res.reason,
            wall_s=round(res.wall_s, 1),
            stdout=res.stdout[-300:],
            left=left,
        )
        res = sandbox.run([str(binary)], work, timeout_s=120, isolation=iso)
        check(
            "gpu-usable-after-kill",
            res.rc == 0 and "KERNEL OK" in res.stdout,
            rc=res.rc,
            stdout=res.stdout[-300:],
        )
        for gib in (8, 64):
            res = sandbox.run([str(binary)], work, timeout_s=120, mem_bytes=gib * 1024**3, isolation=iso)
            check(
                f"cuda-under-rlimit-as-{gib}g",
                res.rc == 0,
                required=False,
                rc=res.rc,
                reason=res.reason,
                stdout=res.stdout[-300:],
            )
    shutil.rmtree(base, ignore_errors=True)
    return finish(report, args.json)


def finish(report: dict[str, Any], path: Path | None) -> int:
    failed = [n for n, c in report["checks"].items() if c["required"] and not c["ok"]]
    report["failed"] = failed
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=1) + "\n")
    print(f"{len(failed)} required check(s) failed: {failed}" if failed else "all required checks passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
