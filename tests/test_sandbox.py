"""The sandbox: limits are enforced by the kernel (rlimits, process groups), reasons are recorded."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gpuport.dataset import sandbox

needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not on PATH")


def _cxx(tmp_path: Path, name: str, code: str) -> Path:
    src = tmp_path / f"{name}.cpp"
    src.write_text(code)
    exe = tmp_path / name
    subprocess.run(["g++", "-O0", "-o", str(exe), str(src)], check=True, capture_output=True)
    return exe


def test_ok_run_captures_output(tmp_path: Path) -> None:
    res = sandbox.run(
        [sys.executable, "-c", "print('RESULT a 1'); import sys; print('err', file=sys.stderr)"], tmp_path
    )
    assert res.ok and res.rc == 0 and res.reason is None
    assert res.stdout == "RESULT a 1\n" and res.stderr == "err\n"


def test_argument_list_is_not_a_shell(tmp_path: Path) -> None:
    # A shell would expand this; an argument list passes it through unchanged.
    res = sandbox.run(["echo", "$(touch pwned)", ";", "rm", "-rf", "x"], tmp_path)
    assert res.stdout.strip() == "$(touch pwned) ; rm -rf x"
    assert not (tmp_path / "pwned").exists()


def test_hang_is_killed_with_its_children(tmp_path: Path) -> None:
    # The child spawns a grandchild that would keep the pipes open: the whole group must die.
    code = "import subprocess,time; subprocess.Popen(['sleep','300']); time.sleep(300)"
    start = time.monotonic()
    res = sandbox.run([sys.executable, "-c", code], tmp_path, timeout_s=1.5)
    assert res.reason == "timeout"
    assert time.monotonic() - start < 15
    assert not res.ok


@needs_gxx
def test_unbounded_allocation_hits_the_memory_limit(tmp_path: Path) -> None:
    exe = _cxx(
        tmp_path,
        "hog",
        "#include <vector>\n#include <cstring>\nint main(){std::vector<char*> v; for(;;){char*p=new char[1<<26];"
        "std::memset(p,1,1<<26); v.push_back(p);} }\n",
    )
    res = sandbox.run([str(exe)], tmp_path, timeout_s=60, mem_bytes=512 * 1024 * 1024)
    assert res.reason == "oom", res.log()
    assert res.rc != 0


@needs_gxx
def test_data_limit_stops_the_heap_but_not_address_reservations(tmp_path: Path) -> None:
    # A CUDA runtime reserves far more address space than it uses (cudaMallocAsync's pool: over 64 GiB);
    # GPU runs cap the data segment instead: a 256 GiB PROT_NONE reservation succeeds, the heap stops.
    exe = _cxx(
        tmp_path,
        "reserve_then_hog",
        "#include <sys/mman.h>\n#include <cstdio>\n#include <cstring>\n#include <vector>\n"
        "int main(){ void*r=mmap(nullptr,256UL<<30,PROT_NONE,MAP_PRIVATE|MAP_ANONYMOUS|MAP_NORESERVE,-1,0);"
        'if(r==MAP_FAILED){std::puts("reserve failed");return 3;} std::puts("reserved");std::fflush(stdout);'
        "std::vector<char*> v; for(;;){char*p=new char[1<<26]; std::memset(p,1,1<<26); v.push_back(p);} }\n",
    )
    res = sandbox.run([str(exe)], tmp_path, timeout_s=60, data_bytes=512 * 1024 * 1024)
    assert "reserved" in res.stdout, res.log()
    assert res.reason == "oom", res.log()
    assert res.rc != 0


@needs_gxx
def test_segfault_is_recorded_as_a_signal(tmp_path: Path) -> None:
    exe = _cxx(tmp_path, "segv", "int main(){ volatile int *p = nullptr; *p = 1; return 0; }\n")
    res = sandbox.run([str(exe)], tmp_path)
    assert res.reason == "signal:SIGSEGV"
    assert res.rc < 0


def test_cpu_time_limit(tmp_path: Path) -> None:
    res = sandbox.run([sys.executable, "-c", "while True: pass"], tmp_path, timeout_s=30, cpu_s=1)
    assert res.reason == "cpu-time", res.log()


def test_output_is_capped(tmp_path: Path) -> None:
    code = "import sys\nfor _ in range(2000): sys.stdout.write('x' * 1000 + '\\n')"
    res = sandbox.run([sys.executable, "-c", code], tmp_path, max_output=10_000)
    assert res.truncated and len(res.stdout) == 10_000 and res.rc == 0


def test_missing_program(tmp_path: Path) -> None:
    res = sandbox.run(["/nonexistent/prog"], tmp_path)
    assert res.reason == "not-found" and res.rc == 127


@needs_gxx
def test_the_build_goes_on_after_bad_runs(tmp_path: Path) -> None:
    """The run stage records a crash / hang as evidence and returns; the next program still runs."""
    from gpuport.dataset.build import run_stage

    segv = _cxx(tmp_path, "segv", "int main(){ volatile int *p = nullptr; *p = 1; return 0; }\n")
    hang = _cxx(tmp_path, "hang", "int main(){ for(;;){} }\n")
    good = _cxx(
        tmp_path,
        "good",
        '#include <cstdio>\nint main(){puts("RESULT s 3");puts("TIME_MS 1.5");puts("PASS");}\n',
    )
    s1 = run_stage(segv, [], "translated", "cpu", None, repeat=3, timeout_s=10, cwd=tmp_path)
    s2 = run_stage(hang, [], "translated", "cpu", None, repeat=3, timeout_s=1, cwd=tmp_path)
    s3 = run_stage(good, [], "translated", "cpu", None, repeat=3, timeout_s=10, cwd=tmp_path)
    assert not s1.ok and s1.records[0].reason == "signal:SIGSEGV" and len(s1.records) == 1  # not repeated
    assert not s2.ok and s2.records[0].reason == "timeout"
    assert s3.ok and len(s3.records) == 4 and s3.median_ms == 1.5
