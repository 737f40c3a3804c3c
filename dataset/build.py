"""The verification pipeline: translate a suite task, compile and run both sides, compare, time, record.

Shape (so a distributed executor can run it later):
- `PairJob` holds everything one (task, target) needs: the task, the build options, a snapshot of this
  machine's toolchains (`Machine`), a scratch folder, and the CUDA reference results the store already
  has. It is a plain picklable dataclass.
- Stages are plain functions of a job and earlier stage outcomes; none touches the store.
- `run_task(jobs)` is the unit of work handed to an executor: it compiles and runs the CUDA original once
  and then each target's translation, and returns one `PairResult` per job.
- `build(...)` is the driver: it loads the suite, skips pairs the store has finished, hands the rest to
  an executor, and alone writes results to the store (one transaction per pair).

A level is claimed only with its evidence: `translated` needs the translation report, `compiles` the
compiler logs naming toolchain and target, `runs-equal` the run outputs of both sides on named hardware
(or, for SYCL on a CPU without a CUDA run, the program's own self-check), `perf-measured` the timed runs
of both sides on the same device.
"""

from __future__ import annotations

import contextlib
import datetime
import fcntl
import json
import os
import re
import shutil
import tempfile
import time
import tomllib
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from . import compare as cmp
from . import isolation, sandbox, toolchains
from .cudalibs import nvcc_include_args
from .store import LEVELS, Evidence, PairResult, RunRecord, Store, TaskRecord, pair_key, tree_hash
from .suite import Task, load_suite, load_suite_lenient

TARGETS = ("hip", "sycl")
DEFAULT_AMD_ARCHS = ("gfx90a", "gfx1030")
COMPILE_TIMEOUT_S = 600.0
COMPILE_MEM_BYTES = 16 * 1024**3  # clang/cicc on a big template TU stay well under this
HOST_RUN_MEM_BYTES = 8 * 1024**3  # CPU runs (SYCL on AdaptiveCpp's OpenMP backend)
# GPU runs: the CUDA driver reserves tens of GiB of virtual address space (under an 8 GiB RLIMIT_AS it does
# not start), and `cudaMallocAsync`'s memory pool reserves more than 64 GiB of it (the suite's
# cub-device-reduce failed with out of memory under a 64 GiB RLIMIT_AS on the H200). So GPU runs cap the
# data segment (RLIMIT_DATA), what a runaway program takes of the host's memory, not the address space;
# device memory is not counted.
GPU_RUN_MEM_BYTES = 64 * 1024**3
CPU_RUN_TIMEOUT_FACTOR = 10
CPU_RUN_MIN_TIMEOUT_S = 120
CPU_RUN_MAX_TIMEOUT_S = 900  # the hard cap, whatever the task asks for


# ---------------------------------------------------------------- options and the machine snapshot


@dataclass(frozen=True)
class BuildOptions:
    targets: tuple[str, ...] = ("hip",)
    hip_version: str | None = None  # None: the installed hipcc's
    # Include folders of HIP headers the hipcc has beyond its release (toolchains.hip_extra_include: ROCm
    # 5.7's hip_bf16.h beside a 5.2 hipcc): the HIP translation may use what they declare. Set by build().
    hip_headers: tuple[str, ...] = ()
    amd_archs: tuple[str, ...] = DEFAULT_AMD_ARCHS
    cuda_arch: str = "sm_90"
    repeat: int = 5  # timed runs after one warm-up
    max_level: str = "perf-measured"  # stop early (e.g. "translated" for a quick corpus pass)
    isa: bool = True  # collect SASS and AMD ISA
    keep_scratch: bool = False
    # Programs that may run on one GPU at once. 1 (the default) keeps timed runs exclusive; more is for
    # correctness sweeps of many small programs, where process start-up dominates. Shared runs give no
    # time ratio: their kernel times are not parity evidence.
    gpu_share: int = 1
    # Compiles and runs happen inside bubblewrap (dataset/isolation.py). build() refuses to compile or run
    # without it unless trust_tasks is set ("container": --runner docker, whose containers isolate).
    isolation: str = "bwrap"  # bwrap | none | container
    trust_tasks: bool = False
    # A folder of compile results keyed by everything a compile reads (toolchain version, flags, targets,
    # the bytes of every input file): a rebuild after a rule change recompiles only the translations that
    # changed, and the CUDA originals not at all. None: every compile runs.
    compile_cache: str | None = None
    # False: no AdaptiveCpp build even where acpp is found (SYCL's compile evidence is then the type-check
    # against the DPC++ headers); a corpus pass at scale, where acpp's front end costs ~10 s a unit.
    acpp_build: bool = True
    # True: when the CUDA original does not compile, its translations are not compiled either (they stay
    # at `translated`, with a note). A corpus build at scale wants this: about half of the units of real
    # trees do not compile alone, and such a pair can never be a corpus pair. The real-world yardstick
    # keeps compiling them (a translation may compile where nvcc 13 rejects the original).
    skip_broken_originals: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "isolation": self.isolation,
            "targets": list(self.targets),
            "hip_version": self.hip_version,
            "hip_headers": list(self.hip_headers),
            "amd_archs": list(self.amd_archs),
            "cuda_arch": self.cuda_arch,
            "repeat": self.repeat,
            "max_level": self.max_level,
            "isa": self.isa,
            "gpu_share": self.gpu_share,
            "compile_cache": self.compile_cache is not None,
            "acpp_build": self.acpp_build,
            "skip_broken_originals": self.skip_broken_originals,
        }

    def wants(self, level: str) -> bool:
        return LEVELS.index(level) <= LEVELS.index(self.max_level)


@dataclass(frozen=True)
class Machine:
    """What this machine has, detected once by the driver and shipped to workers with each job."""

    nvcc: toolchains.Toolchain
    hipcc: toolchains.Toolchain
    sycl_headers: toolchains.Toolchain
    acpp: toolchains.Toolchain
    icpx: toolchains.Toolchain
    cuobjdump: toolchains.Toolchain
    gpus: tuple[toolchains.Gpu, ...] = ()

    @classmethod
    def detect(cls) -> Machine:
        return cls(
            toolchains.nvcc(),
            toolchains.hipcc(),
            toolchains.sycl_headers(),
            toolchains.acpp(),
            toolchains.icpx(),
            toolchains.cuobjdump(),
            toolchains.nvidia_gpus(),
        )

    @property
    def gpu(self) -> toolchains.Gpu | None:
        return self.gpus[0] if self.gpus else None

    @property
    def can_run_cuda(self) -> bool:
        return self.nvcc.usable and bool(self.gpus)

    def capabilities(self, options: BuildOptions) -> list[str]:
        """What a build here can verify; a stored pair is redone when a later machine can verify more."""
        caps = ["translate"]
        if not options.wants("compiles"):
            return caps
        if self.nvcc.usable:
            caps.append("nvcc")
        if self.hipcc.usable:
            caps += [f"hipcc:{a}" for a in options.amd_archs]
        if self.sycl_headers.usable:
            caps.append("sycl-typecheck")
        if self.acpp.usable and options.acpp_build:
            caps.append("acpp")
        if options.wants("runs-equal") and self.can_run_cuda:
            caps.append(f"gpu:{self.gpus[0].name}")
        return caps

    def to_dict(self) -> dict[str, Any]:
        return {
            "toolchains": {
                t.name: {"version": t.version, "usable": t.usable, "path": t.path, **t.details}
                for t in (self.nvcc, self.hipcc, self.sycl_headers, self.acpp, self.icpx, self.cuobjdump)
            },
            "gpus": [g.label() for g in self.gpus],
            "host_cpus": os.cpu_count(),
        }


@dataclass
class PairJob:
    task: Task
    target: str
    workdir: str  # scratch folder of this task (shared by its targets, each in a subfolder)
    options: BuildOptions
    machine: Machine
    key: str
    task_record: TaskRecord
    reference: dict[str, list[str]] | None = None  # CUDA GPU RESULTs from an earlier build
    reference_hardware: str | None = None
    lock_dir: str | None = None  # where GPU locks live (one GPU program at a time per GPU)


# ---------------------------------------------------------------- stage outcomes


@dataclass
class Translated:
    ok: bool  # no CUDA left and no file errors
    parses: bool  # tree-sitter finds no syntax error its input did not have (a compiler may overrule)
    src_dir: Path
    sources: list[Path]  # translated translation units, in task order
    files: dict[str, str]
    unconverted: int
    diagnostics: list[dict[str, Any]]
    evidence: list[Evidence]
    notes: list[str] = field(default_factory=list)
    # The CUDA spellings left in the files the build reads, and whether nothing but them kept `ok` false:
    # a compiled pair's preprocessor then decides whether they reach the compiler (dataset/liveness.py).
    left: list[str] = field(default_factory=list)
    ok_but_left: bool = False


@dataclass
class Compiled:
    ok: bool
    label: str  # "hipcc 5.2.21153-0 gfx90a" — toolchain and target, as claimed in compiles_on
    binary: Path | None
    evidence: list[Evidence]


@dataclass
class RunSeries:
    side: str
    hardware: str
    records: list[RunRecord]
    outputs: list[cmp.ParsedOutput]  # timed runs only
    ok: bool  # every run exited 0 and printed PASS
    median_ms: float | None


# ---------------------------------------------------------------- helpers


def _log_evidence(stage: str, name: str, res: sandbox.SandboxResult, toolchain: str | None) -> Evidence:
    return Evidence(stage, "log", name, res.log(), ok=res.ok, toolchain=toolchain, argv=res.argv, rc=res.rc)


def _compile(
    argv: list[str], cwd: Path, stage: str, name: str, toolchain: str, env: dict[str, str] | None = None
) -> tuple[sandbox.SandboxResult, Evidence]:
    full_env = {**os.environ, **(env or {})}
    res = sandbox.run(
        argv,
        cwd,
        timeout_s=COMPILE_TIMEOUT_S,
        cpu_s=COMPILE_TIMEOUT_S * 2,
        mem_bytes=COMPILE_MEM_BYTES,
        env=full_env,
    )
    return res, _log_evidence(stage, name, res, toolchain)


def task_record(task: Task) -> TaskRecord:
    """The task as stored: its files (the sidecar origin.toml goes to `origin`, not to the files), the
    hash of its code (the origin and the copied licence text left out, so one program from two sources
    is one pair), its build/run spec."""
    from .sources import ORIGIN_FILE
    from .sources.realworld import LICENCE_COPY

    files: dict[str, str] = {}
    raw: dict[str, bytes] = {}
    origin: dict[str, Any] = {}
    for p in task.all_files:
        rel = p.relative_to(task.path).as_posix()
        data = p.read_bytes()
        if rel == ORIGIN_FILE:
            try:
                origin = tomllib.loads(data.decode("utf-8", "replace"))
            except tomllib.TOMLDecodeError:
                origin = {"origin": "unknown", "error": "origin.toml does not parse"}
            continue
        files[rel] = data.decode("utf-8", "replace")
        if rel != LICENCE_COPY:
            raw[rel] = data
    spec = task_spec(task)
    return TaskRecord(
        task.name,
        task.domain,
        task.difficulty,
        task.description,
        list(task.features),
        spec,
        tree_hash(raw),
        files,
        origin,
    )


def task_spec(task: Task) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "sources": list(task.sources),
        "flags": list(task.build_flags),
        "libs": list(task.libs),
        "args": list(task.run_args),
        "timeout_s": task.timeout_s,
        "compare": {"mode": task.compare_mode, "rtol": task.rtol, "atol": task.atol},
    }
    if not task.link:  # only when set, so the pair keys of linked tasks stay what they were
        spec["link"] = False
    return spec


def absolute_includes(flags: list[str] | tuple[str, ...], base: Path) -> list[str]:
    """Task flags with relative `-I` folders made absolute under `base` (the task folder, or the folder
    its translation was written to): compilers run in a scratch folder, not in the task folder. Named
    roots outside the task (`-I@torch`, dataset/include_roots.py) become this machine's folders."""
    from .include_roots import expand

    out = []
    for f in expand(flags):
        if f.startswith("-I") and len(f) > 2 and not Path(f[2:]).is_absolute():
            out.append(f"-I{(base / f[2:]).as_posix()}")
        else:
            out.append(f)
    return out


def hipcc_flags(flags: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """nvcc task flags translated for hipcc (clang): kept, mapped, or dropped with a note."""
    kept, notes = [], []
    for f in flags:
        if f in ("-rdc=true", "--relocatable-device-code=true", "-dc"):
            kept.append("-fgpu-rdc")
        elif f.startswith(("-O", "-D", "-I", "-U", "-std=", "-g")) or f in ("-w",):
            kept.append(f)
        elif f in ("--use_fast_math", "-use_fast_math"):
            kept.append("-ffast-math")
        else:
            notes.append(f"nvcc flag {f!r} has no hipcc counterpart; dropped")
    return kept, notes


STD_FLAG = "-std=c++"  # a task's language standard (-std=c++20), which the SYCL commands keep


def host_flags(flags: tuple[str, ...]) -> list[str]:
    """The task flags a plain C++ (SYCL) compiler understands. A task's `-std=` (a C++20 project's own)
    comes after the checks' -std=c++17 and wins, as it does in the nvcc command."""
    return [f for f in flags if f.startswith(("-O", "-D", "-I", "-U", "-g", STD_FLAG))]


# ---------------------------------------------------------------- the compile cache

COMPILE_CACHE_VERSION = 1


def folder_digest(folder: Path) -> str:
    """sha256 over (relative path, bytes) of every regular file under folder, in path order (the
    translator's own `.gpuport-cache.json` left out: it is bookkeeping, not compiler input)."""
    import hashlib

    h = hashlib.sha256()
    root = Path(folder)
    for p in sorted(root.rglob("*")):
        if p.is_file() and not p.is_symlink() and not p.name.startswith(".gpuport"):
            h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def _cache_key(stage: str, job: PairJob, inputs: Path, parts: list[Any]) -> str | None:
    if not job.options.compile_cache:
        return None
    import hashlib

    blob = json.dumps(
        [COMPILE_CACHE_VERSION, stage, folder_digest(inputs), list(job.task.build_flags), list(job.task.libs),
         job.task.link, list(job.task.sources), job.options.isa, parts],
        sort_keys=True,
    )  # fmt: skip
    return hashlib.sha256(blob.encode()).hexdigest()


def _cache_get(job: PairJob, key: str | None) -> list[Compiled] | None:
    if key is None or not job.options.compile_cache:
        return None
    path = Path(job.options.compile_cache) / key[:2] / f"{key}.json"
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    note = f"[gpuport compile cache: an identical compile (key {key[:16]}) stored at {data['stored']}]\n"
    out = []
    for c in data["compiled"]:
        ev = [Evidence(**{**e, "content": note + e["content"]}) for e in c["evidence"]]
        out.append(Compiled(c["ok"], c["label"], None, ev))
    return out


def _cache_put(job: PairJob, key: str | None, compiled: list[Compiled]) -> None:
    if key is None or not job.options.compile_cache:
        return
    from dataclasses import asdict
    from datetime import UTC, datetime

    path = Path(job.options.compile_cache) / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "stored": datetime.now(UTC).isoformat(timespec="seconds"),
        "compiled": [
            {"ok": c.ok, "label": c.label, "evidence": [asdict(e) for e in c.evidence]} for c in compiled
        ],
    }
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data))
    os.replace(tmp, path)  # atomic: parallel workers never read half a file


def cached_stage(
    stage: str,
    job: PairJob,
    inputs: Path,
    parts: list[Any],
    binary_needed: bool,
    fn: Callable[[], list[Compiled]],
) -> list[Compiled]:
    """fn()'s outcome, from the compile cache when an identical compile is stored there (and no binary is
    needed from it: a cached result has none), else computed and stored."""
    key = None if binary_needed else _cache_key(stage, job, inputs, parts)
    hit = _cache_get(job, key)
    if hit is not None:
        return hit
    out = fn()
    _cache_put(job, key, out)
    return out


# ---------------------------------------------------------------- stages


# translate_stage's note on names left in the build, which judge_left takes back when none reaches it
LEFT_NOTE = " CUDA reference(s) left unconverted"


def translate_stage(job: PairJob) -> Translated:
    """Translate the task folder into the pair's scratch folder; `ok` means no CUDA left and it parses."""
    from .. import api
    from ..transpile import parse
    from ..transpile.report import EXIT_UNCONVERTED
    from . import reach

    out = Path(job.workdir) / job.target / "src"
    if out.exists():
        shutil.rmtree(out)
    report = api.translate_tree(
        job.task.path,
        out,
        to=job.target,
        hip_version=job.options.hip_version,
        hip_headers=job.options.hip_headers,
    )
    by_input = {f.path: f for f in report.files}
    sources, notes, files = [], [], {}
    ok = report.exit_code in (0, EXIT_UNCONVERTED)  # unconverted references: decided below, per file
    for rel in job.task.sources:
        fr = by_input.get(Path(rel).as_posix())
        if fr is None or fr.output is None:
            notes.append(f"{rel}: not translated")
            ok = False
            continue
        sources.append(out / fr.output)
    new_errors = 0
    for fr in report.files:
        if fr.output is None or fr.action == "error" or not fr.is_cuda:
            continue
        text = (out / fr.output).read_bytes()
        files[fr.output] = text.decode("utf-8", "replace")
        # "parses": the translation must not hold more syntax errors than its input (tree-sitter-cuda
        # already misreads some valid CUDA, so the input is the baseline).
        before = len(parse.error_nodes(parse.parse((job.task.path / fr.path).read_bytes()).root_node))
        after = len(parse.error_nodes(parse.parse(text).root_node))
        if after > before:
            new_errors += after - before
    if new_errors:
        # tree-sitter-cuda misreads some valid C++ (casts inside macro arguments): a compiler that accepts
        # the translation overrules it (see _run_pair).
        notes.append(f"tree-sitter-cuda finds {new_errors} syntax error region(s) the input did not have")
    # CUDA left in a header this build never compiles (the CUDA side of a dual-source project, another
    # vendor's shim) is not left in the build: count only the files the sources reach (dataset/reach.py).
    reached = reach.reached_files(out, sources, job.task.build_flags, job.target)
    unconverted, elsewhere, left_names = 0, [], []
    for fr in report.files:
        left = fr.stats.total_unconverted
        if not left:
            continue
        if fr.output is not None and (out / fr.output).resolve() not in reached:
            elsewhere.append(f"{fr.path} ({left})")
        else:
            unconverted += left
            left_names += [d.symbol for d in fr.diagnostics if d.status == "unconverted"]
    ok_but_left = ok and bool(unconverted)
    if unconverted:
        notes.append(f"{unconverted}{LEFT_NOTE}")
        ok = False
    if elsewhere:
        notes.append(
            f"CUDA references left in files the {job.target.upper()} build does not compile: {', '.join(elsewhere)}"
        )
    for fr in report.files:
        if fr.error:
            notes.append(f"{fr.path}: {fr.error}")
    diagnostics = [d.__dict__ for fr in report.files for d in fr.diagnostics]
    ev = Evidence("translate", "json", "translation report", json.dumps(report.to_dict(), indent=1), ok=ok)
    ok_but_left = ok_but_left and not any(fr.error for fr in report.files)
    return Translated(
        ok,
        new_errors == 0,
        out,
        sources,
        files,
        unconverted,
        diagnostics,
        [ev],
        notes,
        left_names,
        ok_but_left,
    )


def compile_cuda_stage(job: PairJob) -> Compiled:
    """nvcc the original for the GPU arch, linking (libraries from the PyPI wheels); SASS when possible."""
    from .cudalibs import nvcc_library_args

    m, o = job.machine, job.options
    label = f"nvcc {m.nvcc.version} {o.cuda_arch}"
    if not m.nvcc.usable:
        return Compiled(
            False, label, None, [Evidence("compile", "log", "nvcc original", m.nvcc.why_not or "", False)]
        )
    work = Path(job.workdir) / "cuda"
    work.mkdir(parents=True, exist_ok=True)
    binary = work / "original"
    flags = absolute_includes(job.task.build_flags, job.task.path)
    argv = [str(m.nvcc.path), "-std=c++17", f"-arch={o.cuda_arch}", "-O2", *flags]
    if not job.task.link:
        # Library code: each source compiled alone to an object, as its project's build does.
        evidence, ok = [], True
        for i, src in enumerate(job.task.source_paths):
            obj = work / f"{i}-{src.stem}.o"
            # The library headers always: a unit may reach cublas_v2.h through its project's own header
            # (the task's `libs` names what its sources include), and headers alone link nothing.
            cmd = [*argv, "-c", str(src), "-o", str(obj), *nvcc_include_args()]
            res, ev = _compile(cmd, work, "compile", f"nvcc original {src.name}", label)
            evidence.append(ev)
            ok = ok and res.ok and obj.is_file()
            if res.ok and o.isa and m.cuobjdump.usable:
                evidence.append(_sass(m.cuobjdump, obj, work, f"SASS original {src.name}"))
        return Compiled(ok, label, None, evidence)
    argv += [str(p) for p in job.task.source_paths] + ["-o", str(binary)] + nvcc_library_args(job.task.libs)
    res, ev = _compile(argv, work, "compile", "nvcc original", label)
    evidence = [ev]
    ok = res.ok and binary.is_file()
    if ok and o.isa and m.cuobjdump.usable:
        evidence.append(_sass(m.cuobjdump, binary, work, "SASS original"))
    return Compiled(ok, label, binary if ok else None, evidence)


def _nvdisasm_env() -> dict[str, str]:
    """The environment for cuobjdump -sass: it runs nvdisasm, which the PyPI wheel (nvidia-cuda-nvdisasm)
    puts in site-packages/nvidia/cu13/bin, off PATH; without it cuobjdump fails after printing headers."""
    from .cudalibs import _site_dirs

    bins = [
        str(d / "nvidia" / "cu13" / "bin")
        for d in _site_dirs()
        if (d / "nvidia" / "cu13" / "bin" / "nvdisasm").is_file()
    ]
    return {**os.environ, "PATH": os.pathsep.join([*bins, os.environ.get("PATH", "")])}


def _sass(tool: toolchains.Toolchain, binary: Path, cwd: Path, name: str) -> Evidence:
    res = sandbox.run([str(tool.path), "-sass", str(binary)], cwd, timeout_s=120, env=_nvdisasm_env())
    content = res.stdout if res.ok else res.log()
    return Evidence("isa", "sass", name, content, ok=res.ok, toolchain=tool.label(), argv=res.argv, rc=res.rc)


def _hip_amd_build(
    job: PairJob, tr: Translated, archs: list[str], base: list[str], env: dict[str, str]
) -> tuple[bool, Path | None, list[tuple[str, str, sandbox.SandboxResult]]]:
    """hipcc every translation unit for `archs` (one call a unit, every arch in it), then link when the task
    links: (ok, binary, [(stage, name, result)])."""
    tag = "+".join(archs)
    work = Path(job.workdir) / job.target / f"amd-{tag}"
    work.mkdir(parents=True, exist_ok=True)
    arch_flags = [f"--offload-arch={a}" for a in archs]
    steps: list[tuple[str, str, sandbox.SandboxResult]] = []
    objs: list[str] = []
    ok = True
    for i, src in enumerate(tr.sources):
        obj = work / f"{i}-{src.stem}.o"
        res, _ = _compile([*base, *arch_flags, "-c", str(src), "-o", str(obj)], work, "compile", "", "", env)
        steps.append(("compile", f"hipcc {tag} {src.name}", res))
        ok = ok and res.ok
        objs.append(str(obj))
    binary: Path | None = None
    if ok and not job.task.libs and job.task.link:
        # Without libraries the link must succeed (it also checks device linking under -fgpu-rdc).
        binary = work / "translated"
        res, _ = _compile([*base, *arch_flags, *objs, "-o", str(binary)], work, "link", "", "", env)
        steps.append(("link", f"hipcc {tag} link", res))
        ok = res.ok
    return ok, binary, steps


def _hipcc_base(job: PairJob, tr: Translated) -> tuple[list[str], dict[str, str]]:
    """hipcc's argv up to the arch and the source, and its environment, for the AMD platform."""
    m = job.machine
    flags, _ = hipcc_flags(tuple(absolute_includes(job.task.build_flags, tr.src_dir)))
    base = [str(m.hipcc.path), "-std=c++17", "-O2", *flags, f"-I{tr.src_dir}"]
    if m.hipcc.details.get("extra_include"):
        # hipBLAS/hipCUB/rocThrust... headers Debian 12's ROCm lacks (toolchains.hip_extra_include)
        base += ["-isystem", str(m.hipcc.details["extra_include"])]
    return base, {"HIP_PLATFORM": "amd"}


def compile_hip_amd_stage(job: PairJob, tr: Translated) -> list[Compiled]:
    """hipcc (HIP_PLATFORM=amd) each translation unit for the AMD archs, then link; AMD ISA for the first.

    All archs go into one hipcc call a unit (clang parses the host side once and emits one device image
    per arch): when it passes, every arch is proven by that call's log. When it fails, each arch is built
    alone so the failure is attributed to the arch(s) it belongs to."""
    m, o = job.machine, job.options
    if not m.hipcc.usable:
        return []
    base, env = _hipcc_base(job, tr)
    archs = list(o.amd_archs)
    results: dict[str, tuple[bool, Path | None, list[tuple[str, str, sandbox.SandboxResult]]]] = {}
    if len(archs) > 1:
        ok, binary, steps = _hip_amd_build(job, tr, archs, base, env)
        if ok:
            results = {a: (ok, binary, steps) for a in archs}
    if not results:
        results = {a: _hip_amd_build(job, tr, [a], base, env) for a in archs}
    outcomes: list[Compiled] = []
    for arch in archs:
        ok, binary, steps = results[arch]
        label = f"hipcc {m.hipcc.version} {arch}"
        evidence = [_log_evidence(stage, name, res, label) for stage, name, res in steps]
        if ok and o.isa and arch == archs[0]:
            work = Path(job.workdir) / job.target / f"isa-{arch}"
            work.mkdir(parents=True, exist_ok=True)
            for i, src in enumerate(tr.sources):
                asm = work / f"{i}-{src.stem}.s"
                res = sandbox.run(
                    [*base, "--cuda-device-only", "-S", f"--offload-arch={arch}", str(src), "-o", str(asm)],
                    work,
                    timeout_s=COMPILE_TIMEOUT_S,
                    mem_bytes=COMPILE_MEM_BYTES,
                    env={**os.environ, **env},
                )
                text = asm.read_text(errors="replace") if res.ok and asm.is_file() else res.log()
                evidence.append(
                    Evidence(
                        "isa", "amd-isa", f"AMD ISA {arch} {src.name}", text, res.ok, label, res.argv, res.rc
                    )
                )
        outcomes.append(Compiled(ok, label, binary, evidence))
    return outcomes


def compile_hip_nvidia_stage(job: PairJob, tr: Translated) -> Compiled:
    """The HIP translation compiled by nvcc through gpuport's HIP-on-CUDA header layer (to run on NVIDIA)."""
    from . import hip_on_cuda
    from .cudalibs import nvcc_library_args

    m, o = job.machine, job.options
    label = f"nvcc {m.nvcc.version} {o.cuda_arch} (hip_on_cuda)"
    work = Path(job.workdir) / job.target / "nvidia"
    work.mkdir(parents=True, exist_ok=True)
    binary = work / "translated"
    flags = absolute_includes(job.task.build_flags, tr.src_dir)
    argv = [str(m.nvcc.path), "-std=c++17", f"-arch={o.cuda_arch}", "-O2", *flags]
    argv += [f"-I{tr.src_dir}", *hip_on_cuda.nvcc_args()]
    argv += [str(s) for s in tr.sources] + ["-o", str(binary)] + nvcc_library_args(job.task.libs)
    res, ev = _compile(argv, work, "compile", "nvcc hip_on_cuda", label)
    evidence = [ev]
    ok = res.ok and binary.is_file()
    if ok and o.isa and m.cuobjdump.usable:
        evidence.append(_sass(m.cuobjdump, binary, work, "SASS translated (hip_on_cuda)"))
    return Compiled(ok, label, binary if ok else None, evidence)


def _sycl_check_flags(job: PairJob, tr: Translated) -> list[str]:
    flags = host_flags(tuple(absolute_includes(job.task.build_flags, tr.src_dir)))
    # No -O: a syntax-only check generates no code, and -O defines __OPTIMIZE__/__NO_INLINE__
    # differently from the precompiled SYCL header, which g++ then silently ignores (5x slower).
    return ["-Wno-deprecated-declarations", *(f for f in flags if not f.startswith("-O"))]


def left_in_build(job: PairJob, tr: Translated) -> tuple[set[str] | None, list[Evidence]]:
    """The names of tr.left that reach the compiler: the compile's own command with -E instead, for each
    source (HIP: the host pass and the first arch's device pass), scanned by dataset/liveness.py. None, with
    the failed command's log, when a preprocessing command fails (the names then count as left)."""
    from . import liveness

    work = Path(job.workdir) / job.target / "preprocess"
    work.mkdir(parents=True, exist_ok=True)
    commands: list[tuple[list[str], Path, dict[str, str]]] = []
    if job.target == "hip":
        base, env = _hipcc_base(job, tr)
        arch = job.options.amd_archs[0]
        sides = (("host", ["--cuda-host-only"]), (arch, ["--cuda-device-only", f"--offload-arch={arch}"]))
        for i, src in enumerate(tr.sources):
            for side, mode in sides:
                out = work / f"{i}-{src.stem}.{side}.i"
                commands.append(([*base, *mode, "-E", str(src), "-o", str(out)], out, env))
        label = job.machine.hipcc.label()
    else:
        for i, src in enumerate(tr.sources):
            out = work / f"{i}-{src.stem}.i"
            argv = toolchains.sycl_typecheck_argv(
                src, [tr.src_dir], _sycl_check_flags(job, tr), preprocess_to=out
            )
            if argv is None:
                return None, []
            commands.append((argv, out, {}))
        label = "g++"
    live: set[str] = set()
    for argv, out, env in commands:
        res, ev = _compile(argv, work, "preprocess", f"preprocess {out.name}", label, env)
        if not res.ok or not out.is_file():
            return None, [ev]
        live |= liveness.scan(out.read_bytes(), tr.src_dir, tr.left, cwd=work)
        out.unlink()
    return live, []


def compile_sycl_stage(job: PairJob, tr: Translated) -> list[Compiled]:
    """SYCL: g++ type-check against the DPC++ headers; with acpp, a real build for its CPU (OpenMP) target."""
    m = job.machine
    outcomes: list[Compiled] = []
    flags = host_flags(tuple(absolute_includes(job.task.build_flags, tr.src_dir)))
    if m.sycl_headers.usable:
        work = Path(job.workdir) / job.target / "typecheck"
        work.mkdir(parents=True, exist_ok=True)
        label = f"g++ {m.sycl_headers.details.get('gxx')} -fsyntax-only (intel-sycl-rt {m.sycl_headers.version} headers)"
        evidence, ok = [], True
        for src in tr.sources:
            argv = toolchains.sycl_typecheck_argv(src, [tr.src_dir], _sycl_check_flags(job, tr)) or [
                "g++",
                "-fsyntax-only",
                str(src),
            ]
            res, ev = _compile(argv, work, "compile", f"sycl type-check {src.name}", label)
            evidence.append(ev)
            ok = ok and res.ok
        outcomes.append(Compiled(ok, label, None, evidence))
    if m.acpp.usable and job.options.acpp_build:
        work = Path(job.workdir) / job.target / "acpp"
        work.mkdir(parents=True, exist_ok=True)
        label = f"acpp {m.acpp.version} omp"
        binary = work / "translated"
        argv = [str(m.acpp.path), "--acpp-targets=omp", "-std=c++17", "-O2", *flags, f"-I{tr.src_dir}"]
        if not job.task.link:
            # Library code is never run: the build is the claim, so no optimiser (half of acpp's time).
            evs, ok = [], True
            for i, src in enumerate(tr.sources):
                cmd = [*argv, "-O0", "-c", str(src), "-o", str(work / f"{i}-{src.stem}.o")]
                res, ev = _compile(cmd, work, "compile", f"acpp omp {src.name}", label)
                evs.append(ev)
                ok = ok and res.ok
            outcomes.append(Compiled(ok, label, None, evs))
            return outcomes
        argv += [str(s) for s in tr.sources] + ["-o", str(binary)]
        res, ev = _compile(argv, work, "compile", "acpp omp", label)
        ok = res.ok and binary.is_file()
        outcomes.append(Compiled(ok, label, binary if ok else None, [ev]))
    return outcomes


@contextlib.contextmanager
def gpu_slot(
    lock_dir: str | None, gpus: tuple[toolchains.Gpu, ...], share: int = 1
) -> Iterator[dict[str, str]]:
    """Hold one of `share` slots of a GPU (a file lock per slot); with share=1 the GPU is exclusive, so timed
    runs of parallel jobs never share a device.

    Yields the environment that pins the program to that GPU.
    """
    if not lock_dir or not gpus:
        yield {}
        return
    Path(lock_dir).mkdir(parents=True, exist_ok=True)
    slots = [(g, k) for k in range(max(1, share)) for g in gpus]
    handles = [open(Path(lock_dir) / f"gpu{g.index}.{k}.lock", "w") for g, k in slots]  # noqa: SIM115
    try:
        chosen = None
        for (g, _), fh in zip(slots, handles, strict=True):
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                chosen = (g, fh)
                break
            except BlockingIOError:
                continue
        if chosen is None:  # all busy: wait for the slot this job hashes to
            i = os.getpid() % len(slots)
            fcntl.flock(handles[i], fcntl.LOCK_EX)
            chosen = (slots[i][0], handles[i])
        yield {"CUDA_VISIBLE_DEVICES": str(chosen[0].index)}
    finally:
        for fh in handles:
            fh.close()  # closing releases the lock


def run_stage(
    binary: Path,
    args: list[str],
    side: str,
    hardware: str,
    toolchain: str | None,
    *,
    repeat: int,
    timeout_s: float,
    cwd: Path,
    env: dict[str, str] | None = None,
    mem_bytes: int | None = None,
    data_bytes: int | None = None,
) -> RunSeries:
    """One warm-up run and `repeat` timed runs of a program; each parsed for RESULT / TIME_MS / PASS."""
    records: list[RunRecord] = []
    outputs: list[cmp.ParsedOutput] = []
    ok = True
    full_env = {**os.environ, **(env or {})}
    for i in range(repeat + 1):
        res = sandbox.run(
            [str(binary), *args],
            cwd,
            timeout_s=timeout_s,
            env=full_env,
            mem_bytes=mem_bytes,
            data_bytes=data_bytes,
        )
        parsed = cmp.parse_output(res.stdout)
        records.append(
            RunRecord(
                side,
                hardware,
                i,
                res.argv,
                res.rc,
                res.wall_s,
                res.stdout,
                res.stderr,
                res.reason,
                toolchain,
                parsed.time_ms,
                parsed.verdict,
                parsed.results,
            )
        )
        run_ok = res.ok and parsed.passed
        ok = ok and run_ok
        if i > 0:
            outputs.append(parsed)
        if not run_ok:
            break  # a crash or a FAIL will not get better by repeating it
    median = cmp.median_time(outputs) if ok else None
    return RunSeries(side, hardware, records, outputs, ok and bool(outputs), median)


def compare_stage(reference: cmp.ParsedOutput, runs: list[cmp.ParsedOutput], task: Task) -> cmp.Comparison:
    """Every timed run of the translation against the reference; equal only when all are."""
    total = cmp.Comparison(equal=True, mode=task.compare_mode)
    if not runs:
        total.equal = False
        total.mismatches.append("no completed runs")
        total.mismatch_count = 1
        return total
    for i, run in enumerate(runs):
        c = cmp.compare(reference, run, task.compare_mode, task.rtol, task.atol)
        total.compared += c.compared
        total.mismatch_count += c.mismatch_count
        total.mismatches += [f"run {i + 1}: {msg}" for msg in c.mismatches][
            : cmp.MAX_MISMATCHES - len(total.mismatches)
        ]
        total.max_abs_err = max(total.max_abs_err, c.max_abs_err)
        total.max_rel_err = max(total.max_rel_err, c.max_rel_err)
    total.equal = total.mismatch_count == 0
    return total


# ---------------------------------------------------------------- one task, all its targets


def run_task(jobs: list[PairJob]) -> list[PairResult]:
    """Verify every target of one task: the CUDA original is compiled (and run) once and shared."""
    if not jobs:
        return []
    first = jobs[0]
    start = time.monotonic()
    Path(first.workdir).mkdir(parents=True, exist_ok=True)
    iso = None
    if first.options.isolation == "bwrap" and first.options.wants("compiles"):
        iso = isolation.for_job(first.workdir, [first.task.path])
        if iso is None:  # checked by build(); a worker on another machine may still lack it
            raise RuntimeError(f"bubblewrap is not usable on this worker: {isolation.availability()[1]}")
    try:
        with sandbox.confined(iso):
            return _run_pairs(jobs, first, start)
    finally:
        if not first.options.keep_scratch:
            shutil.rmtree(first.workdir, ignore_errors=True)


def _run_pairs(jobs: list[PairJob], first: PairJob, start: float) -> list[PairResult]:
    """Every target of one task, inside the job's confinement (run_task)."""
    original: Compiled | None = None
    if first.options.wants("compiles"):
        m, o = first.machine, first.options
        needed = m.can_run_cuda and o.wants("runs-equal") and first.task.link
        original = cached_stage(
            "cuda", first, first.task.path,
            [m.nvcc.label(), m.cuobjdump.label(), o.cuda_arch, _nvdisasm_env()["PATH"].count("cu13"),
             *nvcc_include_args()],  # every unit compiles with the wheels' library headers
            needed,
            lambda: [compile_cuda_stage(first)],
        )[0]  # fmt: skip
    results: list[PairResult] = []
    shared: dict[str, Any] = {}  # the original's GPU results, once a pair has run it
    # HIP first: its GPU run of the original becomes the reference of the SYCL pair.
    for job in sorted(jobs, key=lambda j: TARGETS.index(j.target)):
        try:
            results.append(_run_pair(job, original, start, shared))
        except Exception:  # noqa: BLE001  (a bug in one stage must not lose the other pairs)
            res = _empty_result(job)
            res.notes.append("internal error in the pipeline")
            res.evidence.append(Evidence("internal", "log", "traceback", traceback.format_exc(), ok=False))
            results.append(res)
    return results


def pair_fingerprint(target: str, options: BuildOptions) -> str:
    """The translator fingerprint of a pair's translation (translate_stage's options): rules, tables,
    version and translation options (transpile/fingerprint.py)."""
    from ..api import make_options
    from ..transpile.fingerprint import translator_fingerprint

    return translator_fingerprint(make_options(target, options.hip_version, hip_headers=options.hip_headers))


def _empty_result(job: PairJob) -> PairResult:
    return PairResult(
        task=job.task_record,
        target=job.target,
        pair_key=job.key,
        level="none",
        options=job.options.to_dict(),
        machine=job.machine.to_dict(),
        capabilities=job.machine.capabilities(job.options),
        translator_fingerprint=pair_fingerprint(job.target, job.options),
    )


def record_translation(res: PairResult, job: PairJob, tr: Translated) -> None:
    """Put the translation stage's outcome and the machine's description into a pair's result (the local
    and the Ray executors share this)."""
    res.notes += tr.notes
    res.unconverted = tr.unconverted
    res.translated_files = tr.files
    res.diagnostics = tr.diagnostics
    res.translated_hash = tree_hash(tr.files) if tr.files else None
    res.evidence.append(
        Evidence("machine", "json", "toolchains and hardware", json.dumps(job.machine.to_dict(), indent=1))
    )
    if tr.ok and tr.parses:
        res.level = "translated"


def record_compiles(res: PairResult, tr: Translated, compiled: list[Compiled]) -> None:
    """Put the compile stages' outcomes into a pair's result and raise it to `compiles` when one compiler
    accepted the translation (the local and the Ray executors share this)."""
    for c in compiled:
        res.evidence += c.evidence
        if c.ok:
            res.compiles_on.append(c.label)
        else:
            res.notes.append(f"compile failed: {c.label}")
    if tr.ok and res.compiles_on:
        # A compiler accepting the translation is stronger proof that it parses than tree-sitter's view.
        res.level = "compiles"


def judge_left(
    job: PairJob, res: PairResult, tr: Translated, judged: tuple[set[str] | None, list[Evidence]]
) -> None:
    """A compiled pair whose only fault is CUDA names left in the files its build reads: when none of them
    reaches the compiler (`judged`, from left_in_build), the pair is at `compiles` like any other."""
    live, evidence = judged
    res.evidence += evidence
    if live is None:
        res.notes.append("left CUDA names not checked: the preprocessor run failed")
        return
    if live:
        res.notes.append(f"CUDA names the {job.target.upper()} build compiles: {', '.join(sorted(live))}")
        return
    res.notes = [n for n in res.notes if not n.endswith(LEFT_NOTE)]
    res.notes.append(
        f"{tr.unconverted} CUDA reference(s) left only in preprocessor branches the {job.target.upper()} build "
        f"drops: {', '.join(sorted(set(tr.left)))}"
    )
    res.level = "compiles"


def _run_pair(job: PairJob, original: Compiled | None, start: float, shared: dict[str, Any]) -> PairResult:
    res = _empty_result(job)
    o, m = job.options, job.machine
    tr = translate_stage(job)
    res.evidence += tr.evidence
    record_translation(res, job, tr)
    if not o.wants("compiles"):
        res.elapsed_s = time.monotonic() - start
        return res

    if original is not None:
        res.evidence += original.evidence
        if o.skip_broken_originals and not original.ok:
            res.notes.append(f"not compiled: the CUDA original does not compile ({original.label})")
            res.elapsed_s = time.monotonic() - start
            return res
    compiled: list[Compiled] = []
    run_binary: Compiled | None = None
    if job.target == "hip":
        compiled += cached_stage(
            "hip-amd", job, tr.src_dir, [m.hipcc.label(), list(o.amd_archs), m.hipcc.details.get("extra_headers")],
            False,
            lambda: compile_hip_amd_stage(job, tr),
        )  # fmt: skip
        if m.can_run_cuda and o.wants("runs-equal") and job.task.link:
            nv = compile_hip_nvidia_stage(job, tr)
            compiled.append(nv)
            run_binary = nv if nv.ok else None
        if not m.hipcc.usable and not compiled:
            res.notes.append(f"hip not compiled: {m.hipcc.why_not}")
    else:
        needed = o.wants("runs-equal") and job.task.link and m.acpp.usable
        tools: list[Any] = [m.sycl_headers.label(), str(m.sycl_headers.details.get("gxx")), m.acpp.label()]
        # The task's -std reaches the SYCL commands (host_flags); a key naming it keeps results cached
        # before it did from answering for those tasks, and leaves every other task's key as it was.
        std = [f for f in job.task.build_flags if f.startswith(STD_FLAG)]
        if std:
            tools.append(std)
        compiled += cached_stage("sycl", job, tr.src_dir, tools, needed, lambda: compile_sycl_stage(job, tr))
        run_binary = next((c for c in compiled if c.binary is not None and c.ok), None)
        if not compiled:
            res.notes.append(f"sycl not compiled: {m.sycl_headers.why_not}; {m.acpp.why_not}")
    record_compiles(res, tr, compiled)
    if tr.ok_but_left and res.compiles_on:
        judge_left(job, res, tr, left_in_build(job, tr))
    if not o.wants("runs-equal") or res.level != "compiles":
        res.elapsed_s = time.monotonic() - start
        return res

    _run_and_compare(job, res, original, run_binary, shared)
    res.elapsed_s = time.monotonic() - start
    return res


def _run_and_compare(
    job: PairJob,
    res: PairResult,
    original: Compiled | None,
    run_binary: Compiled | None,
    shared: dict[str, Any],
) -> None:
    o, m, task = job.options, job.machine, job.task
    args = list(task.run_args)
    if run_binary is None or run_binary.binary is None:
        res.notes.append(
            "no runnable translation on this machine (needs an NVIDIA GPU for HIP, acpp for SYCL)"
        )
        return
    cwd = run_binary.binary.parent
    if job.target == "hip":
        # Both programs on the same GPU, back to back, holding the GPU so no other job's runs interfere.
        if original is None or original.binary is None:
            res.notes.append("the CUDA original did not compile; nothing to compare with")
            return
        gpu = m.gpu
        hardware = gpu.label() if gpu else "unknown GPU"
        with gpu_slot(job.lock_dir, m.gpus, o.gpu_share) as env:
            orig = run_stage(
                original.binary,
                args,
                "original",
                hardware,
                original.label,
                repeat=o.repeat,
                timeout_s=task.timeout_s,
                cwd=original.binary.parent,
                env=env,
                data_bytes=GPU_RUN_MEM_BYTES,
            )
            trans = run_stage(
                run_binary.binary,
                args,
                "translated",
                hardware,
                run_binary.label,
                repeat=o.repeat,
                timeout_s=task.timeout_s,
                cwd=cwd,
                env=env,
                data_bytes=GPU_RUN_MEM_BYTES,
            )
        res.runs += orig.records + trans.records
        if orig.ok:
            shared["reference"], shared["hardware"] = orig.outputs[0].results, hardware
        if not orig.ok:
            res.notes.append("the CUDA original did not run to PASS; no reference")
            return
        ref, basis, same_device = orig.outputs[0], "cuda-run", True
    else:
        hardware = "cpu (AdaptiveCpp omp)" if "acpp" in run_binary.label else "cpu"
        trans = run_stage(
            run_binary.binary,
            args,
            "translated",
            hardware,
            run_binary.label,
            repeat=o.repeat,
            # The task's limit is for its GPU run; the same work on a CPU (AdaptiveCpp's OpenMP target)
            # takes longer, so the CPU run gets ten times as long, at least two minutes.
            timeout_s=min(
                CPU_RUN_MAX_TIMEOUT_S, max(CPU_RUN_MIN_TIMEOUT_S, task.timeout_s * CPU_RUN_TIMEOUT_FACTOR)
            ),
            cwd=cwd,
            mem_bytes=HOST_RUN_MEM_BYTES,
        )
        res.runs += trans.records
        orig = None
        same_device = False
        if (
            "reference" not in shared
            and m.can_run_cuda
            and original is not None
            and original.binary is not None
        ):
            # A GPU here but no HIP pair ran the original: run it once for the reference.
            gpu_hw = m.gpu.label() if m.gpu else "unknown GPU"
            with gpu_slot(job.lock_dir, m.gpus, o.gpu_share) as env:
                ref_runs = run_stage(
                    original.binary,
                    args,
                    "original",
                    gpu_hw,
                    original.label,
                    repeat=1,
                    timeout_s=task.timeout_s,
                    cwd=original.binary.parent,
                    env=env,
                    data_bytes=GPU_RUN_MEM_BYTES,
                )
            res.runs += ref_runs.records
            if ref_runs.ok:
                shared["reference"], shared["hardware"] = ref_runs.outputs[0].results, gpu_hw
        if "reference" in shared:
            ref, basis = cmp.ParsedOutput(results=shared["reference"], verdict="PASS"), "cuda-run"
            res.notes.append(f"compared with the CUDA results of this build on {shared['hardware']}")
        elif job.reference is not None:
            ref, basis = cmp.ParsedOutput(results=job.reference, verdict="PASS"), "cuda-run-stored"
            res.notes.append(f"compared with the CUDA results recorded on {job.reference_hardware}")
        else:
            ref, basis = None, "self-check"
    if not trans.ok:
        last = trans.records[-1] if trans.records else None
        why = f"rc={last.rc} reason={last.reason} verdict={last.verdict}" if last else "did not run"
        res.notes.append(f"the translation did not run to PASS ({why})")
        return
    if ref is None:
        # No CUDA results to compare with: the program's own PASS (its GPU results equal its CPU reference,
        # the same host code the CUDA original checks against) and consistent RESULTs across repeats.
        comparison = compare_stage(trans.outputs[0], trans.outputs, task)
        comparison_note = (
            "self-check: PASS against the program's CPU reference; RESULT lines stable across runs"
        )
        if not trans.outputs[0].results:
            comparison.equal = False
            comparison.mismatches.append("no RESULT lines")
    else:
        comparison = compare_stage(ref, trans.outputs, task)
        comparison_note = f"compared with the CUDA original ({basis})"
    res.evidence.append(
        Evidence(
            "compare",
            "json",
            comparison_note,
            json.dumps(comparison.to_dict(), indent=1),
            ok=comparison.equal,
        )
    )
    if not comparison.equal:
        res.notes.append(f"outputs differ: {comparison.mismatch_count} mismatch(es)")
        return
    res.level = "runs-equal"
    res.runs_on = hardware
    res.compare_basis = basis
    if not o.wants("perf-measured") or not same_device or orig is None or o.gpu_share > 1:
        if o.gpu_share > 1 and o.wants("perf-measured"):
            res.notes.append(f"no time ratio: up to {o.gpu_share} programs shared the GPU (--gpu-share)")
        elif not same_device:
            res.notes.append("no time ratio: the translation ran on other hardware than the original")
        return
    res.original_ms, res.translated_ms = orig.median_ms, trans.median_ms
    ratio = cmp.time_ratio(trans.median_ms, orig.median_ms)
    if ratio is None:
        res.notes.append("no time ratio: TIME_MS missing or zero")
        return
    res.time_ratio = ratio
    res.level = "perf-measured"
    timing = {
        "repeat": o.repeat,
        "original_median_ms": orig.median_ms,
        "translated_median_ms": trans.median_ms,
        "ratio": ratio,
        "hardware": hardware,
    }
    res.evidence.append(Evidence("perf", "json", "median kernel times", json.dumps(timing, indent=1)))


# ---------------------------------------------------------------- the driver


@dataclass
class BuildReport:
    rows: list[dict[str, Any]] = field(default_factory=list)  # one per pair, built or skipped
    built: int = 0
    skipped: int = 0
    errors: int = 0
    elapsed_s: float = 0.0
    machine: dict[str, Any] = field(default_factory=dict)
    task_errors: list[str] = field(default_factory=list)  # invalid tasks, not built (one line a problem)

    def to_dict(self) -> dict[str, Any]:
        levels = {lv: sum(1 for r in self.rows if r["level"] == lv) for lv in LEVELS}
        return {
            "task_errors": self.task_errors,
            "built": self.built,
            "skipped": self.skipped,
            "errors": self.errors,
            "elapsed_s": round(self.elapsed_s, 2),
            "levels": levels,
            "machine": self.machine,
            "pairs": self.rows,
        }


ProgressFn = Callable[[dict[str, Any], int, int], None]


def _hip_version_of(options: BuildOptions, machine: Machine) -> BuildOptions:
    """Without --hip-version, translate for the hipcc that compiles the translation: the version its
    `--version` reports, not the ROCm headers the translator finds on its own (a carried toolchain has
    none where it looks; translating for 6.2 and compiling with 5.2 fails on 6.2-only names). Without
    hip_headers, also translate for the extra header folder that hipcc is given (toolchains.hip_extra_include)."""
    if "hip" not in options.targets or not machine.hipcc.usable:
        return options
    extra = machine.hipcc.details.get("extra_include")
    if extra and not options.hip_headers:
        # The library headers compiled beside hipcc (-isystem, _hipcc_base) are the target's too.
        options = replace(options, hip_headers=(str(extra),))
    if options.hip_version is not None:
        return options
    m = re.match(r"(\d+)\.(\d+)", machine.hipcc.version or "")
    return replace(options, hip_version=f"{m.group(1)}.{m.group(2)}") if m else options


def select_tasks(suite: Path, names: list[str] | None, errors: list[str] | None = None) -> list[Task]:
    """The suite's tasks (those named, when `names` is given). With an `errors` list, invalid tasks are
    reported there and the rest returned; without one, any invalid task raises TaskError."""
    if errors is None:
        tasks = load_suite(suite)
    else:
        tasks, problems = load_suite_lenient(suite)
        errors += problems
    if not names:
        return tasks
    by_name = {t.name: t for t in tasks}
    missing = [n for n in names if n not in by_name]
    if missing:
        raise ValueError(f"unknown or invalid task(s): {', '.join(missing)}")
    return [by_name[n] for n in names]


def build(
    suite: Path,
    store_path: Path,
    options: BuildOptions,
    *,
    jobs: int = 1,
    tasks: list[str] | None = None,
    force: bool = False,
    executor: Any = None,
    scratch: Path | None = None,
    progress: ProgressFn | None = None,
    machine: Machine | None = None,
    command: str | None = None,
) -> BuildReport:
    """Verify every (task, target) of the suite not already finished in the store; write each pair."""
    from .executors import make_executor

    start = time.monotonic()
    for t in options.targets:
        if t not in TARGETS:
            raise ValueError(f"unknown target {t!r}: expected one of {', '.join(TARGETS)}")
    options = _with_isolation(options)  # before anything is written: a refusal leaves no store behind
    task_errors: list[str] = []
    selected = select_tasks(suite, tasks, task_errors)  # one bad task.toml: reported, the rest built
    machine = machine or Machine.detect()
    options = _hip_version_of(options, machine)
    caps = machine.capabilities(options)
    report = BuildReport(machine=machine.to_dict(), task_errors=task_errors)
    if scratch is None:
        remove_stale_scratch()
    # The pid in the name lets a later build tell a killed build's folder (pid gone) from a running one's.
    scratch_root = (
        Path(scratch) if scratch else Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-"))
    )
    scratch_root.mkdir(parents=True, exist_ok=True)
    lock_dir = str(scratch_root / ".gpu-locks")
    store = Store(store_path)
    groups: list[list[PairJob]] = []
    try:
        # The store says how it was made: every build appends its command, date and machine.
        store.record_build(
            {
                "command": command
                or f"build({str(suite)!r}, {str(store_path)!r}, tasks={tasks!r}, force={force})",
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "machine": machine.to_dict(),
                "targets": list(options.targets),
            }
        )
        manifest = Path(suite) / "corpus-manifest.json"  # written by `gpuport corpus clean`
        if manifest.is_file():
            # The dedup/decontamination figures of the folder this build read, for the dataset card.
            store.set_meta(f"corpus_manifest:{Path(suite).resolve()}", manifest.read_text(encoding="utf-8"))
        seen: set[str] = set()
        # A pair made by another translator (a rule or table changed since) is built again.
        fingerprints = {t: pair_fingerprint(t, options) for t in options.targets}
        for task in selected:
            rec = task_record(task)
            group: list[PairJob] = []
            for target in options.targets:
                key = pair_key(target, rec.cuda_hash, rec.spec)
                if key in seen or (not force and store.is_done(key, caps, fingerprints[target])):
                    # Finished earlier (or the same program under another name in this suite): keep it.
                    row = store.finished(key)
                    report.skipped += 1
                    report.rows.append(_row_summary(row, task.name, target, skipped=True))
                    continue
                seen.add(key)
                ref = store.cuda_reference(rec.cuda_hash) if target == "sycl" else None
                group.append(
                    PairJob(
                        task,
                        target,
                        str(scratch_root / task.name),
                        options,
                        machine,
                        key,
                        rec,
                        reference=ref[0] if ref else None,
                        reference_hardware=ref[1] if ref else None,
                        lock_dir=lock_dir,
                    )
                )
            if group:
                groups.append(group)
        total = sum(len(g) for g in groups)
        done = 0
        ex = executor or make_executor(jobs)
        try:
            for group, outcome in ex.map_unordered(run_task, groups):
                results = outcome if isinstance(outcome, list) else [_crashed(j, outcome) for j in group]
                for pair in results:
                    store.record(pair)  # one transaction per pair
                    done += 1
                    report.built += 1
                    summary = pair.summary()
                    if any(e.stage == "internal" for e in pair.evidence):
                        report.errors += 1
                    report.rows.append(summary)
                    if progress is not None:
                        progress(summary, done, total)
        except BaseException:
            if executor is None and hasattr(ex, "terminate"):
                ex.terminate()  # SIGTERM / Ctrl-C: do not wait for the workers' compiles to finish
            raise
        finally:
            if executor is None:
                ex.close()
    finally:
        store.close()
        if scratch is None and not options.keep_scratch:
            shutil.rmtree(scratch_root, ignore_errors=True)
    report.rows.sort(key=lambda r: (r["task"], r["target"]))
    report.elapsed_s = time.monotonic() - start
    return report


class IsolationError(ValueError):
    """Untrusted tasks would be compiled and run without isolation."""


def _with_isolation(options: BuildOptions) -> BuildOptions:
    """The options with the isolation this build uses; refuses an untrusted build that has none."""
    if options.isolation != "bwrap" or not options.wants("compiles"):
        return options  # translation alone runs nothing of the task's
    ok, why = isolation.availability()
    if ok:
        return options
    if options.trust_tasks:
        return replace(options, isolation="none")
    raise IsolationError(
        f"refusing to compile and run untrusted tasks without isolation ({why}); install bubblewrap "
        "(`gpuport doctor` says whether it works here), or pass --trust-tasks if you trust every task"
    )


SCRATCH_PREFIX = "gpuport-build-"


def remove_stale_scratch(folder: Path | None = None) -> list[Path]:
    """Remove scratch folders of builds that were killed (SIGKILL leaves no chance to clean up): those
    named with a pid that no longer exists. Returns what was removed."""
    removed = []
    for p in Path(folder or tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}*-*"):
        pid = p.name[len(SCRATCH_PREFIX) :].split("-", 1)[0]
        if not pid.isdigit() or not p.is_dir() or p.is_symlink():
            continue
        try:
            os.kill(int(pid), 0)
            continue  # that build is still running
        except ProcessLookupError:
            pass
        except PermissionError:
            continue  # another user's live process
        shutil.rmtree(p, ignore_errors=True)
        removed.append(p)
    return removed


def _crashed(job: PairJob, err: BaseException) -> PairResult:
    res = _empty_result(job)
    res.notes.append(f"worker failed: {type(err).__name__}: {err}")
    res.evidence.append(
        Evidence("internal", "log", "worker failure", "".join(traceback.format_exception(err)), False)
    )
    return res


def _row_summary(row: Any, task: str, target: str, skipped: bool) -> dict[str, Any]:
    if row is None:  # a duplicate of a pair built earlier in this same run
        return {
            "task": task,
            "target": target,
            "level": "none",
            "skipped": True,
            "notes": ["duplicate source"],
        }
    return {
        "task": task,
        "target": target,
        "level": row["level"],
        "compiles_on": json.loads(row["compiles_on"]),
        "runs_on": row["runs_on"],
        "compare_basis": row["compare_basis"],
        "time_ratio": row["time_ratio"],
        "unconverted": row["unconverted"],
        "notes": json.loads(row["notes"]),
        "skipped": skipped,
        "stored_as": row["task"],
    }
