"""The LLM fallback inside the tree's one translation pass (issue 19, "One pass per file").

Every file is translated once and written once: a file the rules leave CUDA in is held back, handed to
the fallback in the driver process (also when a worker translated it), and the fallback's result is what
is written. Scripted answers stand in for a model; checks are parse-only except where the CLI runs hipcc.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from gpuport.models.backends import ScriptedBackend
from gpuport.models.fallback import FallbackConfig, TreeFallback
from gpuport.transpile.engine import TranslationResult
from gpuport.transpile.options import Options

import gpuport
from gpuport.cli import main

ANSWER = "```cpp\n(void)hipMemset(d, 0, 4 * sizeof(float));\n```"
# The project's own CUDA-looking macro: a file that sees only its use would report it (GP003) were the
# tree's definitions not known before translating.
CHECK_H = (
    b"#pragma once\n#include <cuda_runtime.h>\n#include <cstdlib>\n"
    b"#define cudaCheck(call) do { if ((call) != cudaSuccess) std::abort(); } while (0)\n"
)
USES_CHECK = b'#include "check.h"\n\nvoid alloc(float **d) {\n    cudaCheck(cudaMalloc(d, 16));\n}\n'


def _unconverted(name: str) -> bytes:
    """A file with one call no table knows (GP003): one region for the model."""
    return (
        b'#include <cuda_runtime.h>\n#include "check.h"\n\n'
        + f"void fill_{name}(float *d) {{\n    cudaFancyZero(d, 4);\n}}\n".encode()
    )


def _tree(root: Path) -> dict[str, bytes]:
    files = {
        "check.h": CHECK_H,
        "uses_check.cu": USES_CHECK,
        **{f"{n}.cu": _unconverted(n) for n in ("a", "b", "c")},
    }
    root.mkdir()
    for name, data in files.items():
        (root / name).write_bytes(data)
    return files


def _count_translations(monkeypatch: pytest.MonkeyPatch, log: Path) -> None:
    """Log every translation of a tree file (pid and path), in the driver and in the (forked) workers,
    wherever gpuport may call the engine: the tree, and the fallback (which translated files a second
    time before issue 19). The fallback's own checks of candidate answers are named "candidate"."""
    import gpuport.models.fallback as fallback_mod
    import gpuport.transpile.tree as tree_mod

    for mod in (tree_mod, fallback_mod):
        real = mod.translate_source

        def counted(
            data: bytes, options: Options | None = None, path: str = "<string>", _real: Any = real
        ) -> TranslationResult:
            if path != "candidate":
                with open(log, "a", encoding="utf-8") as fh:
                    fh.write(f"{os.getpid()} {path}\n")
            return _real(data, options, path)  # type: ignore[no-any-return]

        monkeypatch.setattr(mod, "translate_source", counted)


def test_cli_tree_with_workers_translates_each_file_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _tree(tmp_path / "src")
    (tmp_path / "answers.json").write_text(json.dumps([ANSWER] * 3))
    log = tmp_path / "translations.log"
    _count_translations(monkeypatch, log)
    monkeypatch.chdir(tmp_path)  # no ./corpus.db to take examples from
    rc = main(
        ["translate", "src", "-o", "out", "--hip-version", "5.2", "-j", "2", "-q"]
        + ["--llm", "scripted:answers.json", "--llm-no-cache", "--report-json", "r.json"]
    )
    assert rc == 0
    entries = [line.split() for line in log.read_text().splitlines()]
    assert Counter(path for _, path in entries) == Counter(files.keys()), entries
    assert len({pid for pid, _ in entries}) == 2, (
        entries
    )  # the worker translated some: they came back pending
    report = json.loads((tmp_path / "r.json").read_text())
    by_path = {f["path"]: f for f in report["files"]}
    for n in ("a", "b", "c"):
        out = (tmp_path / "out" / f"{n}.cu").read_bytes()
        assert b"(void)hipMemset(d, 0, 4 * sizeof(float));" in out and b"cudaFancyZero" not in out
        f = by_path[f"{n}.cu"]
        assert f["action"] == "translated"
        assert (f["llm"]["regions"], f["llm"]["accepted"], f["llm"]["calls"]) == (1, 1, 1)
        assert f["stats"]["model_edits"] == 1 and any(d["by_model"] for d in f["diagnostics"])
    # The project's macro: known before translating, so its file never reached the model.
    assert by_path["uses_check.cu"]["llm"] is None and by_path["uses_check.cu"]["stats"]["unconverted"] == {}
    assert b"cudaCheck(hipMalloc(d, 16));" in (tmp_path / "out" / "uses_check.cu").read_bytes()
    assert any(
        n.startswith("LLM fallback (scripted:answers.json): 3 regions in 3 files, 3 accepted")
        for n in report["notes"]
    )


def test_in_place_keeps_the_original_and_writes_the_fallbacks_result(tmp_path: Path) -> None:
    src = tmp_path / "src"
    files = _tree(src)
    backend = ScriptedBackend([], default=ANSWER)
    fallback = TreeFallback.from_spec(backend, FallbackConfig(use_cache=False, compile=False))
    report = gpuport.translate_tree(src, in_place=True, hip_version="5.2", jobs=2, fallback=fallback)
    assert report.exit_code == 0, report.notes
    for n in ("a", "b", "c"):
        assert (src / f"{n}.cu.orig").read_bytes() == files[f"{n}.cu"]  # the CUDA original, not a rule output
        out = (src / f"{n}.cu").read_bytes()
        assert b"hip/hip_runtime.h" in out and b"(void)hipMemset(d, 0, 4 * sizeof(float));" in out
        assert b"cuda" not in out.replace(b'#include "check.h"', b"")
    assert backend.calls == 3 and not any("cudaCheck" in p for p in backend.prompts)
    by_path = {f.path: f for f in report.files}
    assert by_path["uses_check.cu"].llm is None and by_path["uses_check.cu"].stats.total_unconverted == 0
    assert by_path["a.cu"].llm is not None and by_path["a.cu"].llm["accepted"] == 1
    summary = fallback.summary()
    assert summary is not None and summary.startswith(
        "LLM fallback (scripted): 3 regions in 3 files, 3 accepted, 0 not;"
    )


class _Recording:
    """A fallback that records, at each call, what the output folder holds, then asks the real one."""

    def __init__(self, inner: TreeFallback) -> None:
        self.inner = inner
        self.calls: list[tuple[str, bytes | None]] = []

    def __call__(
        self, result: TranslationResult, options: Options, src: Path, out_dir: Path | None
    ) -> tuple[TranslationResult, dict[str, Any]]:
        assert out_dir is not None
        header = out_dir / "kern.cuh"
        self.calls.append((result.path, header.read_bytes() if header.is_file() else None))
        return self.inner(result, options, src, out_dir)


def _scripted() -> TreeFallback:
    return TreeFallback.from_spec(
        ScriptedBackend([], default=ANSWER), FallbackConfig(use_cache=False, compile=False)
    )


def test_a_header_is_finished_before_the_files_that_include_it(tmp_path: Path) -> None:
    """The fallback's compile check of a file includes the output folder: the headers it includes must be
    there, as finally written, when it runs (the file sorts before its header here)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "kern.cuh").write_bytes(
        b"#pragma once\ninline void zero_k(float *d) {\n    cudaFancyZero(d, 4);\n}\n"
    )
    (src / "a.cu").write_bytes(b'#include "kern.cuh"\n\nvoid fill(float *d) {\n    cudaFancyZero(d, 4);\n}\n')
    (src / "plain.cu").write_bytes(b"__global__ void k(float *x) { x[threadIdx.x] = 0; }\n")
    fallback = _Recording(_scripted())
    report = gpuport.translate_tree(src, tmp_path / "out", hip_version="5.2", fallback=fallback)
    assert report.exit_code == 0
    assert [path for path, _ in fallback.calls] == ["kern.cuh", "a.cu"]
    header_seen_by_a = fallback.calls[1][1]
    assert (
        header_seen_by_a is not None
        and b"hipMemset" in header_seen_by_a
        and b"cudaFancy" not in header_seen_by_a
    )


def test_cached_files_with_cuda_left_reach_the_fallback(tmp_path: Path) -> None:
    """A run without --llm caches a file with CUDA left; a run with it must still hand that file to the
    model. Files the fallback finished are not cached: a re-run asks again (the completion cache makes
    that cheap), while files without CUDA left stay cache hits."""
    src = tmp_path / "src"
    _tree(src)
    out = tmp_path / "out"
    first = gpuport.translate_tree(src, out, hip_version="5.2")
    assert first.exit_code == 1 and b"cudaFancyZero" in (out / "a.cu").read_bytes()
    for _ in range(2):
        fallback = _Recording(_scripted())
        report = gpuport.translate_tree(src, out, hip_version="5.2", fallback=fallback)
        assert report.exit_code == 0
        assert sorted(path for path, _ in fallback.calls) == ["a.cu", "b.cu", "c.cu"]
        actions = {f.path: f.action for f in report.files}
        assert actions == {
            "a.cu": "translated",
            "b.cu": "translated",
            "c.cu": "translated",
            "check.h": "unchanged",
            "uses_check.cu": "unchanged",
        }
        assert b"(void)hipMemset(d, 0" in (out / "a.cu").read_bytes()


def test_an_error_in_the_fallback_fails_one_file_alone(tmp_path: Path) -> None:
    src = tmp_path / "src"
    files = _tree(src)

    def broken(result: TranslationResult, options: Options, src: Path, out_dir: Path | None) -> Any:
        raise RuntimeError("model fell over")

    report = gpuport.translate_tree(src, tmp_path / "out", hip_version="5.2", fallback=broken)
    by_path = {f.path: f for f in report.files}
    assert by_path["a.cu"].llm == {
        "error": "internal error in the LLM fallback: RuntimeError: model fell over"
    }
    assert by_path["a.cu"].action == "translated" and by_path["a.cu"].stats.total_unconverted == 1
    assert b"cudaFancyZero(d, 4);" in (tmp_path / "out" / "a.cu").read_bytes()  # the rules' output
    assert len(report.files) == len(files) and report.exit_code == 1


@pytest.mark.slow  # hipcc checks the answer when it is installed
def test_cli_single_file_in_place_with_llm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = b"#include <cuda_runtime.h>\n\nvoid fill(float *d) {\n    cudaFancyZero(d, 4);\n}\n"
    (tmp_path / "k.cu").write_bytes(original)
    (tmp_path / "answers.json").write_text(json.dumps([ANSWER]))
    log = tmp_path / "translations.log"
    _count_translations(monkeypatch, log)
    import gpuport.api as api_mod

    real = api_mod.translate_source

    def counted(data: bytes, options: Options | None = None, path: str = "<string>") -> TranslationResult:
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(f"{os.getpid()} {path}\n")
        return real(data, options, path)

    monkeypatch.setattr(api_mod, "translate_source", counted)
    monkeypatch.chdir(tmp_path)
    rc = main(
        ["translate", "k.cu", "--in-place", "--hip-version", "5.2", "-q"]
        + ["--llm", "scripted:answers.json", "--llm-no-cache", "--report-json", "r.json"]
    )
    assert rc == 0
    assert [line.split()[1] for line in log.read_text().splitlines()] == ["k.cu"]
    assert (tmp_path / "k.cu.orig").read_bytes() == original
    out = (tmp_path / "k.cu").read_bytes()
    assert b"(void)hipMemset(d, 0, 4 * sizeof(float));" in out and b"cuda" not in out
    (f,) = json.loads((tmp_path / "r.json").read_text())["files"]
    assert f["llm"]["accepted"] == 1 and f["stats"]["model_edits"] == 1


def test_bad_backend_is_a_usage_error_before_anything_is_written(tmp_path: Path) -> None:
    _tree(tmp_path / "src")
    for spec in ("nonsense:x", f"scripted:{tmp_path / 'missing.json'}"):
        rc = main(["translate", str(tmp_path / "src"), "-o", str(tmp_path / "out"), "--llm", spec, "-q"])
        assert rc == 2 and not (tmp_path / "out").exists(), spec
