"""The Ray executor on a real local cluster: three nodes on loopback, each advertising one toolchain resource.

`gpuport build --executor ray` must route each stage to the node with its resource (the hipcc compile on
the hipcc node, ...), record where every stage ran, and leave the same rows in the store as a local build.
The cluster is stopped at the end by killing exactly the processes that belong to its temp folder.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'ray[default]')")

from gpuport.dataset import toolchains  # noqa: E402
from gpuport.dataset.store import Store  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SUITE = REPO / "bench" / "suite"
TASKS = ["saxpy-grid-stride", "vector-add-float4"]
# What must be equal between the local and the Ray build (not ids, times, paths or evidence order).
COMPARED = (
    "pair_key",
    "task",
    "target",
    "cuda_hash",
    "translated_hash",
    "level",
    "compiles_on",
    "runs_on",
    "compare_basis",
    "unconverted",
    "translated_files",
    "diagnostics",
    "options",
    "capabilities",
    "notes",
)
NODE_ARGS = ["--num-cpus=1", "--object-store-memory=200000000", "--disable-usage-stats"]
ENV = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}


def _need_tools() -> list[str]:
    missing = []
    if shutil.which("ray") is None:
        missing.append("ray CLI")
    if not toolchains.nvcc().usable:
        missing.append("nvcc")
    if not toolchains.hipcc().usable:
        missing.append("hipcc")
    if not toolchains.sycl_headers().usable:
        missing.append("SYCL headers (intel-sycl-rt)")
    return missing


def _stop_cluster(temp_dir: str) -> None:
    """Kill the processes of this cluster only: those whose command line names its temp folder."""
    me = os.getpid()
    for _ in range(3):
        pids = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == me:
                continue
            try:
                cmd = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if temp_dir.encode() in cmd:
                pids.append(int(entry))
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.5)


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    missing = _need_tools()
    if missing:
        print(f"skipping the Ray cluster test: missing {', '.join(missing)}")
        pytest.skip(f"missing {', '.join(missing)}")
    # A short folder: Ray puts unix sockets under it and socket paths are limited to 107 bytes.
    temp_dir = tempfile.mkdtemp(prefix="gpray-", dir="/tmp")
    common = [*NODE_ARGS, "--node-ip-address=127.0.0.1", f"--temp-dir={temp_dir}"]
    sycl_res = {"sycl": 1}
    if toolchains.acpp().usable:
        sycl_res["acpp"] = 1  # a local build uses acpp too; the cluster must be able to match it
    try:
        subprocess.run(
            ["ray", "start", "--head", "--port=0", "--include-dashboard=false", '--resources={"nvcc": 1}']
            + common,
            check=True,
            env=ENV,
            capture_output=True,
            timeout=180,
        )
        address = (Path(temp_dir) / "ray_current_cluster").read_text().strip()
        for res in ({"hipcc": 1}, sycl_res):
            subprocess.run(
                ["ray", "start", f"--address={address}", f"--resources={json.dumps(res)}"] + common,
                check=True,
                env=ENV,
                capture_output=True,
                timeout=180,
            )
        yield address
    finally:
        _stop_cluster(temp_dir)
        shutil.rmtree(temp_dir, ignore_errors=True)


def _build(store: Path, *extra: str) -> dict:
    cmd = [sys.executable, "-m", "gpuport", "build", "--suite", str(SUITE), "--store", str(store)]
    cmd += ["--tasks", ",".join(TASKS), "--to", "hip,sycl", "--max-level", "compiles"]
    cmd += ["--amd-arch", "gfx90a", "--no-isa", "--hip-version", "5.2", "--json", *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def _rows(store: Path) -> dict[tuple[str, str], dict]:
    with Store(store) as s:
        return {(r["task"], r["target"]): {k: r[k] for k in COMPARED} for r in s.pairs()}


@pytest.mark.slow
@pytest.mark.nvcc
@pytest.mark.hipcc
@pytest.mark.sycl
def test_ray_build_routes_stages_and_matches_local(cluster: str, tmp_path: Path) -> None:
    ray_db, local_db = tmp_path / "ray.db", tmp_path / "local.db"
    report = _build(ray_db, "--executor", "ray", "--address", cluster)
    assert report["built"] == 2 * len(TASKS) and report["errors"] == 0, report
    # The HIP translations of these tasks compile; the SYCL ones reach whatever the translator allows
    # today, checked below against the local build.
    assert {p["level"] for p in report["pairs"] if p["target"] == "hip"} == {"compiles"}, report["pairs"]

    with Store(ray_db) as s:
        nodes: dict[str, set[str]] = {}  # resource -> node ids its stages ran on
        for row in s.pairs():
            placements = [
                json.loads(e["content"]) for e in s.evidence(row["id"]) if e["stage"] == "placement"
            ]
            by_stage = {p["stage"]: p for p in placements}
            want = (
                {"translate", "cuda", "hip-amd"}
                if row["target"] == "hip"
                else {"translate", "cuda", "sycl-typecheck"}
            )
            assert want <= set(by_stage), (row["task"], row["target"], sorted(by_stage))
            for stage, resource in (("cuda", "nvcc"), ("hip-amd", "hipcc"), ("sycl-typecheck", "sycl")):
                if stage not in by_stage:
                    continue
                p = by_stage[stage]
                # Held one unit of the resource, on a node that advertises it.
                assert p["assigned_resources"].get(resource) == 1, p
                assert p["node_resources"].get(resource) == 1, p
                assert p["node_ip"] and p["hostname"] and p["pid"] > 0
                nodes.setdefault(resource, set()).add(p["node_id"])
        # One node per resource, and three different nodes: the stages were really spread out.
        assert all(len(ids) == 1 for ids in nodes.values()), nodes
        assert len({next(iter(ids)) for ids in nodes.values()}) == 3, nodes
        machine = json.loads(s.pairs()[0]["machine"])
        assert machine["toolchains"]["hipcc"]["version"] == toolchains.hipcc().version

    _build(local_db)
    ray_rows, local_rows = _rows(ray_db), _rows(local_db)
    assert set(ray_rows) == {(t, g) for t in TASKS for g in ("hip", "sycl")}
    assert ray_rows == local_rows

    # A second Ray build finds every pair finished (the cluster's capabilities equal the stored ones).
    again = _build(ray_db, "--executor", "ray", "--address", cluster)
    assert again["built"] == 0 and again["skipped"] == 2 * len(TASKS)


def test_transient_failures_are_recognised() -> None:
    from gpuport.dataset.build import Compiled
    from gpuport.dataset.ray_executor import _transient
    from gpuport.dataset.store import Evidence

    def compiled(content: str, ok: bool) -> Compiled:
        return Compiled(ok, "hipcc x", None, [Evidence("compile", "log", "c", content, ok=ok)])

    assert _transient([compiled("$ hipcc a.hip\n# rc=-9 reason=oom wall_s=1.0\n", False)]) == "oom"
    assert (
        _transient([compiled("$ hipcc\n# rc=-9 reason=signal:SIGKILL wall_s=1\n", False)]) == "signal:SIGKILL"
    )
    # A real compile error is not retried, nor is a successful compile.
    assert _transient([compiled("$ hipcc\n# rc=1 reason=None wall_s=1\nerror: x\n", False)]) is None
    assert _transient([compiled("$ hipcc\n# rc=0 reason=None wall_s=1\n", True)]) is None


def test_pack_unpack_round_trip(tmp_path: Path) -> None:
    from gpuport.dataset.ray_executor import pack_dir, unpack_dir

    src = tmp_path / "a"
    (src / "sub").mkdir(parents=True)
    (src / "x.cu").write_text("__global__ void k() {}\n")
    (src / "sub" / "y.h").write_bytes(b"\x00\x01binary")
    out = unpack_dir(pack_dir(src), tmp_path / "b")
    assert (out / "x.cu").read_text() == "__global__ void k() {}\n"
    assert (out / "sub" / "y.h").read_bytes() == b"\x00\x01binary"
