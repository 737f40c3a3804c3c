"""Bad input never hangs, crashes or writes outside OUT: through gpuport.translate_tree and the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import gpuport

KERNEL = b"#include <cuda_runtime.h>\n__global__ void k(float *p) { p[threadIdx.x] = 1; }\nvoid f(float *p) { cudaFree(p); }\n"


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "gpuport", "translate", *args], capture_output=True, cwd=cwd, timeout=300
    )


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def test_binary_file_with_cu_extension(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "blob.cu").write_bytes(b"\x7fELF\x00\x01\x02" * 100)
    (src / "ok.cu").write_bytes(KERNEL)
    report = gpuport.translate_tree(src, tmp_path / "out")
    actions = {f.path: f for f in report.files}
    assert actions["blob.cu"].action == "error" and "binary" in (actions["blob.cu"].error or "")
    assert actions["ok.cu"].action == "translated"
    assert report.exit_code == 3
    proc = cli(str(src / "blob.cu"))
    assert proc.returncode == 2 and b"binary" in proc.stderr


def test_non_utf8_bytes_kept(tmp_path: Path) -> None:
    data = b"// Gr\xfc\xdfe \xff\xfe\nvoid f(float *p) { cudaFree(p); } /* \x80 */\n"
    result = gpuport.translate(data)
    # GP113: nvcc's implicit include made explicit, below the leading comment.
    runtime = b"#include <hip/hip_runtime.h>\n"
    first, rest = data.split(b"\n", 1)
    assert result.result.output == first + b"\n" + runtime + rest.replace(b"cudaFree", b"hipFree")
    assert [d.code for d in result.diagnostics if d.code == "GP005"] == ["GP005"]
    src = tmp_path / "src"
    src.mkdir()
    (src / "latin1.cu").write_bytes(data)
    gpuport.translate_tree(src, tmp_path / "out")
    assert (tmp_path / "out" / "latin1.cu").read_bytes() == first + b"\n" + runtime + rest.replace(
        b"cudaFree", b"hipFree"
    )


def test_empty_file(tmp_path: Path) -> None:
    assert gpuport.translate(b"").code == ""
    (tmp_path / "empty.cu").write_bytes(b"")
    proc = cli(str(tmp_path / "empty.cu"))
    assert proc.returncode == 0 and proc.stdout == b""


@pytest.mark.slow
def test_five_megabyte_file() -> None:
    unit = b"__global__ void k%d(float *p) { p[threadIdx.x] += 1; }\nvoid h%d(float *p) { cudaMemset(p, 0, 4); }\n"
    parts, size, i = [], 0, 0
    while size < 5 * 1024 * 1024:
        chunk = unit.replace(b"%d", str(i).encode())
        parts.append(chunk)
        size += len(chunk)
        i += 1
    data = b"".join(parts)
    result = gpuport.translate(data)
    assert result.result.output == b"#include <hip/hip_runtime.h>\n" + data.replace(
        b"cudaMemset", b"hipMemset"
    )
    assert result.stats.converted["runtime"] == i


def test_syntax_errors_translated_where_parsed() -> None:
    result = gpuport.translate(
        "void f(float *p) {\n  cudaFree(p);\n  int x = (1 + ;\n  cudaDeviceSynchronize();\n"
    )
    assert "hipFree(p)" in result.code and "hipDeviceSynchronize()" in result.code
    assert any(d.code == "GP004" for d in result.diagnostics)


def test_directives_inside_parentheses_are_blanked_for_the_parser_only() -> None:
    from gpuport.transpile.parse import mask_conditionals_in_parens, parse

    call = b"void g(int a, int b) {\n  f(a\n#if (B)\n    , b\n#endif\n  );\n}\n"
    masked = mask_conditionals_in_parens(call)
    assert masked is not None and len(masked) == len(call)  # offsets kept
    assert masked == call.replace(b"#if (B)", b" " * 7).replace(b"#endif", b" " * 6)
    assert not parse(call).root_node.has_error  # the tree parse() keeps is the masked one
    # A `for` header and a parenthesis that never closes (dead code in `#if 0`) are not expression lists:
    # the directives after them stay.
    assert mask_conditionals_in_parens(b"for (i = 0;\n#if A\n i < n;\n#endif\n i++) {}\n") is None
    dead = b'#if T\n  printf("%d", x;\n#endif\n#if U\nint y;\n#endif\n'
    assert mask_conditionals_in_parens(dead) is None
    # The translation keeps the directives and appends the nd_item after them, in both configurations.
    out = gpuport.translate(
        "__global__ void k(int *p\n#if (B)\n, int b\n#endif\n) { p[threadIdx.x] = 0; }\n", to="sycl"
    ).code
    assert "#if (B)\n, int b\n#endif\n, const sycl::nd_item<3> &item)" in out


def test_symlink_loop_does_not_hang(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "a").mkdir(parents=True)
    (src / "a" / "k.cu").write_bytes(KERNEL)
    os.symlink("..", src / "a" / "loop")
    os.symlink(src, src / "self")
    report = gpuport.translate_tree(src, tmp_path / "out")
    assert [f.path for f in report.files if f.action == "translated"] == ["a/k.cu"]
    assert any("symlink" in n for n in report.notes)


def test_output_folder_inside_input_is_skipped(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "k.cu").write_bytes(KERNEL)
    first = gpuport.translate_tree(src, src / "out")
    second = gpuport.translate_tree(src, src / "out", force=True)
    assert not (src / "out" / "out").exists()
    assert [f.path for f in second.files] == [f.path for f in first.files] == ["k.cu"]
    assert any("output folder" in n for n in second.notes)


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_unwritable_output_folder_named_in_error(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "k.cu").write_bytes(KERNEL)
    out = tmp_path / "ro"
    out.mkdir()
    out.chmod(0o500)
    try:
        proc = cli(str(src), "-o", str(out))
        assert proc.returncode in (2, 3) and str(out).encode() in proc.stderr
    finally:
        out.chmod(0o700)


def test_output_under_readonly_file_named_in_error(tmp_path: Path) -> None:
    # Works as root too: a path below a regular file can never be created.
    src = tmp_path / "src"
    src.mkdir()
    (src / "k.cu").write_bytes(KERNEL)
    blocker = tmp_path / "file"
    blocker.write_bytes(b"x")
    proc = cli(str(src), "-o", str(blocker / "out"))
    assert proc.returncode in (2, 3)
    assert str(blocker / "out").encode() in proc.stderr


def test_nothing_written_outside_out(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "k.cu").write_bytes(KERNEL)
    (src / "sub" / "h.cuh").write_bytes(KERNEL)
    (src / "notes.txt").write_bytes(b"text")
    os.symlink("/etc/passwd", src / "sub" / "link.cu")
    before = snapshot(tmp_path)
    assert cli(str(src), "-o", str(tmp_path / "out"), "-j", "2").returncode in (0, 1, 3)
    after = snapshot(tmp_path)
    changed = {p for p in set(before) | set(after) if before.get(p) != after.get(p)}
    assert changed and all(p.startswith("out/") for p in changed), sorted(changed)


def test_in_place_keeps_first_backup(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "k.cu").write_bytes(KERNEL)
    assert cli(str(src), "--in-place").returncode == 0
    assert (src / "k.cu.orig").read_bytes() == KERNEL
    assert b"hipFree" in (src / "k.cu").read_bytes()
    (src / "k.cu").write_bytes(KERNEL + b"void g(){ cudaDeviceSynchronize(); }\n")
    assert cli(str(src), "--in-place").returncode == 0
    assert (src / "k.cu.orig").read_bytes() == KERNEL  # the original, not the second input
    assert b"hipDeviceSynchronize" in (src / "k.cu").read_bytes()


def test_output_to_a_pipe_is_written_into_not_replaced(tmp_path: Path) -> None:
    """An existing output that is not a regular file (a named pipe here; `-o /dev/null` alike) is written
    into: renaming a file over it once turned the machine's /dev/null into a regular file. (Not tested on
    /dev/null itself: a regression would break the machine running the test.)"""
    import stat
    import threading

    src = tmp_path / "k.cu"
    src.write_bytes(KERNEL)
    fifo = tmp_path / "pipe.hip"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    proc = cli(str(src), "-o", str(fifo), "--to", "hip")
    reader.join(timeout=60)
    assert proc.returncode in (0, 1), proc.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got and b"hipFree(p)" in got[0]
