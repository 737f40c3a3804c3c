"""Hostile trees given to `gpuport translate` (issue 21): nothing outside the tree is read, nothing hangs,
nothing is lost silently. Every test builds a real tree in tmp_path and runs the real CLI or API."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import gpuport

KERNEL = b"#include <cuda_runtime.h>\n__global__ void k(float *p) { p[threadIdx.x] = 1; }\nvoid f(float *p) { cudaFree(p); }\n"
SECRET = b"TOP-SECRET-abc123 cudaMalloc\n"


def cli(*args: str, timeout: float = 120, drop_dac: bool = False) -> subprocess.CompletedProcess[bytes]:
    argv = [sys.executable, "-m", "gpuport", "translate", *args]
    if drop_dac and os.geteuid() == 0:
        # Root reads anything: drop the capabilities that bypass file permissions for this one process.
        argv = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *argv]
    return subprocess.run(argv, capture_output=True, timeout=timeout)


def tree(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "k.cu").write_bytes(KERNEL)
    return src


def outside_secret(tmp_path: Path) -> Path:
    secret = tmp_path / "secret.txt"
    secret.write_bytes(SECRET)
    return secret


def all_output_bytes(root: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file() and not p.is_symlink())


# ---------------------------------------------------------------- leaks


def test_symlinked_file_leaving_the_tree_is_not_read(tmp_path: Path) -> None:
    src = tree(tmp_path)
    os.symlink(outside_secret(tmp_path), src / "x.cu")
    os.symlink(outside_secret(tmp_path), src / "notes.txt")  # a copied (non-CUDA) file leaks the same way
    out = tmp_path / "out"
    report_path = tmp_path / "r.json"
    proc = cli(str(src), "-o", str(out), "-j", "2", "--report-json", str(report_path))
    assert b"TOP-SECRET" not in all_output_bytes(out)
    assert b"TOP-SECRET" not in proc.stdout + proc.stderr
    report = json.loads(report_path.read_text())
    assert b"TOP-SECRET" not in report_path.read_bytes()
    skipped = {f["path"]: f for f in report["files"] if f["action"] == "skipped"}
    assert set(skipped) == {"x.cu", "notes.txt"}
    assert any("x.cu" in n and "outside" in n for n in report["notes"]), report["notes"]
    assert b"outside" in proc.stderr


def test_symlink_inside_the_tree_is_still_followed(tmp_path: Path) -> None:
    src = tree(tmp_path)
    os.symlink("k.cu", src / "alias.cu")
    report = gpuport.translate_tree(src, tmp_path / "out")
    assert {f.path: f.action for f in report.files} == {"alias.cu": "translated", "k.cu": "translated"}


def test_single_file_symlink_to_dev_zero_is_refused(tmp_path: Path) -> None:
    os.symlink("/dev/zero", tmp_path / "zero.cu")
    proc = cli(str(tmp_path / "zero.cu"), timeout=60)
    assert proc.returncode == 2 and b"not a regular file" in proc.stderr and b"Traceback" not in proc.stderr


# ---------------------------------------------------------------- denial of service


def test_fifo_socket_and_dev_zero_are_skipped_and_reported(tmp_path: Path) -> None:
    src = tree(tmp_path)
    os.mkfifo(src / "pipe.cu")
    os.symlink("/dev/zero", src / "zero.cu")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(src / "sock.cu"))
    try:
        report_path = tmp_path / "r.json"
        proc = cli(str(src), "-o", str(tmp_path / "out"), "--report-json", str(report_path), timeout=60)
    finally:
        sock.close()
    report = json.loads(report_path.read_text())
    actions = {f["path"]: f["action"] for f in report["files"]}
    assert actions == {"k.cu": "translated", "pipe.cu": "skipped", "sock.cu": "skipped", "zero.cu": "skipped"}
    notes = "\n".join(report["notes"])
    assert "pipe.cu: not a regular file (fifo)" in notes and "sock.cu: not a regular file (socket)" in notes
    assert "zero.cu" in notes
    assert proc.returncode == 0, proc.stderr


def test_size_limit_is_configurable_and_reported(tmp_path: Path) -> None:
    src = tree(tmp_path)
    (src / "big.cu").write_bytes(KERNEL * 200)  # about 20 KB
    report_path = tmp_path / "r.json"
    proc = cli(
        str(src), "-o", str(tmp_path / "out"), "--max-file-size", "10K", "--report-json", str(report_path)
    )
    assert proc.returncode == 3
    files = {f["path"]: f for f in json.loads(report_path.read_text())["files"]}
    assert files["big.cu"]["action"] == "error" and "--max-file-size" in files["big.cu"]["error"]
    assert files["k.cu"]["action"] == "translated"
    assert not (tmp_path / "out" / "big.cu").exists()
    assert b"big.cu" in proc.stderr
    # Raised, the same file goes through; a bad value is a usage error.
    assert cli(str(src), "-o", str(tmp_path / "out2"), "--max-file-size", "1M").returncode == 0
    assert cli(str(src / "big.cu"), "--max-file-size", "1K").returncode == 2
    bad = cli(str(src), "-o", str(tmp_path / "out3"), "--max-file-size", "lots")
    assert bad.returncode == 2 and b"--max-file-size" in bad.stderr and b"Traceback" not in bad.stderr


def test_default_size_limit_is_sixteen_mebibytes() -> None:
    from gpuport.transpile.safe_read import DEFAULT_MAX_FILE_SIZE

    assert DEFAULT_MAX_FILE_SIZE == 16 * 1024 * 1024


# ---------------------------------------------------------------- silent loss


def test_sycl_rename_collision_keeps_both_files(tmp_path: Path) -> None:
    # hemi's nbody_vec4.cu beside its nbody_vec4.cpp: the .cu's SYCL translation cannot be k.cpp
    src = tree(tmp_path)
    (src / "k.cpp").write_bytes(b"// the user's own k.cpp\nint user_code() { return 42; }\n")
    (src / "main.cpp").write_bytes(b'#include "k.cu"\nint main() { return user_code(); }\n')
    out = tmp_path / "out"
    proc = cli(str(src), "-o", str(out), "--to", "sycl")
    assert proc.returncode == 0, proc.stderr
    assert (out / "k.cpp").read_bytes() == (src / "k.cpp").read_bytes()  # the user's file, as it was
    assert b"sycl::nd_item<3> &item" in (out / "k.cu.cpp").read_bytes()  # the kernel's translation
    assert b'#include "k.cu.cpp"' in (out / "main.cpp").read_bytes()  # its include follows
    assert not (out / "k.cu").exists()
    assert b"k.cu is written as k.cu.cpp" in proc.stdout + proc.stderr  # the note says so
    assert (src / "k.cpp").read_bytes().startswith(b"// the user's own")


def test_sycl_rename_collision_with_no_free_name_is_refused_before_writing(tmp_path: Path) -> None:
    src = tree(tmp_path)
    (src / "k.cpp").write_bytes(b"// the user's own k.cpp\nint user_code() { return 42; }\n")
    (src / "k.cu.cpp").write_bytes(b"// and k.cu.cpp\nint other_code() { return 7; }\n")
    out = tmp_path / "out"
    proc = cli(str(src), "-o", str(out), "--to", "sycl")
    assert proc.returncode == 2
    assert b"k.cu" in proc.stderr and b"k.cpp" in proc.stderr and b"collide" in proc.stderr
    assert not out.exists() or not any(out.rglob("*.cpp"))  # nothing written
    assert (src / "k.cpp").read_bytes().startswith(b"// the user's own")


def test_unreadable_subfolder_is_reported_with_exit_3(tmp_path: Path) -> None:
    src = tree(tmp_path)
    locked = src / "locked"
    locked.mkdir()
    (locked / "hidden.cu").write_bytes(KERNEL)
    locked.chmod(0)
    try:
        report_path = tmp_path / "r.json"
        proc = cli(str(src), "-o", str(tmp_path / "out"), "--report-json", str(report_path), drop_dac=True)
    finally:
        locked.chmod(0o755)
    assert proc.returncode == 3, proc.stderr
    files = {f["path"]: f for f in json.loads(report_path.read_text())["files"]}
    assert files["locked"]["action"] == "error" and "cannot read folder" in files["locked"]["error"]
    assert b"locked" in proc.stderr


def test_backup_files_are_reported_when_skipped(tmp_path: Path) -> None:
    src = tree(tmp_path)
    (src / "k.cu.orig").write_bytes(KERNEL)
    report = gpuport.translate_tree(src, tmp_path / "out")
    assert any(n.startswith("k.cu.orig:") and "skipped" in n for n in report.notes), report.notes


def test_output_files_keep_the_input_permission_bits(tmp_path: Path) -> None:
    src = tree(tmp_path)
    (src / "run.sh").write_bytes(b"#!/bin/sh\necho hi\n")
    (src / "run.sh").chmod(0o755)
    (src / "k.cu").chmod(0o644)
    (src / "tool.cu").write_bytes(KERNEL)
    (src / "tool.cu").chmod(0o750)
    out = tmp_path / "out"
    for _ in range(2):  # a first write, then a replacement of an existing output (--force)
        assert cli(str(src), "-o", str(out), "--force").returncode == 0
        modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in out.iterdir() if not p.name.startswith(".")}
        assert modes == {"run.sh": 0o755, "k.cu": 0o644, "tool.cu": 0o750}
    one = tmp_path / "one.hip"
    assert cli(str(src / "tool.cu"), "-o", str(one)).returncode == 0
    assert stat.S_IMODE(one.stat().st_mode) == 0o750


def test_output_with_trailing_slash_is_a_folder(tmp_path: Path) -> None:
    src = tree(tmp_path)
    proc = cli(str(src / "k.cu"), "-o", str(tmp_path / "newdir") + "/")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "newdir" / "k.cu").read_bytes().count(b"hipFree") == 1


def test_report_to_an_unwritable_path_is_a_clear_error(tmp_path: Path) -> None:
    src = tree(tmp_path)
    blocker = tmp_path / "file"
    blocker.write_bytes(b"x")
    for opt in ("--report-json", "--report-html"):
        proc = cli(str(src), "-o", str(tmp_path / "out"), opt, str(blocker / "report"))
        assert proc.returncode == 2, proc.stderr
        assert b"Traceback" not in proc.stderr and str(blocker / "report").encode() in proc.stderr
    proc = cli(str(src / "k.cu"), "--report-json", str(tmp_path))  # a folder, not a file
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
