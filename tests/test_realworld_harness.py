"""The real-world tree harness (bench/realworld_trees.py) end to end on a small project of our own: the
CUDA reference compiles with nvcc, gpuport's HIP and SYCL trees compile, a program whose CUDA does not
build is excluded, and a translator failure is classified as the translator's."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
TREE = REPO / "tests" / "golden_trees" / "kernel-in-other-unit" / "in"

PROJECTS = """
[[project]]
name = "mini"
origin = "local"
commit = "0"
licence = "Apache-2.0"
kind = "application"
needs = []

[[project.program]]
path = "good"
units = ["main.cu", "kernels.cu"]

[[project.program]]
path = "broken-cuda"
units = ["bad.cu"]

[[project.program]]
path = "ours"
units = ["uses_unknown.cu"]
"""


@pytest.mark.slow
@pytest.mark.nvcc
@pytest.mark.hipcc
@pytest.mark.sycl
def test_harness_on_a_small_project(tmp_path: Path) -> None:
    for tool in ("nvcc", "hipcc"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} not on PATH")
    cache = tmp_path / "cache"
    shutil.copytree(TREE, cache / "mini" / "good")
    (cache / "mini" / "broken-cuda").mkdir(parents=True)
    (cache / "mini" / "broken-cuda" / "bad.cu").write_text("__global__ void k() { undeclared_thing(); }\n")
    (cache / "mini" / "ours").mkdir(parents=True)
    # CUDA and HIP have graphs; standard SYCL does not: left in place, reported, and the type-check fails.
    (cache / "mini" / "ours" / "uses_unknown.cu").write_text(
        "#include <cuda_runtime.h>\nint main() { cudaGraph_t g; cudaGraphCreate(&g, 0); cudaGraphDestroy(g); }\n"
    )
    projects = tmp_path / "projects.toml"
    projects.write_text(PROJECTS)
    env_vars = {"GPUPORT_RWT_WORK": str(tmp_path / "work"), "GPUPORT_RWT_CACHE": str(tmp_path / "results")}
    proc = subprocess.run(
        [sys.executable, str(REPO / "bench" / "realworld_trees.py"), "--projects", str(projects), "--cache",
         str(cache), "--tools", "gpuport-hip,gpuport-sycl", "-j", "1", "--no-write"],
        capture_output=True, text=True, timeout=900, env={**os.environ, **env_vars},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    summary = json.loads(proc.stdout)
    assert summary["programs"] == 3 and summary["programs_cuda_ok"] == 2
    hip, sycl = summary["columns"]["gpuport-hip"], summary["columns"]["sycl-typecheck"]
    assert (hip["programs_ok"], sycl["programs_ok"]) == (2, 1), summary
    assert sycl["failed_programs_by_owner"] == {"translator": 1}
    # A re-run reads every program's result from the cache (keyed by project commit and fingerprint).
    again = subprocess.run(
        proc.args, capture_output=True, text=True, timeout=300, env={**os.environ, **env_vars}
    )
    assert json.loads(again.stdout)["columns"] == summary["columns"]


def _hip_record(*failures: str | None) -> dict[str, object]:
    """A program's gpuport-hip column with one unit per entry: None compiled, else the failure's owner."""
    units = {
        f"u{i}.cu": {
            "gpuport-hip": {"ok": True} if owner is None else {"ok": False, "failure": {"owner": owner}}
        }
        for i, owner in enumerate(failures)
    }
    return {"gpuport-hip": all(owner is None for owner in failures), "units": units}


def test_gpu_bundle_ships_hip_that_failed_here_only_for_the_environment() -> None:
    # Debian's ROCm lacks rocThrust/hipBLAS/...; the GPU machine's HIP-on-CUDA layer has them, so such a
    # program's HIP goes to the GPU run. A translator-owned or reported failure keeps it home.
    sys.path.insert(0, str(REPO / "bench" / "realworld"))
    from rwt_device import hip_builds_on_the_gpu_machine

    assert hip_builds_on_the_gpu_machine(_hip_record(None, None))
    assert hip_builds_on_the_gpu_machine(_hip_record(None, "environment", "environment"))
    assert not hip_builds_on_the_gpu_machine(_hip_record("environment", "translator"))
    assert not hip_builds_on_the_gpu_machine(_hip_record("reported"))
    assert not hip_builds_on_the_gpu_machine({})  # not translated at all
