"""The sandbox holds (issue 21): each escape a task tried is a test, run through the real bubblewrap.

Tests that need bwrap skip with the reason printed when it is missing or cannot create namespaces here.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from gpuport.dataset import isolation, sandbox

_OK, _WHY = isolation.availability()
needs_bwrap = pytest.mark.skipif(not _OK, reason=f"no isolation here: {_WHY}")


def _iso(work: Path, *readable: Path) -> isolation.Isolation:
    iso = isolation.for_job(work, list(readable))
    assert iso is not None
    return iso


def _processes_with(marker: str) -> list[str]:
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in cmd and "pytest" not in cmd:
            found.append(f"{pid}: {cmd}")
    return found


@needs_bwrap
def test_system_is_read_only_and_the_work_folder_writable(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    code = textwrap.dedent(f"""
        import pathlib
        for target in ("/usr/gpuport-escape", "{outside}/escape", "/etc/gpuport-escape"):
            try:
                pathlib.Path(target).write_text("x"); print("WROTE", target)
            except OSError as err:
                print("REFUSED", target, err.errno)
        pathlib.Path("{work}/ok").write_text("fine"); print("WORK OK")
    """)
    res = sandbox.run([sys.executable, "-c", code], work, isolation=_iso(work))
    assert "WROTE" not in res.stdout and res.stdout.count("REFUSED") == 3, res.log()
    assert "WORK OK" in res.stdout and (work / "ok").read_text() == "fine"
    assert not (outside / "escape").exists()


@needs_bwrap
def test_secrets_outside_the_job_are_hidden(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    secret = tmp_path / "token"
    secret.write_text("hf_SECRET")
    code = (
        "import os,pathlib\n"
        f"print('ENV', os.environ.get('HF_TOKEN'), os.environ.get('OPENAI_API_KEY'))\n"
        f"print('FILE', pathlib.Path('{secret}').exists())\n"
        "try:\n    print('SHADOW', repr(open('/etc/shadow').read()))\nexcept OSError as e:\n    print('SHADOW', repr(''), e)\n"
    )
    env = {**os.environ, "HF_TOKEN": "hf_SECRET", "OPENAI_API_KEY": "sk-SECRET"}
    res = sandbox.run([sys.executable, "-c", code], work, env=env, isolation=_iso(work))
    assert "ENV None None" in res.stdout and "FILE False" in res.stdout, res.log()
    assert "SHADOW ''" in res.stdout and "SECRET" not in res.stdout


@needs_bwrap
def test_no_network(tmp_path: Path) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]
    code = f"import socket\ntry:\n  socket.create_connection(('127.0.0.1', {port}), timeout=3); print('CONNECTED')\nexcept OSError as e:\n  print('NO NETWORK', e)\n"
    try:
        res = sandbox.run([sys.executable, "-c", code], tmp_path, isolation=_iso(tmp_path))
        plain = sandbox.run([sys.executable, "-c", code], tmp_path)
    finally:
        server.close()
    assert "NO NETWORK" in res.stdout, res.log()
    assert "CONNECTED" in plain.stdout  # the same program outside the sandbox reaches the server


@needs_bwrap
def test_double_forked_daemon_dies_with_the_command(tmp_path: Path) -> None:
    marker = f"{os.getpid() % 1000 + 990000}"
    code = (
        "import os,subprocess\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        f"        subprocess.Popen(['sleep', '{marker}'], start_new_session=True)\n"
        "    os._exit(0)\n"
        "print('parent done')\n"
    )
    res = sandbox.run([sys.executable, "-c", code], tmp_path, isolation=_iso(tmp_path), timeout_s=30)
    assert res.ok, res.log()
    time.sleep(0.5)
    assert _processes_with(f"sleep {marker}") == []
    # Without the pid namespace the daemon outlives the command: the test can tell.
    sandbox.run([sys.executable, "-c", code], tmp_path, timeout_s=30)
    time.sleep(0.5)
    left = _processes_with(f"sleep {marker}")
    assert left
    for line in left:
        os.kill(int(line.split(":")[0]), signal.SIGKILL)


@needs_bwrap
def test_killed_worker_leaves_no_orphaned_compiler(tmp_path: Path) -> None:
    marker = f"{os.getpid() % 1000 + 980000}"
    worker = (
        "import sys\nfrom pathlib import Path\nfrom gpuport.dataset import isolation, sandbox\n"
        f"w = Path({str(tmp_path)!r})\n"
        f"sandbox.run(['sh', '-c', 'sleep {marker} & sleep {marker}; wait'], w, isolation=isolation.for_job(w), timeout_s=300)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", worker])
    deadline = time.monotonic() + 30
    while not _processes_with(f"sleep {marker}") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes_with(f"sleep {marker}"), "the compiler stand-in never started"
    proc.send_signal(signal.SIGKILL)  # the pipeline worker dies as an OOM killer would kill it
    proc.wait()
    deadline = time.monotonic() + 10
    while _processes_with(f"sleep {marker}") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes_with(f"sleep {marker}") == []


def test_file_size_limit(tmp_path: Path) -> None:
    code = "f = open('big', 'wb')\nfor _ in range(64): f.write(b'x' * 65536)\n"
    res = sandbox.run([sys.executable, "-c", code], tmp_path, max_file_bytes=1 << 20)
    assert res.reason == "file-size", res.log()
    assert (tmp_path / "big").stat().st_size <= 1 << 20


def test_doctor_reports_isolation(tmp_path: Path) -> None:
    env = {**os.environ, "GPUPORT_BWRAP": ""}  # as on a machine without bubblewrap
    off = subprocess.run([sys.executable, "-m", "gpuport", "doctor"], capture_output=True, text=True, env=env)
    assert "isolation" in off.stdout and "not available" in off.stdout, off.stdout
    if _OK:
        on = subprocess.run([sys.executable, "-m", "gpuport", "doctor"], capture_output=True, text=True)
        assert "isolation: bubblewrap" in on.stdout, on.stdout


def _suite(tmp_path: Path) -> Path:
    folder = tmp_path / "suite" / "vector-ops" / "tiny"
    folder.mkdir(parents=True)
    (folder / "main.cu").write_text("__global__ void k(float *p) { p[0] = 1; }\nint main() { return 0; }\n")
    (folder / "task.toml").write_text(
        'name = "tiny"\ndomain = "vector-ops"\ndifficulty = "easy"\ndescription = "d"\nfeatures = []\n'
        'sources = ["main.cu"]\n[build]\nflags = []\nlibs = []\n[compare]\nmode = "exact"\n'
    )
    return tmp_path / "suite"


def test_untrusted_build_is_refused_without_isolation(tmp_path: Path) -> None:
    suite = _suite(tmp_path)
    env = {**os.environ, "GPUPORT_BWRAP": ""}
    base = [sys.executable, "-m", "gpuport", "build", "--suite", str(suite), "--max-level", "compiles"]
    refused = subprocess.run(
        [*base, "--store", str(tmp_path / "a.db")], capture_output=True, text=True, env=env, timeout=300
    )
    assert refused.returncode == 2 and "--trust-tasks" in refused.stderr and "Traceback" not in refused.stderr
    assert not (tmp_path / "a.db").exists()
    trusted = subprocess.run(
        [*base, "--store", str(tmp_path / "b.db"), "--trust-tasks", "--to", "sycl"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert trusted.returncode == 0, trusted.stderr
    # Translation alone compiles and runs nothing: no isolation needed.
    quick = subprocess.run(
        [*base[:-1], "translated", "--store", str(tmp_path / "c.db")],
        capture_output=True,
        env=env,
        timeout=300,
    )
    assert quick.returncode == 0


@needs_bwrap
def test_killed_build_leaves_no_scratch_folders(tmp_path: Path) -> None:
    """SIGTERM: the build removes its gpuport-build-* folder; SIGKILL: the next build removes it."""
    suite = _suite(tmp_path)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    # A stale scratch folder of a build that was killed with SIGKILL (its pid is gone).
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = tmp / f"gpuport-build-{dead.pid}-abcd"
    (stale / "tiny").mkdir(parents=True)
    mine = tmp / f"gpuport-build-{os.getpid()}-live"  # a running build's folder is left alone
    mine.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp)}
    argv = [sys.executable, "-m", "gpuport", "build", "--suite", str(suite), "--max-level", "translated"]
    done = subprocess.run(
        [*argv, "--store", str(tmp_path / "a.db")], capture_output=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp.iterdir()) == [mine.name]
    # SIGTERM while a compile runs: a task whose compile hangs (a compiler stand-in through PATH).
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "nvcc").write_text(
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'Cuda compilation tools, release 13.0, V13.0.48'; exit 0; fi\nsleep 600\n"
    )
    (fake / "nvcc").chmod(0o755)
    env["PATH"] = f"{fake}:{env['PATH']}"
    argv[-1] = "compiles"
    proc = subprocess.Popen([*argv, "--store", str(tmp_path / "b.db"), "--to", "sycl"], env=env)
    deadline = time.monotonic() + 120
    while not _processes_with("sleep 600") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _processes_with("sleep 600"), "the stand-in compiler never started"
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) != 0
    time.sleep(1)
    assert _processes_with("sleep 600") == []
    assert sorted(p.name for p in tmp.iterdir()) == [mine.name]


@needs_bwrap
def test_limits_are_named_inside_the_sandbox(tmp_path: Path) -> None:
    """bwrap exits 128+N when its command dies of signal N: a CPU or file-size limit hit inside the
    sandbox is named like one hit outside it (it read rc 152 / 153 with no reason)."""
    iso = _iso(tmp_path)
    busy = sandbox.run(
        [sys.executable, "-c", "while True: pass"], tmp_path, cpu_s=1, timeout_s=30, isolation=iso
    )
    assert (busy.rc, busy.reason) == (-signal.SIGXCPU, "cpu-time"), busy.log()
    code = "import signal\nsignal.signal(signal.SIGXFSZ, signal.SIG_DFL)\nopen('big', 'wb').write(b'x' * (2 << 20))\n"
    big = sandbox.run([sys.executable, "-c", code], tmp_path, max_file_bytes=1 << 20, isolation=iso)
    assert (big.rc, big.reason) == (-signal.SIGXFSZ, "file-size"), big.log()
    exited = sandbox.run([sys.executable, "-c", "raise SystemExit(3)"], tmp_path, isolation=iso)
    assert (exited.rc, exited.reason) == (3, None), exited.log()


@needs_bwrap
@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not on PATH")
def test_gpu_sandbox_check_script_passes_here(tmp_path: Path) -> None:
    """bench/sandbox_gpu_check.py (run by the lead on the GPU machine) passes its non-GPU checks here:
    nvcc compiles inside the sandbox, the system is read-only, secrets hidden, no network, the limits
    are named. (Before the bwrap exit-status fix its cpu-limit and file-size checks failed.)"""
    script = Path(__file__).resolve().parent.parent / "bench" / "sandbox_gpu_check.py"
    out = tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, str(script), "--no-gpu", "--arch", "sm_90", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    import json

    checks = json.loads(out.read_text())["checks"]
    assert {"compile-inside", "cpu-limit", "file-size-limit", "no-network", "tmp-secret-hidden"} <= set(
        checks
    )
