"""Real-world CUDA trees as the daily yardstick: translate whole programs as a user would, compile every
translation unit with the real compilers, classify every failure.

    python3 bench/realworld/cache.py                 # lay out the corpus (fetched repositories, sdists)
    python3 bench/realworld_trees.py [-j 2] [--only NAME[/PATH]] [--tools gpuport-hip,gpuport-sycl,hipify-perl]
                                     [--hipify-perl FILE] [--device-bundle DIR] [--device-results DIR]

For every program of `bench/realworld/projects.toml`:

- **CUDA** (the reference): every translation unit with nvcc for sm_90 (`-c`). A program one of whose
  units fails is excluded from the percentages (its failures are the original's).
- **gpuport-hip**: `gpuport translate PROGRAM -o OUT --to hip --hip-version 5.2 --hip-headers EXTRA` (the CLI,
  as a user runs it; EXTRA: the ROCm library headers and ROCm 5.7's hip_bf16.h that setup.sh unpacks beside
  the 5.2 install), then every unit with Debian's hipcc for gfx90a (`-c`, ROCm 5.2, EXTRA on -isystem).
- **gpuport-sycl**: `gpuport translate PROGRAM -o OUT --to sycl`, then every unit type-checked by g++
  against the DPC++ headers of intel-sycl-rt (`-fsyntax-only`), and built by AdaptiveCpp for the CPU
  (`acpp --acpp-targets=omp -c`) when `acpp` is on PATH (else that column says why not).
- **hipify-perl** (the peer, same run): its script run on a copy of every source file of the program, then
  the same hipcc compile. Give the script with `--hipify-perl` (from the public HIPIFY repository; never
  committed); without it the column is absent and the results say so.

Include folders outside the program folder (`-I../common`) are translated too, by the same tool, each as
a tree of its own, into the same relative place of a per-project output root, so relative includes and
`-I` flags keep working; folders inside another translated folder are not translated twice.

Every failure is classified from its first error (bench/realworld/classify.py): the original's, the
environment's (a library this machine lacks: hipCUB, rocThrust, hip_bf16, torch ...), or the
translator's, with a short class name. CUDA references left are counted in every translated file with one
function for every tool (bench/realworld.py's `cuda_refs_left`).

Resumable: each program's result is cached under `~/.cache/gpuport/realworld-results/`, keyed by the
project's commit, the program, the tool and (for gpuport) the translator's fingerprint (a hash of
gpuport's rule sources and tables), so a re-run after a rule change redoes exactly the gpuport columns.

Runs (programs with a `run` spec): `--device-bundle DIR` writes the CUDA original and the gpuport-HIP
output of every such program that builds, with a script, for ONE batched call on the GPU machine (HIP
runs there through gpuport's HIP-on-CUDA headers); `--device-results DIR` reads what that call wrote.

Writes bench/results/realworld_trees.{json,md}.
"""

from __future__ import annotations

import argparse
import collections
import functools
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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "realworld"))
import cache as corpus  # noqa: E402  (bench/realworld/cache.py)
from classify import classify  # noqa: E402  (bench/realworld/classify.py)
from common import RESULTS, provenance, write_json  # noqa: E402
from gpuport.dataset.toolchains import hip_extra_include  # noqa: E402
from gpuport.transpile.tree import within  # noqa: E402

PROJECTS = HERE / "realworld" / "projects.toml"


@functools.cache
def _hip_libs() -> tuple[Path, str] | None:
    """The ROCm library headers setup.sh unpacked (toolchains.hip_extra_include), read once a run: every
    hipcc command and every HIP result key asks."""
    return hip_extra_include()


WORK = Path(os.environ.get("GPUPORT_RWT_WORK", "/tmp/gpuport-rwt"))
RESULT_CACHE = Path(os.environ.get("GPUPORT_RWT_CACHE", Path.home() / ".cache/gpuport/realworld-results"))
TOOLS = ("gpuport-hip", "gpuport-sycl", "hipify-perl")
SOURCE_EXT = {
    ".cu",
    ".cuh",
    ".h",
    ".hpp",
    ".hh",
    ".hxx",
    ".cpp",
    ".cc",
    ".cxx",
    ".c",
    ".inl",
    ".inc",
    ".cuinl",
}
COMPILE_TIMEOUT_S = 300
TRANSLATE_TIMEOUT_S = 1200
# A GPU benchmark run on 2 CPU cores (AdaptiveCpp's library-only CPU backend runs work-items as fibers):
# past this it is reported as a time-out, not a failure of the translation.
ACPP_RUN_TIMEOUT_S = 90


# ------------------------------------------------------------------------------------------ identity


def translator_fingerprint() -> str:
    """The translator fingerprint (gpuport.transpile.fingerprint: a hash of the rule sources, tables and
    version) of the package this interpreter imports (a worktree's, when the baseline runs from one)."""
    from gpuport.transpile.fingerprint import translator_fingerprint as fingerprint

    return fingerprint()


def file_hash(path: Path | None) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16] if path and path.is_file() else "none"


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_") or "root"


# ------------------------------------------------------------------------------------------ toolchain


def sycl_include() -> str | None:
    from gpuport.dataset.toolchains import sycl_include_dir

    inc = sycl_include_dir()
    return str(inc) if inc else None


def torch_includes() -> list[str]:
    try:
        import torch.utils.cpp_extension as ext
    except ImportError:
        return []
    return [str(p) for p in ext.include_paths()] + [sysconfig.get_paths()["include"]]


def cuda_library_includes() -> list[str]:
    """cuBLAS/cuFFT/cuRAND/cuSPARSE headers of the pip CUDA toolkit (site-packages/nvidia/cu*/include)."""
    base = Path(sysconfig.get_paths()["purelib"]) / "nvidia"
    return [str(p) for p in sorted(base.glob("cu*/include")) if p.is_dir()]


def run(cmd: list[str], cwd: Path | None = None, timeout: float = COMPILE_TIMEOUT_S) -> tuple[int, str]:
    env = {**os.environ, "HIP_PLATFORM": "amd"}
    try:
        proc = subprocess.run(
            cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=timeout, env=env
        )
        return proc.returncode, proc.stderr + proc.stdout
    except subprocess.TimeoutExpired:
        return 124, f"error: timed out after {timeout} s"
    except OSError as err:
        return 127, f"error: cannot run {cmd[0]}: {err}"


def lang_flags(unit: Path, tool: str) -> list[str]:
    """How each tool's compiler is told what a unit is: the way the project's build would."""
    ext = unit.suffix.lower()
    if tool == "cuda":
        return ["-x", "cu"] if ext in (".cu", ".cuh") else []  # nvcc: .c as C, .cpp as C++ (host)
    if tool in ("gpuport-hip", "hipify-perl"):
        if ext == ".c":
            return ["-x", "c"]
        return ["-x", "hip"] if ext in (".cu", ".hip", ".cuh") else []
    return ["-x", "c++"] if ext != ".c" else ["-x", "c"]


def compile_cmd(
    tool: str, unit: Path, incs: list[str], defines: list[str], sycl_inc: str | None
) -> list[str]:
    d = [f"-D{x}" for x in defines]
    i = [f"-I{x}" for x in incs]
    if tool == "cuda":
        # The flags the corpus's builds share (projects.toml's header); the CUDA library headers of the
        # pip toolkit sit apart from nvcc's own.
        std = [] if unit.suffix == ".c" else ["-std=c++17", "--extended-lambda", "--expt-relaxed-constexpr"]
        libs = [f"-I{p}" for p in cuda_library_includes()]
        cmd = ["nvcc", *std, "-arch=sm_90", *lang_flags(unit, tool), "-c", str(unit), "-o", os.devnull]
        return [*cmd, "-w", *d, *i, *libs]
    if tool in ("gpuport-hip", "hipify-perl"):
        std = [] if unit.suffix == ".c" else ["-std=c++17"]
        # -fsyntax-only: the front end for host and gfx90a device code, as the suite's HIP checks do (the
        # back end adds minutes over the corpus and finds nothing a translation changes).
        # hipBLAS/hipCUB/rocThrust headers Debian 12 lacks, where setup.sh unpacked them (both tools alike).
        extra = _hip_libs()
        lib = ["-isystem", str(extra[0])] if extra else []
        return [
            "hipcc", *std, "--offload-arch=gfx90a", *lang_flags(unit, tool), "-fsyntax-only", str(unit),
            "-w", *d, *i, *lib,
        ]  # fmt: skip
    if tool == "sycl-typecheck":
        assert sycl_inc is not None
        return [
            "g++", "-std=c++17", "-fsyntax-only", *lang_flags(unit, tool), "-w",
            "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING", f"-I{sycl_inc}", *d, *i, str(unit),
        ]  # fmt: skip
    if tool == "sycl-acpp" and unit.suffix == ".c":
        return [
            "cc",
            "-c",
            str(unit),
            "-o",
            os.devnull,
            "-w",
            *d,
            *i,
        ]  # C units: the C compiler, as builds do
    if tool == "sycl-acpp":
        return [
            "acpp",
            "--acpp-targets=omp",
            "-std=c++17",
            "-O1",
            "-c",
            str(unit),
            "-o",
            os.devnull,
            "-w",
            *d,
            *i,
        ]
    raise ValueError(tool)


# ------------------------------------------------------------------------------------------ translating


def folders_to_translate(program: Path, includes: list[Path], root: Path) -> list[Path]:
    """The program folder and its include folders inside the project, minus those inside another."""
    cands = [program] + [p for p in includes if p.is_dir() and within(p, root)]
    cands = sorted({c.resolve() for c in cands}, key=lambda p: len(p.parts))
    kept: list[Path] = []
    for c in cands:
        if not any(c == k or k in c.parents for k in kept):
            kept.append(c)
    return kept


def gpuport_translate(folder: Path, out: Path, target: str) -> dict[str, Any]:
    report = out.parent / (out.name + f".{target}.report.json")
    report.parent.mkdir(parents=True, exist_ok=True)  # gpuport refuses a report path in a missing folder
    cmd = [
        sys.executable, "-m", "gpuport", "translate", str(folder), "-o", str(out), "--to", target,
        "--report-json", str(report), "-q", "--no-progress", "--force",
    ]  # fmt: skip
    if target == "hip":
        cmd += ["--hip-version", "5.2"]
        # The headers hipcc is given beside its own are the target's too (ROCm 5.7's hip_bf16.h).
        libs = _hip_libs()
        if libs is not None:
            cmd += ["--hip-headers", str(libs[0])]
    t0 = time.monotonic()
    # Not from the checkout's folder: `python -m gpuport` puts the working folder first on sys.path, and
    # the interpreter's own gpuport (a worktree's, for a baseline) must be the one that runs.
    rc, text = run(cmd, cwd=report.parent, timeout=TRANSLATE_TIMEOUT_S)
    rec: dict[str, Any] = {"rc": rc, "translate_s": round(time.monotonic() - t0, 2)}
    try:
        data = json.loads(report.read_text())
        rec["outputs"] = {f["path"]: f.get("output") or f["path"] for f in data.get("files", [])}
        left = [
            d
            for f in data.get("files", [])
            for d in f.get("diagnostics", [])
            if d.get("status") == "unconverted"
        ]
        rec["unconverted"] = len(left)
        # What the translation said it left (classify.py: a failure there is `reported`, not the translator's).
        rec["reported"] = sorted({d["symbol"] for d in left if d.get("symbol")})
    except (OSError, ValueError):
        rec["outputs"] = {}
        rec["error"] = text[-2000:]
    return rec


def hipify_translate(folder: Path, out: Path, script: Path) -> dict[str, Any]:
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(folder, out, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    t0 = time.monotonic()
    fails = 0
    for p in sorted(out.rglob("*")):
        if p.is_file() and not p.is_symlink() and p.suffix.lower() in SOURCE_EXT:
            rc, _ = run(["perl", str(script), "-inplace", "-quiet-warnings", str(p)], timeout=120)
            fails += rc != 0
            backup = p.with_name(p.name + ".prehip")
            backup.unlink(missing_ok=True)
    return {"rc": 0 if not fails else 1, "translate_s": round(time.monotonic() - t0, 2), "outputs": {}}


def translate_project_folders(
    tool: str, project_root: Path, folders: list[Path], out_root: Path, hipify: Path | None
) -> dict[str, dict[str, Any]]:
    """Translate each folder (once per project and tool) into the same relative place under out_root."""
    done: dict[str, dict[str, Any]] = {}
    for f in folders:
        rel = f.relative_to(project_root.resolve()).as_posix()
        marker = out_root / ".gpuport-rwt" / (slug(rel) + ".json")
        if marker.is_file():
            rec = json.loads(marker.read_text())
            if tool == "hipify-perl" or "reported" in rec or "error" in rec:  # (older markers lack it)
                done[rel] = rec
                continue
        out = out_root / rel
        if tool == "hipify-perl":
            assert hipify is not None
            rec = hipify_translate(f, out, hipify)
        else:
            rec = gpuport_translate(f, out, "hip" if tool == "gpuport-hip" else "sycl")
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(json.dumps(rec))
        done[rel] = rec
    return done


def output_of(tool: str, rel_unit: str, recs: dict[str, dict[str, Any]]) -> str:
    """Where a unit (path relative to the project root) lands in the tool's output (SYCL renames .cu)."""
    for folder, rec in recs.items():
        prefix = "" if folder == "." else folder + "/"
        if rel_unit.startswith(prefix):
            inner = rel_unit[len(prefix) :]
            mapped = rec.get("outputs", {}).get(inner)
            if mapped:
                return prefix + mapped
    if tool == "gpuport-sycl" and rel_unit.endswith(".cu"):
        return rel_unit[:-3] + ".cpp"
    return rel_unit


# ------------------------------------------------------------------------------------------ counting


_refs_cache: dict[str, int] = {}


def refs_left(path: Path, target: str) -> int:
    from realworld import cuda_refs_left

    try:
        code = path.read_text(errors="surrogateescape")
    except OSError:
        return 0
    key = hashlib.sha256(code.encode("utf-8", "surrogateescape")).hexdigest() + target
    if key not in _refs_cache:
        try:
            _refs_cache[key] = cuda_refs_left(code, target)
        except Exception:  # noqa: BLE001  (a parse problem counts nothing, rather than stop the run)
            _refs_cache[key] = 0
    return _refs_cache[key]


# ------------------------------------------------------------------------------------------ one program


def program_key(project: dict[str, Any], program: dict[str, Any], tool: str, extra: str) -> str:
    h = hashlib.sha256(
        json.dumps([project["name"], project.get("commit"), program, tool, extra], sort_keys=True).encode()
    )
    return h.hexdigest()[:24]


def original_names(folders: list[Path]) -> set[str]:
    names: set[str] = set()
    for f in folders:
        for p in f.rglob("*"):
            if p.suffix.lower() in SOURCE_EXT:
                names.add(p.name)
    return names


class Harness:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.cache_dir = Path(args.cache)
        self.fp = translator_fingerprint()
        self.sycl_inc = sycl_include()
        self.acpp = None if args.no_acpp else shutil.which("acpp")
        self.hipify = Path(args.hipify_perl).resolve() if args.hipify_perl else None
        self.hipify_hash = file_hash(self.hipify)
        self.torch_incs = torch_includes()
        self.tools = [t for t in args.tools.split(",") if t]
        if "hipify-perl" in self.tools and self.hipify is None:
            print("[rwt] no --hipify-perl given: the hipify-perl column is left out", file=sys.stderr)
            self.tools.remove("hipify-perl")

    def tool_extra(self, tool: str) -> str:
        # The HIP columns also depend on which ROCm library headers hipcc finds (hip_extra_include).
        extra = _hip_libs()
        hip_libs = f"/hiplibs:{extra[1]}" if extra else ""
        if tool.startswith("gpuport"):
            return self.fp + (f"/acpp:{self.acpp}" if tool == "gpuport-sycl" else hip_libs)
        if tool == "hipify-perl":
            return self.hipify_hash + hip_libs
        return "nvcc"

    def cached(self, key: str) -> dict[str, Any] | None:
        path = RESULT_CACHE / f"{key}.json"
        if self.args.no_resume or not path.is_file():
            return None
        try:
            return json.loads(path.read_text())  # type: ignore[no-any-return]
        except ValueError:
            return None

    def store(self, key: str, rec: dict[str, Any]) -> None:
        RESULT_CACHE.mkdir(parents=True, exist_ok=True)
        tmp = RESULT_CACHE / f".{key}.tmp"
        tmp.write_text(json.dumps(rec))
        os.replace(tmp, RESULT_CACHE / f"{key}.json")

    def program(self, project: dict[str, Any], program: dict[str, Any]) -> dict[str, Any]:
        root = corpus.project_dir(self.cache_dir, project["name"])
        pdir = (root / program["path"]).resolve()
        rec: dict[str, Any] = {
            "project": project["name"],
            "program": program["path"],
            "units": list(program["units"]),
            "needs": sorted(set(project.get("needs", [])) | set(program.get("needs", []))),
            "self_checking": bool(program.get("pass")),  # the run spec names the program's own check
            "tools": {},
        }
        if not pdir.is_dir():
            rec["error"] = "program folder missing from the cache (run bench/realworld/cache.py)"
            return rec
        includes = [(pdir / i).resolve() for i in program.get("include", [])]
        folders = folders_to_translate(pdir, includes, root)
        names = original_names(folders)
        defines = list(program.get("defines", []))
        uses_torch = "torch" in rec["needs"] or "libtorch" in rec["needs"]
        extra_incs = self.torch_incs if uses_torch else []
        units = [(pdir / u).resolve() for u in program["units"]]
        rel_units = [u.relative_to(root.resolve()).as_posix() if within(u, root) else str(u) for u in units]

        def incs_for(base: Path, unit_out: Path) -> list[str]:
            # The unit's own folder first (as the compilers do), the program folder, its include folders,
            # mapped into the translated tree where they were translated.
            out = [str(unit_out.parent), str(base / pdir.relative_to(root.resolve()))]
            for inc in includes:
                out.append(str(base / inc.relative_to(root.resolve())) if within(inc, root) else str(inc))
            return out + extra_incs

        # CUDA, the reference.
        key = program_key(project, program, "cuda", "nvcc")
        cuda = self.cached(key)
        if cuda is None:
            cuda = {"units": {}}
            for u, ru in zip(units, rel_units, strict=True):
                rc, text = run(compile_cmd("cuda", u, incs_for(root.resolve(), u), defines, None))
                cuda["units"][ru] = {"ok": rc == 0, "stderr": "" if rc == 0 else text[-4000:]}
            self.store(key, cuda)
        cuda_ok = {ru: r["ok"] for ru, r in cuda["units"].items()}
        rec["cuda_ok"] = all(cuda_ok.values())
        rec["tools"]["cuda"] = {
            "ok": rec["cuda_ok"],
            "failures": [
                _failure(classify(r["stderr"], original_files=names, cuda_ok=False), ru)
                for ru, r in cuda["units"].items()
                if not r["ok"]
            ],
        }
        if not rec["cuda_ok"]:
            return rec  # excluded: nothing to match (the original does not build here)
        for tool in self.tools:
            key = program_key(project, program, tool, self.tool_extra(tool))
            res = self.cached(key)
            if res is not None:
                reclassify(res, tool, names, cuda_ok)  # the classifier may have learned since
            if res is None:
                res = self.run_tool(
                    tool, project, root, pdir, folders, units, rel_units, incs_for, defines, names, cuda_ok
                )
                self.store(key, res)
            rec["tools"][tool] = res
        sycl = rec["tools"].get("gpuport-sycl", {})
        if self.args.acpp_runs and self.acpp and "run" in program and sycl.get("sycl-acpp"):
            key = program_key(project, program, "sycl-acpp-run", self.tool_extra("gpuport-sycl"))
            got = self.cached(key)
            if got is None:
                got = self.acpp_run(project, program, root, pdir, sycl, incs_for, defines)
                self.store(key, got)
            rec["acpp_run"] = got
        return rec

    def acpp_run(
        self,
        project: dict[str, Any],
        program: dict[str, Any],
        root: Path,
        pdir: Path,
        sycl: dict[str, Any],
        incs_for: Any,
        defines: list[str],
    ) -> dict[str, Any]:
        """Build the SYCL translation with AdaptiveCpp for the CPU and run it as the program's README does.

        `omp.library-only`: the compiled CPU backend cannot split a kernel at a barrier when its body is
        in another translation unit than its launch, and multi-file programs do exactly that."""
        out_root = WORK / "gpuport-sycl" / f"{project['name']}-{self.tool_extra('gpuport-sycl')[:12]}"
        units = [out_root / e["output"] for e in sycl["units"].values()]
        incs: list[str] = []
        for u in units:
            incs += [i for i in incs_for(out_root, u) if i not in incs]
        exe = out_root / ".gpuport-rwt" / (slug(program["path"]) + ".acpp.exe")
        flags = [*(f"-D{d}" for d in defines), *(f"-I{i}" for i in incs)]
        # C units (a C main the translation kept C) with the C compiler, as the program's build does;
        # acpp, a C++ driver, links their objects with the SYCL units.
        inputs: list[str] = []
        rc, text = 0, ""
        for u in units:
            if u.suffix != ".c":
                inputs.append(str(u))
                continue
            obj = exe.with_name(f"{exe.stem}.{slug(str(u.relative_to(out_root)))}.o")
            rc, text = run(["cc", "-O2", "-w", "-c", str(u), "-o", str(obj), *flags], timeout=300)
            if rc != 0:
                break
            inputs.append(str(obj))
        if rc == 0:
            cmd = ["acpp", "--acpp-targets=omp.library-only", "-std=c++17", "-O2", "-w", *inputs]
            rc, text = run([*cmd, "-o", str(exe), *flags, "-lm"], timeout=900)
        if rc != 0:
            return {"built": False, "stderr": text[-2000:], "verdict": "acpp-link-fails"}
        prog_out = out_root / pdir.relative_to(root.resolve())
        t0 = time.monotonic()
        try:
            proc = subprocess.run(
                [str(exe), *program["run"]], cwd=prog_out, capture_output=True, text=True, errors="replace",
                timeout=ACPP_RUN_TIMEOUT_S,
            )  # fmt: skip
            rc, out = proc.returncode, proc.stdout + proc.stderr
        except subprocess.TimeoutExpired:
            rc, out = 124, f"timed out after {ACPP_RUN_TIMEOUT_S} s"
        got: dict[str, Any] = {
            "built": True,
            "rc": rc,
            "stdout_tail": out[-3000:],
            "wall_s": round(time.monotonic() - t0, 1),
        }
        pattern = program.get("pass")
        if rc == 124:
            got["verdict"] = "timeout"
        elif pattern:
            got["verdict"] = "pass" if rc == 0 and re.search(pattern, out) else "fail"
        else:
            got["verdict"] = "ran" if rc == 0 else f"exit {rc}"  # compared with the CUDA run's output later
        return got

    def run_tool(
        self,
        tool: str,
        project: dict[str, Any],
        root: Path,
        pdir: Path,
        folders: list[Path],
        units: list[Path],
        rel_units: list[str],
        incs_for: Any,
        defines: list[str],
        names: set[str],
        cuda_ok: dict[str, bool],
    ) -> dict[str, Any]:
        out_root = WORK / tool / f"{project['name']}-{self.tool_extra(tool)[:12]}"
        recs = translate_project_folders(tool, root.resolve(), folders, out_root, self.hipify)
        target = "sycl" if tool == "gpuport-sycl" else "hip"
        res: dict[str, Any] = {
            "translate_rc": max((r.get("rc", 0) for r in recs.values()), default=0),
            "translate_s": round(sum(r.get("translate_s", 0) for r in recs.values()), 2),
            "unconverted": sum(r.get("unconverted", 0) for r in recs.values()),
            "reported": sorted({s for r in recs.values() for s in r.get("reported", [])}),
            "units": {},
        }
        # HIP only: the SYCL columns keep counting reported gaps as the translator's (issue 18's business).
        reported = res["reported"] if target == "hip" else []
        # CUDA references left in every translated file of the program folder.
        prog_out = out_root / pdir.relative_to(root.resolve())
        res["refs_left"] = sum(
            refs_left(p, target)
            for p in prog_out.rglob("*")
            if p.is_file() and p.suffix.lower() in SOURCE_EXT
        )
        checks = (
            ["sycl-typecheck"] + (["sycl-acpp"] if self.acpp else []) if tool == "gpuport-sycl" else [tool]
        )
        if tool == "gpuport-sycl" and not self.sycl_inc:
            checks = []
            res["note"] = "no SYCL headers (pip install intel-sycl-rt)"
        for ru in rel_units:
            out_rel = output_of(tool, ru, recs)
            unit_out = out_root / out_rel
            entry: dict[str, Any] = {"output": out_rel}
            for check in checks:
                if check == "sycl-acpp" and not entry.get("sycl-typecheck", {}).get("ok"):
                    # What does not type-check does not build: AdaptiveCpp's compile (the costliest of
                    # all) runs only on units the DPC++ headers accept; the failure is the type-check's.
                    entry[check] = {"ok": False, "skipped": "type-check failed"}
                    continue
                if not unit_out.is_file():
                    text = f"error: {out_rel}: the translation wrote no such file"
                    entry[check] = {"ok": False, "stderr": text, "failure": _failure(
                        classify(text, original_files=names, cuda_ok=cuda_ok.get(ru, True)), ru
                    )}  # fmt: skip
                    continue
                t0 = time.monotonic()
                rc, text = run(
                    compile_cmd(check, unit_out, incs_for(out_root, unit_out), defines, self.sycl_inc)
                )
                c: dict[str, Any] = {"ok": rc == 0, "wall_s": round(time.monotonic() - t0, 1)}
                if rc != 0:
                    c["failure"] = _failure(
                        classify(
                            text,
                            original_files=names,
                            cuda_ok=cuda_ok.get(ru, True),
                            target=target,
                            reported=reported,
                        ),
                        ru,
                    )
                    c["stderr"] = text[-3000:]
                entry[check] = c
            res["units"][ru] = entry
        for check in checks:
            res[check] = all(e.get(check, {}).get("ok") for e in res["units"].values())
        if not self.acpp and tool == "gpuport-sycl":
            res["sycl-acpp-note"] = "acpp not on PATH: AdaptiveCpp column not run"
        return res


def reclassify(res: dict[str, Any], tool: str, names: set[str], cuda_ok: dict[str, bool]) -> None:
    """Classify a cached result's failures again from their stored compiler output."""
    target = "sycl" if tool == "gpuport-sycl" else "hip"
    for unit, entry in res.get("units", {}).items():
        for c in entry.values():
            if isinstance(c, dict) and "failure" in c and c.get("stderr"):
                f = classify(
                    c["stderr"],
                    original_files=names,
                    cuda_ok=cuda_ok.get(unit, True),
                    target=target,
                    reported=res.get("reported", ()) if target == "hip" else (),
                )
                c["failure"] = _failure(f, unit)


def _failure(f: Any, unit: str) -> dict[str, str]:
    return {"owner": f.owner, "kind": f.kind, "first_error": f.first_error, "file": f.file, "unit": unit}


# ------------------------------------------------------------------------------------------ summary


COLUMNS = {
    "gpuport-hip": ["gpuport-hip"],
    "hipify-perl": ["hipify-perl"],
    "gpuport-sycl": ["sycl-typecheck", "sycl-acpp"],
}


def _unit_failure(entry: dict[str, Any], check: str) -> dict[str, str] | None:
    c = entry.get(check, {})
    if "failure" in c:
        return c["failure"]  # type: ignore[no-any-return]
    if c.get("skipped"):  # not built because it did not type-check: that failure is the reason
        return entry.get("sycl-typecheck", {}).get("failure")  # type: ignore[no-any-return]
    return None


def summarise(recs: list[dict[str, Any]], tools: list[str]) -> dict[str, Any]:
    considered = [r for r in recs if r.get("cuda_ok")]
    s: dict[str, Any] = {
        "projects": len({r["project"] for r in recs}),
        "programs": len(recs),
        "units": sum(len(r["units"]) for r in recs),
        "programs_cuda_ok": len(considered),
        "units_in_cuda_ok_programs": sum(len(r["units"]) for r in considered),
        "columns": {},
    }
    for tool in tools:
        for check in COLUMNS[tool]:
            progs = [r for r in considered if check in r["tools"].get(tool, {})]
            if not progs:
                continue
            ok = sum(1 for r in progs if r["tools"][tool][check])
            units = [e.get(check, {}) for r in progs for e in r["tools"][tool]["units"].values()]
            unit_ok = sum(1 for e in units if e.get("ok"))
            owners: collections.Counter[str] = collections.Counter()
            kinds: collections.Counter[str] = collections.Counter()
            prog_owner: collections.Counter[str] = collections.Counter()
            for r in progs:
                fails = [f for e in r["tools"][tool]["units"].values() if (f := _unit_failure(e, check))]
                for f in fails:
                    owners[f["owner"]] += 1
                    kinds[f"{f['owner']}:{f['kind']}"] += 1
                if fails:
                    # A program fails for the translator if any unit does (ours to fix), else for the rest.
                    owner = (
                        "translator" if any(f["owner"] == "translator" for f in fails) else fails[0]["owner"]
                    )
                    prog_owner[owner] += 1
            s["columns"][check] = {
                "programs": len(progs),
                "programs_ok": ok,
                "programs_ok_pct": round(100 * ok / len(progs), 1),
                "units": len(units),
                "units_ok": unit_ok,
                "units_ok_pct": round(100 * unit_ok / len(units), 1) if units else 0.0,
                "failed_programs_by_owner": dict(prog_owner),
                "failed_units_by_owner": dict(owners),
                "failed_units_by_class": dict(kinds.most_common()),
                "programs_ok_but_environment": ok + prog_owner.get("environment", 0),
            }
        progs = [r for r in considered if tool in r["tools"]]
        if tool == "gpuport-sycl":
            runs = [r for r in considered if "acpp_run" in r]
            if runs:
                s["acpp_runs"] = {
                    "programs": len(runs),
                    "verdicts": dict(collections.Counter(r["acpp_run"]["verdict"] for r in runs)),
                    "self_checking_pass": sum(1 for r in runs if r["acpp_run"]["verdict"] == "pass"),
                    # issue 18's measure: of the self-checking programs that build as CUDA, how many pass
                    "self_checking_programs": sum(1 for r in considered if r.get("self_checking")),
                }
        s[f"{tool}_refs_left"] = sum(r["tools"][tool].get("refs_left", 0) for r in progs)
        s[f"{tool}_programs_no_refs_left"] = sum(
            1 for r in progs if r["tools"][tool].get("refs_left", 0) == 0
        )
    return s


def write_outputs(recs: list[dict[str, Any]], summary: dict[str, Any], h: Harness, wall: float) -> None:
    prov = provenance()
    name, label = h.args.name, h.args.label
    data = {
        **prov,
        "translator_fingerprint": h.fp,
        "hipify_perl_sha256_16": h.hipify_hash if h.hipify else None,
        "acpp": h.acpp or "absent",
        "wall_s": round(wall, 1),
        "summary": summary,
        "programs": [_strip(r) for r in recs],
    }
    data["label"] = label
    write_json(name, data)
    m = prov["machine"]
    lines = [
        "# Real-world CUDA trees: whole programs translated and compiled" + (f" ({label})" if label else ""),
        "",
        f"Command: `{prov['command']}`  ",
        f"Commit: `{prov['commit']}` (translator fingerprint `{h.fp}`)  ",
        f"Date: {prov['date']}  ",
        f"Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gib']} GiB, {m['os']}  ",
        f"Corpus: `bench/realworld/projects.toml` — {summary['projects']} projects, {summary['programs']} programs, "
        f"{summary['units']} translation units; {summary['programs_cuda_ok']} programs build as CUDA "
        f"(nvcc sm_90) and are the denominator below.  ",
        f"AdaptiveCpp: {h.acpp or 'not on PATH (column not run)'}; hipify-perl: "
        f"{'sha256 ' + h.hipify_hash if h.hipify else 'not given (column not run)'}",
        "",
        "| column | programs all-TUs ok | % | TUs ok | % | failed programs by owner | ok if environment were complete |",
        "|---|---|---|---|---|---|---|",
    ]
    for check, c in summary["columns"].items():
        owners = ", ".join(f"{k} {v}" for k, v in sorted(c["failed_programs_by_owner"].items()))
        lines.append(
            f"| {check} | {c['programs_ok']}/{c['programs']} | {c['programs_ok_pct']} | {c['units_ok']}/{c['units']} "
            f"| {c['units_ok_pct']} | {owners or '-'} | {c['programs_ok_but_environment']}/{c['programs']} |"
        )
    lines += [
        "",
        "CUDA references left (same counting function for every tool, translated files of the program folder;"
        " for SYCL it mostly counts host code the SYCL pack leaves alone on purpose: `printf`, `pow`, `exp`, `sqrt`"
        " called on the host, whose table spelling is a `sycl::` function; compare that line only with itself):",
        "",
    ]
    for tool in h.tools:
        lines.append(
            f"- {tool}: {summary.get(f'{tool}_refs_left', 0)} left; "
            f"{summary.get(f'{tool}_programs_no_refs_left', 0)} programs with none"
        )
    lines += ["", "## Failed translation units by class", ""]
    for check, c in summary["columns"].items():
        lines.append(f"### {check}")
        lines.append("")
        for k, v in c["failed_units_by_class"].items():
            lines.append(f"- {k}: {v}")
        lines.append("")
    lines += [
        "## Per program",
        "",
        "| project | program | TUs | CUDA | " + " | ".join(summary["columns"]) + " |",
    ]
    lines.append("|---|---|---|---|" + "---|" * len(summary["columns"]))
    for r in recs:
        cells = []
        for check in summary["columns"]:
            tool = next(t for t, cs in COLUMNS.items() if check in cs)
            t = r["tools"].get(tool, {})
            if check not in t:
                cells.append("-")
                continue
            if t[check]:
                cells.append("ok")
                continue
            fails = [f for e in t["units"].values() if (f := _unit_failure(e, check))]
            f = next((x for x in fails if x["owner"] == "translator"), fails[0] if fails else None)
            cells.append(f"{f['owner']}:{f['kind']}" if f else "fail")
        cuda = "ok" if r.get("cuda_ok") else ("missing" if "error" in r else "fails")
        lines.append(
            f"| {r['project']} | {r['program']} | {len(r['units'])} | {cuda} | " + " | ".join(cells) + " |"
        )
    if "acpp_runs" in summary:
        a = summary["acpp_runs"]
        lines += [
            "",
            "## SYCL runs with AdaptiveCpp on this CPU (`--acpp-runs`)",
            "",
            f"{a['programs']} programs with a run spec whose SYCL built; verdicts: "
            + ", ".join(f"{k} {v}" for k, v in sorted(a["verdicts"].items()))
            + (
                f". Self-checking programs that build as CUDA: {a['self_checking_programs']}; their SYCL passes its "
                f"own check in {a['self_checking_pass']} "
                f"({100 * a['self_checking_pass'] / a['self_checking_programs']:.1f}%; those whose SYCL does not build "
                "count as not passing)"
                if a.get("self_checking_programs")
                else ""
            )
            + f". `pass`: the program's own check passed; `same-output-as-cuda`: no check, output equal to the"
            f" CUDA run on the GPU; `timeout`: still running after {ACPP_RUN_TIMEOUT_S} s (a GPU benchmark on"
            " 2 CPU cores).",
            "",
            "| program | verdict |",
            "|---|---|",
        ]
        lines += [
            f"| {r['project']}/{r['program']} | {r['acpp_run']['verdict']} |" for r in recs if "acpp_run" in r
        ]
    if "runs" in summary:
        lines += ["", "## Runs on the GPU machine", "", "```", json.dumps(summary["runs"], indent=1), "```"]
    (RESULTS / f"{name}.md").write_text("\n".join(lines) + "\n")


def _strip(r: dict[str, Any]) -> dict[str, Any]:
    """The JSON record without long compiler texts (the first error stays with each failure)."""
    out = json.loads(json.dumps(r))
    for t in out.get("tools", {}).values():
        for e in t.get("units", {}).values():
            for c in e.values():
                if isinstance(c, dict):
                    c.pop("stderr", None)
    return out


# ------------------------------------------------------------------------------------------ main


def select(projects: list[dict[str, Any]], only: list[str]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    out = []
    for p in projects:
        for prog in p.get("program", []):
            ident = f"{p['name']}/{prog['path']}"
            if only and not any(ident == o or p["name"] == o or ident.startswith(o + "/") for o in only):
                continue
            out.append((p, prog))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--projects", default=str(PROJECTS))
    ap.add_argument("--cache", default=os.environ.get("GPUPORT_REALWORLD_CACHE", str(corpus.DEFAULT_CACHE)))
    ap.add_argument("-j", "--jobs", type=int, default=2, help="programs worked on at once")
    ap.add_argument("--only", action="append", default=[], help="NAME or NAME/PATH (repeatable)")
    ap.add_argument("--tools", default=",".join(TOOLS))
    ap.add_argument("--hipify-perl", default=os.environ.get("HIPIFY_PERL"), help="the hipify-perl script")
    ap.add_argument("--no-resume", action="store_true", help="ignore cached program results")
    ap.add_argument("--device-bundle", help="write the GPU-run bundle into this folder")
    ap.add_argument("--device-results", help="read the GPU-run results from this folder")
    ap.add_argument("--no-write", action="store_true", help="print the summary only")
    ap.add_argument("--no-acpp", action="store_true", help="leave the AdaptiveCpp column out (a quick run)")
    ap.add_argument(
        "--acpp-runs",
        action="store_true",
        help="build the SYCL translation of every program with a run spec with AdaptiveCpp and run it on the CPU",
    )
    ap.add_argument(
        "--name",
        default="realworld_trees",
        help="results file name under bench/results (default realworld_trees)",
    )
    ap.add_argument(
        "--label",
        default="",
        help="what this run measures, for the results' title (e.g. the translator's commit)",
    )
    args = ap.parse_args(argv)
    projects = corpus.load_projects(Path(args.projects))
    work = select(projects, args.only)
    h = Harness(args)
    t0 = time.monotonic()
    recs: list[dict[str, Any]] = []
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = [pool.submit(h.program, p, prog) for p, prog in work]
        for i, fut in enumerate(futures, 1):
            r = fut.result()
            recs.append(r)
            status = " ".join(
                f"{t}={'ok' if all(v for k, v in res.items() if k in ('gpuport-hip', 'hipify-perl', 'sycl-typecheck')) else 'x'}"
                for t, res in r["tools"].items()
                if t != "cuda"
            )
            print(
                f"[rwt {i}/{len(work)} {time.monotonic() - t0:6.0f}s] {r['project']}/{r['program']}: "
                f"cuda={'ok' if r.get('cuda_ok') else 'x'} {status}",
                file=sys.stderr,
                flush=True,
            )
    runs = None
    if args.device_results:
        import rwt_device

        # Before the summary: it sets the verdicts; the bundle's manifest holds the programs' PASS regexes.
        manifest = Path(args.device_bundle or HERE / ".rwt-bundle") / "manifest.json"
        runs = rwt_device.read_results(Path(args.device_results), recs, manifest)
    summary = summarise(recs, h.tools)
    if runs is not None:
        summary["runs"] = runs
    if args.device_bundle:
        import rwt_device

        n = rwt_device.write_bundle(Path(args.device_bundle), recs, projects, h, WORK)
        print(f"[rwt] device bundle: {n} programs in {args.device_bundle}", file=sys.stderr)
    print(json.dumps(summary, indent=1))
    if not args.no_write and not args.only:
        write_outputs(recs, summary, h, time.monotonic() - t0)
    elif not args.no_write:
        print("[rwt] --only given: bench/results not written (a partial run)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
