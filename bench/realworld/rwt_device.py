"""The GPU-run bundle of the real-world harness: what travels to the GPU machine, and what comes back.

`write_bundle` copies, for every program with a `run` spec whose CUDA builds here, the original program
(its folder and include folders, at their places in the project) and gpuport's HIP translation of the same
folders into BUNDLE/p/<id>/{cuda,hip}/, with manifest.json; bench/realworld/device_run.py builds and runs
them there in one call. `read_results` turns its results.json into the harness's run columns.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import device_run

REPO = Path(__file__).resolve().parents[2]
HIP_LAYER = REPO / "dataset" / "hip_on_cuda" / "include"
MAX_PROGRAM_BYTES = 8 * 2**20  # a program with big data files stays home (the bundle travels, 64 MiB)
_LIB_WORDS = ("cublas", "curand", "cufft", "cusparse", "cusolver")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def _copy(src: Path, dst: Path) -> None:
    shutil.copytree(
        src,
        dst,
        symlinks=False,
        ignore=shutil.ignore_patterns(".git", ".gpuport-cache.json"),
        dirs_exist_ok=True,
    )


def hip_builds_on_the_gpu_machine(hip: dict[str, Any]) -> bool:
    """Ship gpuport's HIP to the GPU machine when every unit compiled here, or when every unit that did
    not failed for this machine's lack (Debian's ROCm 5.2 has no rocThrust, hipCUB, hipBLAS, hipFFT, OpenMP
    headers for hipcc): there the HIP-on-CUDA layer provides those, so the run decides. A failure owned
    by the translator, or a name the translation reported as unsupported, stays home."""
    if hip.get("gpuport-hip"):
        return True
    failures = [u.get("gpuport-hip", {}) for u in hip.get("units", {}).values()]
    failed = [f for f in failures if not f.get("ok")]
    return bool(failed) and all((f.get("failure") or {}).get("owner") == "environment" for f in failed)


def write_bundle(
    dest: Path, recs: list[dict[str, Any]], projects: list[dict[str, Any]], h: Any, work: Path
) -> int:
    """One copy per project of the folders its runnable programs need (the CUDA original and gpuport's
    HIP translation), so programs sharing a folder (cuda-samples' Common) ship it once."""
    import cache as corpus
    from realworld_trees import folders_to_translate

    shutil.rmtree(dest, ignore_errors=True)
    (dest / "p").mkdir(parents=True)
    specs = {(p["name"], prog["path"]): (p, prog) for p in projects for prog in p.get("program", [])}
    manifest: dict[str, Any] = {"hip_layer": "hip_layer", "programs": []}
    _copy(HIP_LAYER, dest / "hip_layer")
    copied: set[tuple[str, str, Path]] = set()
    for r in recs:
        project, program = specs[(r["project"], r["program"])]
        if "run" not in program or not r.get("cuda_ok"):
            continue
        root = corpus.project_dir(Path(h.args.cache), project["name"]).resolve()
        pdir = (root / program["path"]).resolve()
        includes = [(pdir / i).resolve() for i in program.get("include", [])]
        folders = folders_to_translate(pdir, includes, root)
        if sum(_size(f) for f in folders) > MAX_PROGRAM_BYTES:
            continue
        hip = r["tools"].get("gpuport-hip", {})
        ship_hip = hip_builds_on_the_gpu_machine(hip)
        hip_root = work / "gpuport-hip" / f"{project['name']}-{h.tool_extra('gpuport-hip')[:12]}"
        for f in folders:
            rel = f.relative_to(root)
            if ("cuda", project["name"], rel) not in copied:
                _copy(f, dest / "p" / project["name"] / "cuda" / rel)
                copied.add(("cuda", project["name"], rel))
            if ship_hip and (hip_root / rel).is_dir() and ("hip", project["name"], rel) not in copied:
                _copy(hip_root / rel, dest / "p" / project["name"] / "hip" / rel)
                copied.add(("hip", project["name"], rel))
        text = " ".join(
            (pdir / u).read_text(errors="replace") for u in program["units"] if (pdir / u).is_file()
        ).lower()
        manifest["programs"].append(
            {
                "id": _slug(f"{project['name']}__{program['path']}"),
                "project": project["name"],
                "program": program["path"],
                "prog": program["path"],
                "units": program["units"],
                "include": program.get("include", []),
                "defines": program.get("defines", []),
                "run": program["run"],
                "pass": program.get("pass"),
                "libs": [w for w in _LIB_WORDS if w in text],
                "hip": ship_hip,
            }
        )
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return len(manifest["programs"])


def read_results(folder: Path, recs: list[dict[str, Any]], manifest: Path | None = None) -> dict[str, Any]:
    data = json.loads((folder / "results.json").read_text())
    specs: dict[str, Any] = {}
    if manifest is not None and manifest.is_file():
        specs = {p["id"]: p for p in json.loads(manifest.read_text())["programs"]}
    by_id = {r["id"]: r for r in data["programs"]}
    verdicts: dict[str, int] = {}
    per_program = []
    for r in recs:
        pid = _slug(f"{r['project']}__{r['program']}")
        got = by_id.get(pid)
        if got is None:
            continue
        spec = specs.get(pid, {"pass": got["pass"]} if "pass" in got else None)
        if spec is not None:  # compared again with today's rules (the PASS regex: manifest or results)
            got["verdict"] = device_run.verdict(spec, got)
        r["gpu_run"] = {"verdict": got["verdict"]}
        acpp = r.get("acpp_run")
        cuda = got.get("cuda", {})
        if acpp and acpp.get("verdict") == "ran" and cuda.get("built"):
            # No PASS line to look for: the SYCL program's output against the CUDA program's on the GPU,
            # numbers taken out (timings differ), exit statuses equal.
            same = acpp["rc"] == cuda["rc"] and device_run.normalise(
                acpp["stdout_tail"]
            ) == device_run.normalise(cuda["stdout_tail"])
            acpp["verdict"] = "same-output-as-cuda" if same else "output-differs-from-cuda"
        verdicts[got["verdict"]] = verdicts.get(got["verdict"], 0) + 1
        per_program.append({"program": f"{r['project']}/{r['program']}", "verdict": got["verdict"]})
    comparable = sum(v for k, v in verdicts.items() if k not in ("cuda-not-built", "cuda-fails-its-check"))
    return {
        "command": data.get("command"),
        "machine": data.get("machine"),
        "gpu": data.get("gpu"),
        "nvcc": data.get("nvcc"),
        "programs_run": len(per_program),
        "comparable": comparable,
        "runs_equal": verdicts.get("runs-equal", 0),
        "verdicts": verdicts,
        "per_program": per_program,
    }
