"""Real-world CUDA from PyPI sdists: gpuport (HIP and SYCL) against PyTorch's hipify (HIP).

    python3 bench/realworld.py [--per-package 6] [--jobs 2] [PACKAGE[==VER] ...]

For each package: take its sdist (cached under /tmp/gpuport-sdists, downloaded with pip when absent;
archives over 60 MB are skipped), list its .cu translation units, keep a deterministic sample (the TUs
whose sha256(path) sorts first), and

- translate each sampled TU and the local headers it includes with gpuport to HIP (--hip-version 5.2) and
  to SYCL, and with torch.utils.hipify (is_pytorch_extension=True, hip_clang_launch=True, as
  torch.utils.cpp_extension calls it) to HIP;
- count CUDA references left in each translated TU with ONE function for every tool (`cuda_refs_left`:
  gpuport's occurrence index applied to the output; a name counts when the target needs a different
  spelling for it, or it looks like CUDA and no table knows it; names the file declares itself are not
  counted);
- compile: HIP with Debian's hipcc for gfx90a (`-fsyntax-only`), SYCL with g++ `-fsyntax-only` against
  the intel-sycl-rt headers; include dirs are the TU's folder, the package's include-like folders, the CPU
  torch wheel's C++ headers and Python's headers.

Writes bench/results/realworld.{json,md,png}.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import RESULTS, provenance, save_figure, write_json, write_markdown  # noqa: E402
from gpuport.dataset.sources.local import cuda_files, local_headers  # noqa: E402
from gpuport.dataset.sources.pypi_sdist import (  # noqa: E402
    DEFAULT_CACHE,
    SdistError,
    download_sdist,
    licence_of,
    read_pkg_info,
    unpack,
)
from gpuport.dataset.toolchains import sycl_include_dir  # noqa: E402
from gpuport.transpile import parse as ts  # noqa: E402
from gpuport.transpile.context import CUDA_NAME, RuleContext  # noqa: E402
from gpuport.transpile.options import Options  # noqa: E402
from gpuport.transpile.tables import load_tables  # noqa: E402

from gpuport import translate  # noqa: E402

# gsplat, nerfacc, causal-conv1d, cupy and flash-attn could not be downloaded here: pip builds an sdist's
# metadata by running its setup.py, which needs a CUDA torch (the CPU wheel reports no CUDA_HOME) or CUDA
# library headers. pycuda and bitsandbytes 0.42.0 (the newest bitsandbytes sdist) ship no .cu files.
PACKAGES = [
    "torch-scatter==2.1.2",
    "torch-sparse==0.6.18",
    "torch-cluster==1.6.3",
    "torch-spline-conv==1.2.2",
    "deepspeed==0.19.8",
    "xformers==0.0.35",
    "xgboost",
    "lightgbm",
    "numba-cuda",
    "torch-harmonics==0.8.0",
    "faiss-cpu",
]
MAX_SDIST_BYTES = 60 * 2**20
WORK = Path("/tmp/gpuport-realworld")
TOOLS = ("gpuport-hip", "hipify-hip", "gpuport-sycl")
COMPILE_TIMEOUT_S = 300


# ------------------------------------------------------------------------------------------- counting


def cuda_refs_left(code: str, target: str) -> int:
    """CUDA references left in translated code; the same function for every tool's output."""
    data = code.encode("utf-8", "surrogateescape")
    opts = Options(target=target)  # type: ignore[arg-type]
    ctx = RuleContext(data, ts.parse(data), opts, load_tables(), "<out>")
    own = ctx.declared_names
    left = 0
    for occ in ctx.occurrences:
        if occ.name in own:
            continue
        e = occ.entry
        if e is None:
            left += bool(CUDA_NAME.fullmatch(occ.name))
            continue
        wanted = e.hip_name() if target == "hip" else e.sycl_name()
        left += wanted != occ.name
    return left


# ------------------------------------------------------------------------------------------- toolchain


def torch_includes() -> list[str]:
    try:
        import torch.utils.cpp_extension as ext
    except ImportError:
        return []
    return [str(p) for p in ext.include_paths()]


def package_includes(root: Path) -> list[str]:
    dirs = [root]
    for name in ("csrc", "include", "src", "csrc/include", "third_party"):
        if (root / name).is_dir():
            dirs.append(root / name)
    for p in sorted(root.rglob("include")):
        if p.is_dir() and len(dirs) < 16:
            dirs.append(p)
    return [str(d) for d in dict.fromkeys(dirs)]


def hip_cmd(src: Path, incs: list[str]) -> list[str]:
    return [
        "nice",
        "-n",
        "10",
        "hipcc",
        "-std=c++17",
        "--offload-arch=gfx90a",
        "-fsyntax-only",
        "-x",
        "hip",
        "-DWITH_CUDA",
        "-DTORCH_EXTENSION_NAME=ext",
        "-DTORCH_API_INCLUDE_EXTENSION_H",
        *(f"-I{d}" for d in incs),
        str(src),
    ]


def sycl_cmd(src: Path, incs: list[str], sycl_inc: str) -> list[str]:
    return [
        "nice",
        "-n",
        "10",
        "g++",
        "-std=c++17",
        "-fsyntax-only",
        "-x",
        "c++",
        "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING",
        "-DWITH_CUDA",
        "-DTORCH_EXTENSION_NAME=ext",
        f"-I{sycl_inc}",
        *(f"-I{d}" for d in incs),
        str(src),
    ]


_MISSING = re.compile(
    r"fatal error: '?([^':\n]+?)'?: No such file or directory|fatal error: '([^']+)' file not found"
)


def failure_reason(stderr: str) -> str:
    m = _MISSING.search(stderr)
    if m:
        return f"missing header {m.group(1) or m.group(2)}"
    for line in stderr.splitlines():
        if "error" in line:
            return re.sub(r"^\S+:\d+:\d+: ", "", line.strip())[:160]
    return stderr.strip().splitlines()[-1][:160] if stderr.strip() else "unknown"


def run_compile(cmd: list[str]) -> dict[str, Any]:
    env = {**os.environ, "HIP_PLATFORM": "amd"}
    t0 = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S, env=env)
        ok, err = proc.returncode == 0, proc.stderr
    except subprocess.TimeoutExpired:
        ok, err = False, f"error: timed out after {COMPILE_TIMEOUT_S} s"
    return {"ok": ok, "reason": "" if ok else failure_reason(err), "wall_s": round(time.monotonic() - t0, 1)}


# ------------------------------------------------------------------------------------------- translating


def sample_tus(root: Path, k: int) -> tuple[list[Path], int]:
    tus = cuda_files(root)
    ranked = sorted(tus, key=lambda p: hashlib.sha256(p.relative_to(root).as_posix().encode()).hexdigest())
    return sorted(ranked[:k]), len(tus)


def gpuport_translate(src_root: Path, dst_root: Path, files: list[Path], target: str) -> dict[str, int]:
    """Translate the given files in a copy of the tree, in place (same names); returns unconverted counts."""
    left: dict[str, int] = {}
    for f in files:
        rel = f.relative_to(src_root)
        out = dst_root / rel
        res = translate(f.read_bytes(), to=target, hip_version="5.2", path=rel.as_posix())  # type: ignore[arg-type]
        out.write_text(res.code, encoding="utf-8", errors="surrogateescape")
        left[rel.as_posix()] = res.stats.total_unconverted
    return left


def hipify_translate(tree: Path, files: list[Path]) -> dict[str, Path]:
    """Run torch's hipify over the given files of `tree` (a copy); returns TU rel path -> hipified file."""
    import contextlib
    import io

    from torch.utils.hipify import hipify_python

    with contextlib.redirect_stdout(io.StringIO()):  # hipify prints a banner per call
        result = _hipify(hipify_python, tree, files)
    out: dict[str, Path] = {}
    for f in files:
        r = result.get(str(f)) or result.get(os.path.abspath(str(f)))
        path = getattr(r, "hipified_path", None) if r is not None else None
        out[f.relative_to(tree).as_posix()] = Path(path) if path else f
    return out


def _hipify(hipify_python: Any, tree: Path, files: list[Path]) -> Any:
    return hipify_python.hipify(
        project_directory=str(tree),
        output_directory=str(tree),
        includes=[str(f) for f in files],
        header_include_dirs=[],
        show_detailed=False,
        show_progress=False,
        is_pytorch_extension=True,
        hip_clang_launch=True,
    )


def prepare(spec: str, per_package: int) -> dict[str, Any]:
    """Download/unpack one package, translate its sampled TUs with every tool, count refs left.
    Returns the package record with a list of compile jobs still to run."""
    rec: dict[str, Any] = {"spec": spec}
    try:
        archive = download_sdist(spec, DEFAULT_CACHE)
    except SdistError as err:
        rec["error"] = str(err)
        return rec
    size = archive.stat().st_size
    rec.update(archive=archive.name, sdist_bytes=size)
    if size > MAX_SDIST_BYTES:
        rec["error"] = f"sdist is {size / 2**20:.0f} MB (over 60 MB): skipped"
        return rec
    base = WORK / archive.name.replace(".", "_")
    shutil.rmtree(base, ignore_errors=True)
    root = unpack(archive, base / "src")
    pkg = read_pkg_info(root)
    rec.update(package=pkg["name"], version=pkg["version"], licence=licence_of(root, pkg))
    tus, total = sample_tus(root, per_package)
    rec.update(tus_total=total, tus_sampled=len(tus), sampled=[t.relative_to(root).as_posix() for t in tus])
    if not tus:
        rec["error"] = "no .cu files in the sdist"
        return rec
    trees = {}
    for tool in TOOLS:
        trees[tool] = base / tool
        shutil.copytree(root, trees[tool], symlinks=True)
    incs_common = torch_includes() + [sysconfig.get_paths()["include"]]
    sycl_inc = sycl_include_dir()
    rows = []
    jobs = []
    t0 = time.monotonic()
    for tu in tus:
        rel = tu.relative_to(root).as_posix()
        files = [tu, *local_headers(tu, root)]
        row: dict[str, Any] = {
            "tu": rel,
            "refs_in_cuda": cuda_refs_left(tu.read_text(errors="replace"), "hip"),
        }
        for tool in TOOLS:
            tree = trees[tool]
            target = "sycl" if tool.endswith("sycl") else "hip"
            if tool.startswith("gpuport"):
                gpuport_translate(root, tree, files, target)
                out_tu = tree / rel
            else:
                mapping = hipify_translate(tree, [tree / f.relative_to(root) for f in files])
                out_tu = mapping[rel]
            code = out_tu.read_text(errors="surrogateescape")
            row[f"{tool}_refs_left"] = cuda_refs_left(code, target)
            incs = [str(out_tu.parent), *package_includes(tree), *incs_common]
            if target == "hip":
                jobs.append((rec, row, tool, hip_cmd(out_tu, incs)))
            elif sycl_inc is not None:
                jobs.append((rec, row, tool, sycl_cmd(out_tu, incs, str(sycl_inc))))
            else:
                row[f"{tool}_compile"] = {
                    "ok": False,
                    "reason": "no SYCL headers (pip install intel-sycl-rt)",
                }
        rows.append(row)
    rec["translate_s"] = round(time.monotonic() - t0, 1)
    rec["rows"] = rows
    rec["_jobs"] = jobs
    return rec


def summarise(rec: dict[str, Any]) -> dict[str, Any]:
    rows = rec.get("rows", [])
    s: dict[str, Any] = {"tus": len(rows), "refs_in_cuda": sum(r["refs_in_cuda"] for r in rows)}
    for tool in TOOLS:
        s[f"{tool}_refs_left"] = sum(r[f"{tool}_refs_left"] for r in rows)
        s[f"{tool}_clean_tus"] = sum(1 for r in rows if r[f"{tool}_refs_left"] == 0)
        s[f"{tool}_compiles"] = sum(1 for r in rows if r.get(f"{tool}_compile", {}).get("ok"))
        results = [r[f"{tool}_compile"] for r in rows if f"{tool}_compile" in r]
        reasons = collections.Counter(c["reason"] for c in results if not c["ok"])
        s[f"{tool}_top_failure"] = reasons.most_common(1)[0][0] if reasons else ""
    return s


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("packages", nargs="*", default=PACKAGES)
    ap.add_argument("--per-package", type=int, default=6, help="TUs sampled per package (deterministic)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel compiles")
    ap.add_argument(
        "--no-compile", action="store_true", help="translate and count only (compile columns: not run)"
    )
    ap.add_argument("--replot", action="store_true", help="only redraw the PNG from the recorded JSON")
    args = ap.parse_args(argv)
    if args.replot:
        data = json.loads((RESULTS / "realworld.json").read_text())
        plot([r for r in data["packages"] if "summary" in r], data)
        return 0
    t_start = time.monotonic()
    recs = []
    for spec in args.packages:
        print(f"[realworld] preparing {spec}", file=sys.stderr, flush=True)
        recs.append(prepare(spec, args.per_package))
    jobs = [j for r in recs for j in r.pop("_jobs", [])]
    print(f"[realworld] {len(jobs)} compiles", file=sys.stderr, flush=True)

    def work(job: tuple[dict[str, Any], dict[str, Any], str, list[str]]) -> None:
        _, row, tool, cmd = job
        row[f"{tool}_compile"] = run_compile(cmd)

    if args.no_compile:
        for _, row, tool, _cmd in jobs:
            row[f"{tool}_compile"] = {"ok": False, "reason": "not run (--no-compile)", "skipped": True}
    else:
        with ThreadPoolExecutor(args.jobs) as pool:
            list(pool.map(work, jobs))
    for r in recs:
        if "rows" in r:
            r["summary"] = summarise(r)
    write_results(recs, args, time.monotonic() - t_start, argv)
    return 0


def versions() -> dict[str, str]:
    def first_line(cmd: list[str]) -> str:
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
            text = (out.stdout or out.stderr).strip().splitlines()
            return next((ln for ln in text if "version" in ln.lower()), text[0] if text else "")
        except (OSError, subprocess.TimeoutExpired):
            return "absent"

    try:
        import torch

        torch_v = torch.__version__
    except ImportError:
        torch_v = "absent"
    import gpuport

    return {
        "gpuport": gpuport.__version__,
        "torch (hipify)": torch_v,
        "hipcc": first_line(["hipcc", "--version"]),
        "g++": first_line(["g++", "--version"]),
        "sycl headers": str(sycl_include_dir()),
    }


def write_results(
    recs: list[dict[str, Any]], args: argparse.Namespace, wall: float, argv: list[str] | None
) -> None:
    prov = provenance(argv if argv is not None else sys.argv)
    ok = [r for r in recs if "summary" in r]
    total: dict[str, Any] = collections.Counter()
    for r in ok:
        for k, v in r["summary"].items():
            if isinstance(v, int):
                total[k] += v
    data = {
        **prov,
        "versions": versions(),
        "per_package_sample": args.per_package,
        "wall_s": round(wall, 1),
        "counting": "cuda_refs_left(): gpuport occurrence index on the output, one function for all tools",
        "packages": recs,
        "total": dict(total),
    }
    write_json("realworld", data)
    head = [
        "package",
        "version",
        "licence",
        "TUs (sampled/all)",
        "CUDA refs in input",
        "refs left gpuport-hip",
        "refs left hipify",
        "refs left gpuport-sycl",
        "hipcc ok gpuport",
        "hipcc ok hipify",
        "SYCL check ok gpuport",
        "main compile failure",
    ]
    table = [head]
    for r in recs:
        if "summary" not in r:
            table.append(
                [
                    r.get("package", r["spec"]),
                    r.get("version", ""),
                    r.get("licence", ""),
                    "-",
                    "-",
                    "-",
                    "-",
                    "-",
                    "-",
                    "-",
                    "-",
                    r.get("error", "")[:120],
                ]
            )
            continue
        s = r["summary"]
        n = s["tus"]
        reason = s["gpuport-hip_top_failure"] or s["hipify-hip_top_failure"] or s["gpuport-sycl_top_failure"]
        table.append(
            [
                r["package"],
                r["version"],
                r["licence"][:40],
                f"{n}/{r['tus_total']}",
                str(s["refs_in_cuda"]),
                str(s["gpuport-hip_refs_left"]),
                str(s["hipify-hip_refs_left"]),
                str(s["gpuport-sycl_refs_left"]),
                *(
                    (
                        f"{s['gpuport-hip_compiles']}/{n}",
                        f"{s['hipify-hip_compiles']}/{n}",
                        f"{s['gpuport-sycl_compiles']}/{n}",
                    )
                    if not args.no_compile
                    else ("not run",) * 3
                ),
                reason.replace("|", "/")[:120] if not args.no_compile else "",
            ]
        )
    n = total.get("tus", 0)
    table.append(
        [
            "**total**",
            "",
            "",
            str(n),
            str(total.get("refs_in_cuda", 0)),
            str(total.get("gpuport-hip_refs_left", 0)),
            str(total.get("hipify-hip_refs_left", 0)),
            str(total.get("gpuport-sycl_refs_left", 0)),
            *(
                (
                    f"{total.get('gpuport-hip_compiles', 0)}/{n}",
                    f"{total.get('hipify-hip_compiles', 0)}/{n}",
                    f"{total.get('gpuport-sycl_compiles', 0)}/{n}",
                )
                if not args.no_compile
                else ("not run",) * 3
            ),
            "",
        ]
    )
    v = data["versions"]
    notes = (
        f"Sample: at most {args.per_package} .cu files per package, the ones whose sha256(relative path) sorts "
        "first (deterministic). CUDA refs are counted in the translated TU only (not its headers) with one "
        "function for all tools (bench/realworld.py `cuda_refs_left`). HIP: `HIP_PLATFORM=amd hipcc -std=c++17 "
        "--offload-arch=gfx90a -fsyntax-only -x hip` with the TU's folder, the package's include-like folders, "
        "the CPU torch wheel's headers and Python's headers. SYCL: `g++ -std=c++17 -fsyntax-only` with the "
        "intel-sycl-rt headers and the same folders. hipify runs as torch.utils.cpp_extension runs it "
        "(is_pytorch_extension=True, hip_clang_launch=True) over the TU and its local headers.\n\n"
        f"Versions: {', '.join(f'{k} {val}' for k, val in v.items())}. Total wall time {wall:.0f} s on a machine "
        "shared with other jobs."
    )
    write_markdown(
        "realworld", "Real-world CUDA from PyPI sdists: gpuport vs torch hipify", table, prov, notes
    )
    plot(ok, prov)


def plot(recs: list[dict[str, Any]], prov: dict[str, Any]) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    if not recs:
        return
    names = [r["package"] for r in recs]
    x = range(len(names))
    compiled = not any(
        c.get("skipped") for r in recs for row in r["rows"] for c in row.values() if isinstance(c, dict)
    )
    fig, axes = plt.subplots(1, 2 if compiled else 1, figsize=(13 if compiled else 7, 4.5), squeeze=False)
    a1, a2 = axes[0][0], axes[0][-1]
    w = 0.27
    for k, tool in enumerate(TOOLS):
        a1.bar([i + (k - 1) * w for i in x], [r["summary"][f"{tool}_refs_left"] for r in recs], w, label=tool)
        if not compiled:
            continue
        a2.bar(
            [i + (k - 1) * w for i in x],
            [r["summary"][f"{tool}_compiles"] / max(r["summary"]["tus"], 1) for r in recs],
            w,
            label=tool,
        )
    panels = [(a1, "CUDA references left (sampled TUs)")]
    panels += [(a2, "share of sampled TUs that compile")] if compiled else []
    for ax, title in panels:
        ax.set_xticks(list(x))
        ax.set_xticklabels(names, rotation=35, ha="right", fontsize=8)
        ax.set_title(title)
        ax.legend(fontsize=8)
    fig.tight_layout()
    save_figure(fig, "realworld", prov)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
