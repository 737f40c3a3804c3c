"""The `gpuport translate` and `gpuport rules` commands: outputs, report JSON, exit codes 0/1/2/3."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

KERNEL = b"#include <cuda_runtime.h>\n__global__ void k(float *p) { p[threadIdx.x] = 1; }\nvoid f(float *p) {\n  cudaFree(p);\n}\n"
UNCONVERTED = b"#include <cudnn.h>\nvoid f() {\n  cudnnHandle_t h;\n  cudnnCreate(&h);\n}\n"


def gp(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "gpuport", *args], capture_output=True, input=stdin, timeout=300
    )


def test_single_file_to_stdout_and_to_file(tmp_path: Path) -> None:
    (tmp_path / "k.cu").write_bytes(KERNEL)
    proc = gp("translate", str(tmp_path / "k.cu"), "-q")
    assert proc.returncode == 0
    assert proc.stdout == KERNEL.replace(b"cuda_runtime.h", b"hip/hip_runtime.h").replace(
        b"cudaFree", b"hipFree"
    )
    proc = gp("translate", str(tmp_path / "k.cu"), "-o", str(tmp_path / "k.hip"), "-q")
    assert proc.returncode == 0 and proc.stdout == b""
    assert (tmp_path / "k.hip").read_bytes() == gp("translate", str(tmp_path / "k.cu"), "-q").stdout
    assert (
        gp("translate", "-", "-q", stdin=b"void f(){ cudaDeviceReset(); }").stdout
        == b"#include <hip/hip_runtime.h>\nvoid f(){ hipDeviceReset(); }"
    )
    assert (
        gp("translate", str(tmp_path / "k.cu"), "-o", str(tmp_path / "k.cu")).returncode == 2
    )  # never the input


def test_exit_codes(tmp_path: Path) -> None:
    (tmp_path / "ok.cu").write_bytes(KERNEL)
    (tmp_path / "left.cu").write_bytes(UNCONVERTED)
    assert gp("translate", str(tmp_path / "ok.cu"), "-q").returncode == 0
    proc = gp("translate", str(tmp_path / "left.cu"), "--dnn", "keep")
    assert proc.returncode == 1 and b"left.cu:4:3: GP001" in proc.stderr
    # By default cuDNN takes hipDNN's names, and the file is still reported (ROCm ships no hipDNN).
    proc = gp("translate", str(tmp_path / "left.cu"))
    assert (
        proc.returncode == 1 and b"left.cu:1:11: GP126" in proc.stderr and b"hipdnnCreate(&h)" in proc.stdout
    )
    assert gp("translate", str(tmp_path / "ok.cu"), "--dnn", "miopen").returncode == 2
    assert gp("translate", str(tmp_path / "missing.cu")).returncode == 2
    assert gp("translate", str(tmp_path / "ok.cu"), "--hip-version", "banana").returncode == 2
    src = tmp_path / "tree"
    src.mkdir()
    (src / "bin.cu").write_bytes(b"\0\1\2")
    assert gp("translate", str(src), "-o", str(tmp_path / "out"), "-q").returncode == 3


def test_report_json(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "ok.cu").write_bytes(KERNEL)
    (src / "left.cu").write_bytes(UNCONVERTED)
    (src / "notes.txt").write_bytes(b"hi")
    report_path = tmp_path / "report.json"
    out = str(tmp_path / "out")
    proc = gp("translate", str(src), "-o", out, "--report-json", str(report_path), "-q", "--dnn", "keep")
    assert proc.returncode == 1
    report = json.loads(report_path.read_text())
    assert report["exit_code"] == 1 and report["target"] == "hip" and report["options"]["dnn"] == "keep"
    assert report["files_by_action"]["translated"] == 2 and report["files_by_action"]["copied"] == 1
    totals = report["totals"]
    assert totals["converted"]["runtime"] == 1 and totals["converted"]["headers"] == 1
    assert totals["unconverted"] == {"cudnn": 2, "headers": 1} and totals["total_unconverted"] == 3
    left = next(f for f in report["files"] if f["path"] == "left.cu")
    where = sorted((d["line"], d["column"], d["code"]) for d in left["diagnostics"])
    # GP113: a .cu file gets the HIP runtime (nvcc includes it into every one), said as info.
    assert where == [(1, 1, "GP113"), (1, 11, "GP002"), (3, 3, "GP001"), (4, 3, "GP001")]
    assert all(d["path"] == "left.cu" for d in left["diagnostics"])


def test_rules_command_prints_docs() -> None:
    proc = gp("rules", "GP102")
    assert proc.returncode == 0
    text = proc.stdout.decode()
    assert text.startswith("GP102 warp-sync-legacy [hip]")
    for section in ("What it does", "Why", "Example", "Translated to", "Safety", "References"):
        assert section in text
    listing = gp("rules").stdout.decode()
    assert "GP302  warp-mask-64" in listing and "GP310  dynamic-parallelism" in listing
    assert gp("rules", "GP999").returncode == 2


def test_rules_command_names_the_module_of_a_rule_and_of_a_build_code() -> None:
    import re

    for code, module in (
        ("GP102", "gpuport.transpile.rules.hip.warp_sync_legacy"),
        ("GP238", "gpuport.transpile.rules.sycl.bit_intrinsics"),
        ("GP401", "gpuport.transpile.buildsys.codes"),
    ):
        text = gp("rules", code).stdout.decode()
        m = re.search(r"^module: (\S+) \((.+)\)$", text, re.MULTILINE)
        assert m is not None, text
        assert m.group(1) == module and code in Path(m.group(2)).read_text()


def test_every_code_has_a_module_whose_source_holds_it() -> None:
    from gpuport.transpile.rules.registry import by_code, module_of

    for code in by_code():
        where = module_of(code)
        assert where is not None and where[1].is_file()
        assert code in where[1].read_text(encoding="utf-8"), (code, where)


def test_tables_command_shows_both_targets_and_the_rule_that_handles_a_row() -> None:
    proc = gp("tables", "__brev", "cudaMalloc", "__shfl_down_sync")
    assert proc.returncode == 0
    text = proc.stdout.decode()
    brev = text.split("cudaMalloc:")[0]
    assert "family=device" in brev and "hip:  __brev" in brev
    assert "sycl: rule GP238 bit-intrinsics, module gpuport.transpile.rules.sycl.bit_intrinsics (" in brev
    assert "bit_intrinsics.py)" in brev and "flags:" in brev and "min_hip=" in brev
    table = Path(brev.split("table=")[1].split()[0])
    assert table.is_file() and "__brev" in table.read_text()
    assert "hip:  hipMalloc" in text
    assert gp("tables", "noSuchCudaThing").returncode == 1
