"""Build and run the real-world programs of a bundle on the GPU machine: the CUDA original and gpuport's
HIP translation (through gpuport's HIP-on-CUDA headers), and compare what they print.

    python3 bench/realworld/device_run.py BUNDLE OUT_DIR [-j 14]

Written by `bench/realworld_trees.py --device-bundle BUNDLE` (manifest.json + the program trees); run in
ONE call on the GPU machine (the bundle travels with the working tree); `--device-results OUT_DIR` reads
results.json back. Standard library only: that machine has the CUDA toolkit and python3, nothing of ours
installed.

Each unit is compiled on its own (`.c` as C, everything else as CUDA; HIP sources through the header layer
with `-x cu`), then linked with nvcc. Each program runs with a time limit in its own folder, as its README
runs it. Verdicts: `pass-regex` (the program's own check printed PASS, for both), `same-output` (no regex:
exit status and stdout equal), or the first difference.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

BUILD_TIMEOUT_S = 300
TAIL_CHARS = 3000
RUN_TIMEOUT_S = 60
LIBS = {
    "cublas": "-lcublas",
    "curand": "-lcurand",
    "cufft": "-lcufft",
    "cusparse": "-lcusparse",
    "cusolver": "-lcusolver",
}


def sh(cmd: list[str], cwd: Path, timeout: float) -> tuple[int, str, float]:
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=timeout)
        return p.returncode, p.stdout + p.stderr, time.monotonic() - t0
    except subprocess.TimeoutExpired as err:
        out = err.stdout.decode(errors="replace") if isinstance(err.stdout, bytes) else (err.stdout or "")
        return 124, out + f"\ntimed out after {timeout} s", time.monotonic() - t0


def build(
    side: str, root: Path, spec: dict[str, Any], hip_layer: Path, work: Path
) -> tuple[Path | None, str]:
    prog = root / spec["prog"]
    incs = [f"-I{prog}"] + [f"-I{(prog / i).resolve()}" for i in spec.get("include", [])]
    defs = [f"-D{d}" for d in spec.get("defines", [])]
    base = ["nvcc", "-arch=sm_90", "-O2", "-w", *defs, *incs]
    if side == "hip":
        base += [f"-I{hip_layer}", "-D__HIP_PLATFORM_NVIDIA__"]
    objs = []
    work.mkdir(parents=True, exist_ok=True)
    for i, unit in enumerate(spec["units"]):
        obj = work / f"u{i}.o"
        src = prog / unit
        if src.suffix == ".c":
            cmd = [*base, "-x", "c", "-c", str(src), "-o", str(obj)]
        elif src.suffix in (".cpp", ".cc", ".cxx"):  # host files, as the project's build compiles them
            cmd = [*base, "-std=c++17", "-c", str(src), "-o", str(obj)]
        else:
            cmd = [
                *base,
                "-std=c++17",
                "--extended-lambda",
                "--expt-relaxed-constexpr",
                "-x",
                "cu",
                "-c",
                str(src),
                "-o",
                str(obj),
            ]
        rc, out, _ = sh(cmd, prog, BUILD_TIMEOUT_S)
        if rc != 0:
            return None, f"compile {unit}: {out[-1500:]}"
        objs.append(str(obj))
    exe = work / "prog"
    libs = [flag for word, flag in LIBS.items() if word in spec.get("libs", [])]
    rc, out, _ = sh(["nvcc", "-arch=sm_90", *objs, "-o", str(exe), *libs], prog, BUILD_TIMEOUT_S)
    return (exe, "") if rc == 0 else (None, f"link: {out[-1500:]}")


def one(bundle: Path, spec: dict[str, Any], hip_layer: Path, scratch: Path) -> dict[str, Any]:
    res: dict[str, Any] = {"id": spec["id"], "pass": spec.get("pass")}
    for side in ("cuda", "hip"):
        root = bundle / "p" / spec["project"] / side
        if not root.is_dir() or (side == "hip" and not spec.get("hip")):
            res[side] = {"built": False, "why": "not in the bundle (its HIP translation does not compile)"}
            continue
        exe, why = build(side, root, spec, hip_layer, scratch / spec["id"] / side)
        if exe is None:
            res[side] = {"built": False, "why": why}
            continue
        rc, out, wall = sh([str(exe), *spec.get("run", [])], root / spec["prog"], RUN_TIMEOUT_S)
        res[side] = {"built": True, "rc": rc, "stdout_tail": out[-TAIL_CHARS:], "wall_s": round(wall, 3)}
    res["verdict"] = verdict(spec, res)
    return res


_NUMBERS = re.compile(r"[-+]?\d+\.?\d*(?:[eE][-+]?\d+)?")


def verdict(spec: dict[str, Any], res: dict[str, Any]) -> str:
    c, h = res.get("cuda", {}), res.get("hip", {})
    if not c.get("built"):
        return "cuda-not-built"
    if not h.get("built"):
        return "hip-not-built"
    pattern = spec.get("pass")
    if pattern:
        c_ok = c["rc"] == 0 and re.search(pattern, c["stdout_tail"]) is not None
        h_ok = h["rc"] == 0 and re.search(pattern, h["stdout_tail"]) is not None
        if not c_ok:
            return "cuda-fails-its-check"
        return "runs-equal" if h_ok else "hip-fails-check"
    if c["rc"] != h["rc"]:
        return f"exit-differs ({c['rc']} vs {h['rc']})"
    return "runs-equal" if normalise(c["stdout_tail"]) == normalise(h["stdout_tail"]) else "output-differs"


def normalise(text: str) -> str:
    """Output as compared across versions: numbers out (timings differ run to run), the executable's own
    path out (`prog Starting...`), and, for a tail cut at TAIL_CHARS, its first (partial) line out."""
    if len(text) >= TAIL_CHARS:
        text = text.split("\n", 1)[-1]
    text = re.sub(r"\S*/prog\b", "PROG", text)
    return _NUMBERS.sub("#", text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("-j", "--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 2))
    args = ap.parse_args()
    args.bundle = args.bundle.resolve()  # builds and runs happen in each program's own folder
    manifest = json.loads((args.bundle / "manifest.json").read_text())
    hip_layer = (args.bundle / manifest["hip_layer"]).resolve()
    scratch = Path("/tmp/rwt-device")
    gpu = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True).stdout.strip()
    nvcc = (
        subprocess.run(["nvcc", "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-1:]
    )
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda s: one(args.bundle, s, hip_layer, scratch), manifest["programs"]))
    args.out.mkdir(parents=True, exist_ok=True)
    # What produced the file and where: the command as given (relative to the checkout it ran in) and the
    # machine, beside the GPU and the compiler.
    command = "python3 bench/realworld/device_run.py " + " ".join(
        [str(a) for a in sys.argv[1:] if a != str(args.out)] + ["$OUT"]
    )
    machine = {
        "host_cpus": os.cpu_count(),
        "platform": platform.platform(),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    (args.out / "results.json").write_text(
        json.dumps(
            {"command": command, "machine": machine, "gpu": gpu, "nvcc": nvcc, "programs": results}, indent=1
        )
    )
    counts: dict[str, int] = {}
    for r in results:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    print(json.dumps(counts, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
