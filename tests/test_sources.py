"""Corpus sources: CUDA files from a local tree and from an sdist archive, deduplicated, with origin."""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
import tomllib
from pathlib import Path

import pytest
from gpuport.dataset.sources import ORIGIN_FILE
from gpuport.dataset.sources.local import extract_local, extract_tree, guess_domain
from gpuport.dataset.sources.pypi_sdist import cached_archive, download_sdist, extract_sdist, split_spec
from gpuport.dataset.suite import load_task

from gpuport.cli import main

KERNEL = """#include "common.cuh"
// scale every element
__global__ void scale(float* x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = a * x[i];
}
"""
# The same code with other comments and layout: a duplicate after normalisation.
KERNEL_REFORMATTED = """#include "common.cuh"
/* a different comment */
__global__ void scale(float* x,   float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)   x[i] = a * x[i];
}
"""
OTHER = """#include <cuda_runtime.h>
__global__ void add(float* x, const float* y, int n) { int i = threadIdx.x; if (i < n) x[i] += y[i]; }
"""
MIT = "MIT License\n\nPermission is hereby granted, free of charge, to any person obtaining a copy...\n"


def _tree(root: Path) -> Path:
    (root / "csrc" / "cuda").mkdir(parents=True)
    (root / "csrc" / "cuda" / "scale_kernel.cu").write_text(KERNEL)
    (root / "csrc" / "cuda" / "common.cuh").write_text('#pragma once\n#include "../macros.h"\n')
    (root / "csrc" / "macros.h").write_text("#define CHECK_CUDA(x) x\n")
    (root / "zcopy" / "scale_kernel.cu").parent.mkdir()
    (root / "zcopy" / "scale_kernel.cu").write_text(KERNEL_REFORMATTED)
    (root / "ops").mkdir()
    (root / "ops" / "add.cu").write_text(OTHER)
    (root / "build").mkdir()
    (root / "build" / "generated.cu").write_text(OTHER + "// build output, skipped\n")
    (root / "LICENSE").write_text(MIT)
    return root


def test_local_extraction_dedups_and_records_origin(tmp_path: Path) -> None:
    src = _tree(tmp_path / "proj")
    res = extract_local(src, tmp_path / "out")
    names = sorted(p.name for p in res.written)
    assert len(names) == 2, names  # scale (once) and add; build/ is skipped
    assert len(res.duplicates) == 1 and "scale_kernel.cu" in res.duplicates[0]
    scale = next(p for p in res.written if "scale" in p.name)
    task = load_task(scale)
    assert task.sources == ("csrc/cuda/scale_kernel.cu",)
    # The quoted headers come along, transitively, at their paths in the tree.
    assert (scale / "csrc" / "cuda" / "common.cuh").is_file()
    assert (scale / "csrc" / "macros.h").is_file()
    origin = tomllib.loads((scale / ORIGIN_FILE).read_text())
    assert origin["origin"] == "local"
    assert origin["licence"] == "MIT"
    assert origin["path"] == "csrc/cuda/scale_kernel.cu"
    assert (scale / origin["licence_file"]).read_text() == MIT


def test_dedup_spans_trees_through_the_shared_index(tmp_path: Path) -> None:
    a = _tree(tmp_path / "a")
    b = _tree(tmp_path / "b")
    seen: dict[str, str] = {}
    first = extract_tree(a, tmp_path / "out", {"origin": "local"}, "a", seen)
    second = extract_tree(b, tmp_path / "out", {"origin": "local"}, "b", seen)
    assert len(first.written) == 2 and not second.written and len(second.duplicates) == 3


def test_domain_guess_ignores_csrc() -> None:
    assert guess_domain("csrc/cuda/scatter_cuda.cu") == "memory-ops"
    assert guess_domain("csrc/cuda/spmm_cuda.cu") == "sparse"
    assert guess_domain("kernels/unknown.cu") == "vector-ops"


def _sdist(path: Path, evil: bool = True) -> Path:
    files = {
        "demo_pkg-1.2.0/PKG-INFO": "Metadata-Version: 2.1\nName: demo-pkg\nVersion: 1.2.0\nLicense: BSD-3-Clause\n",
        "demo_pkg-1.2.0/LICENSE": "BSD 3-Clause License\nRedistribution and use in source and binary forms...\n",
        "demo_pkg-1.2.0/csrc/cuda/scale_kernel.cu": KERNEL,
        "demo_pkg-1.2.0/csrc/cuda/common.cuh": "#pragma once\n",
        "demo_pkg-1.2.0/csrc/cuda/zdup.cu": KERNEL_REFORMATTED,
        "demo_pkg-1.2.0/demo_pkg/__init__.py": "",
    }
    if evil:
        files["../escape.cu"] = OTHER
    with tarfile.open(path, "w:gz") as tf:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return path


def test_sdist_extraction_reads_pkg_info_and_drops_unsafe_members(tmp_path: Path) -> None:
    archive = _sdist(tmp_path / "demo_pkg-1.2.0.tar.gz")
    info, res = extract_sdist(archive, tmp_path / "out", workdir=tmp_path / "work")
    assert (info.package, info.version, info.licence) == ("demo-pkg", "1.2.0", "BSD-3-Clause")
    assert len(res.written) == 1 and len(res.duplicates) == 1
    assert not (tmp_path / "escape.cu").exists() and not (tmp_path / "work" / "escape.cu").exists()
    folder = res.written[0]
    load_task(folder)
    origin = tomllib.loads((folder / ORIGIN_FILE).read_text())
    assert origin["origin"] == "pypi-sdist"
    assert (origin["package"], origin["version"], origin["licence"]) == ("demo-pkg", "1.2.0", "BSD-3-Clause")
    assert origin["archive"] == "demo_pkg-1.2.0.tar.gz"
    assert origin["path"] == "csrc/cuda/scale_kernel.cu"
    assert origin["headers"] == ["csrc/cuda/common.cuh"]


def test_cached_sdist_is_used_without_network(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    (cache / "demo-pkg").mkdir(parents=True)
    archive = _sdist(cache / "demo-pkg" / "demo_pkg-1.2.0.tar.gz", evil=False)
    assert split_spec("demo-pkg==1.2.0") == ("demo-pkg", "1.2.0")
    assert cached_archive("demo_pkg", "1.2.0", cache) == archive
    assert cached_archive("demo-pkg", "9.9", cache) is None
    assert download_sdist("Demo.Pkg==1.2.0", cache) == archive  # found in the cache: pip is not run


def test_sdist_download_uses_the_json_api_checks_the_digest_and_runs_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real HTTP server plays PyPI: the release's JSON names the sdist and its sha256; the archive is
    fetched into the cache (its setup.py, which would write a marker, never runs); a corrupted archive
    is refused and leaves nothing in the cache; a release with wheels only is an error naming it."""
    import hashlib
    import http.server
    import json as _json
    import threading

    from gpuport.dataset.sources import pypi_sdist

    served = tmp_path / "served"
    served.mkdir()
    marker = tmp_path / "setup-ran"
    archive = served / "demo_pkg-1.2.0.tar.gz"
    with tarfile.open(archive, "w:gz") as tf:  # an sdist whose setup.py, if run, leaves a marker
        for name, text in {
            "demo_pkg-1.2.0/PKG-INFO": "Metadata-Version: 2.1\nName: demo-pkg\nVersion: 1.2.0\nLicense: MIT\n",
            "demo_pkg-1.2.0/setup.py": f"open({str(marker)!r}, 'w').close()\n",
            "demo_pkg-1.2.0/k.cu": KERNEL,
        }.items():
            info = tarfile.TarInfo(name)
            info.size = len(text.encode())
            tf.addfile(info, io.BytesIO(text.encode()))
    good = hashlib.sha256(archive.read_bytes()).hexdigest()
    digests = {"good": good}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            port = self.server.server_address[1]
            if self.path.endswith("/json"):
                pkg = self.path.split("/")[1]
                urls = [
                    {
                        "packagetype": "sdist" if pkg == "demo-pkg" else "bdist_wheel",
                        "filename": "demo_pkg-1.2.0.tar.gz" if pkg == "demo-pkg" else "w-1-py3-none-any.whl",
                        "url": f"http://127.0.0.1:{port}/files/demo_pkg-1.2.0.tar.gz",
                        "digests": {"sha256": digests["good"]},
                    }
                ]
                body = _json.dumps({"urls": urls, "releases": {"1.2.0": urls}}).encode()
            else:
                body = archive.read_bytes()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        monkeypatch.setenv(pypi_sdist.PYPI_JSON_ENV, f"http://127.0.0.1:{server.server_address[1]}")
        got = download_sdist("Demo.Pkg==1.2.0", tmp_path / "cache")
        assert got == tmp_path / "cache" / "demo-pkg" / "demo_pkg-1.2.0.tar.gz"
        assert got.read_bytes() == archive.read_bytes() and not marker.exists()
        digests["good"] = "0" * 64
        with pytest.raises(pypi_sdist.SdistError, match="sha256"):
            download_sdist("demo-pkg==1.2.0", tmp_path / "cache2")
        assert not any((tmp_path / "cache2").rglob("*.tar.gz*"))
        with pytest.raises(pypi_sdist.SdistError, match="no source distribution"):
            download_sdist("wheels-only", tmp_path / "cache3")
    finally:
        server.shutdown()


def test_corpus_cli_local(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    src = _tree(tmp_path / "proj")
    assert main(["corpus", "local", str(src), "--out", str(tmp_path / "out")]) == 0
    assert "2 tasks, 1 duplicates" in capsys.readouterr().out
    assert main(["corpus", "local", str(tmp_path / "missing"), "--out", str(tmp_path / "out")]) == 1


def _torch_extension(tmp_path: Path) -> tuple[Path, list[str]]:
    """An sdist-like tree with one torch-extension unit, extracted: (task folder, its expanded flags)."""
    from gpuport.dataset import include_roots
    from gpuport.dataset.build import absolute_includes

    root = tmp_path / "pkg"
    (root / "csrc" / "cuda").mkdir(parents=True)
    (root / "csrc" / "ops.h").write_text("#pragma once\nat::Tensor twice(at::Tensor x);\n")
    (root / "csrc" / "cuda" / "twice.cu").write_text(
        "#include <torch/extension.h>\n#include <ops.h>\n"
        "__global__ void k(float* p, int n) { int i = threadIdx.x; if (i < n) p[i] *= 2; }\n"
        "at::Tensor twice(at::Tensor x) { k<<<1, 32>>>(x.data_ptr<float>(), x.numel()); return x; }\n"
    )
    (root / "LICENSE").write_text("MIT License\nPermission is hereby granted, free of charge\n")
    res = extract_local(root, tmp_path / "out")
    (folder,) = res.written
    task = load_task(folder)
    assert {p.relative_to(folder).as_posix() for p in task.all_files} >= {"csrc/cuda/twice.cu", "csrc/ops.h"}
    assert list(task.build_flags) == ["-Icsrc/cuda", "-Icsrc", "-I.", "-I@torch", "-I@pybind11", "-I@python"]
    flags = absolute_includes(task.build_flags, folder)
    assert f"-I{folder.as_posix()}/csrc" in flags and not any("@" in f for f in flags)
    torch_dirs = include_roots.folders("torch")
    assert [f"-I{d}" for d in torch_dirs] == flags[3 : 3 + len(torch_dirs)]
    return folder, flags


def test_a_torch_extension_unit_names_its_include_roots(tmp_path: Path) -> None:
    """An sdist's torch-extension unit: its package header comes from csrc/ (a conventional include
    folder, found for a `<...>` include), torch/pybind11/Python are named `-I@...` in the task (portable),
    and the build's flags expand them to this machine's folders (checked in _torch_extension)."""
    _torch_extension(tmp_path)


@pytest.mark.slow
@pytest.mark.nvcc
def test_a_torch_extension_unit_compiles_with_nvcc_and_the_cpu_wheels_headers(tmp_path: Path) -> None:
    from gpuport.dataset import include_roots

    folder, flags = _torch_extension(tmp_path)
    if not include_roots.folders("torch") or shutil.which("nvcc") is None:
        pytest.skip("needs torch's headers and nvcc for the compile")
    src = folder / "csrc" / "cuda" / "twice.cu"
    proc = subprocess.run(
        ["nvcc", "-std=c++17", "-arch=sm_90", "-c", str(src), "-o", str(tmp_path / "t.o"), *flags],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
