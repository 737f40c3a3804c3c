"""Loader for the kernel suite (bench/suite/): each task is a folder holding CUDA sources and a task.toml.

The schema is fixed by bench/suite/README.md. Validation is strict on purpose: the suite is the measuring
stick for translation accuracy, so a typo in a feature name or a source path must fail loudly instead of
silently shrinking what gets measured.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .confine import files_problems, flag_problems, links_leaving

DOMAINS: tuple[str, ...] = (
    "parallel-primitives",
    "image-processing",
    "stencil-pde",
    "nbody-physics",
    "linear-algebra",
    "deep-learning",
    "math",
    "data-structures",
    "graphs",
    "memory-ops",
    "vector-ops",
    "histogram",
    "signal-processing",
    "dynamics",
    "search",
    "hashing-crypto",
    "sparse",
    "random",
    "library-calls",
)

FEATURES: tuple[str, ...] = (
    "static-shared",
    "dynamic-shared",
    "tiling",
    "warp-shuffle",
    "warp-vote",
    "atomics-int",
    "atomics-float",
    "atomics-cas",
    "cooperative-groups",
    "streams",
    "events",
    "templates",
    "constant-memory",
    "texture-objects",
    "launch-bounds",
    "unified-memory",
    "half-precision",
    "vector-loads",
    "grid-stride",
    "error-check-macro",
    "multi-tu",
    "headers",
    "cublas",
    "cufft",
    "curand",
    "cub",
    "thrust",
    "cusparse",
    "pinned-memory",
    "async-copy",
    "device-functions",
    "math-intrinsics",
    "2d-grid",
    "3d-grid",
    "warp-reduce",
    "bfloat16",
    "syncwarp",
    "memset",
    "device-globals",
    "recursion-free-graph",
    "dynamic-parallelism",
    "inline-ptx",
)

DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")
COMPARE_MODES: tuple[str, ...] = ("exact", "tolerance")
TASK_FILE = "task.toml"
DEFAULT_TIMEOUT_S = 60.0
# No task sets its own wall limit past this (`timeout_s = 1e9` once held a build for 11+ minutes); the
# CPU run of a SYCL translation gets a multiple of it (dataset/build.py), also capped there.
MAX_TASK_TIMEOUT_S = 300.0

_NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]*")
# Library names end up on an nvcc command line; keep them to plain identifiers.
_LIB_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
# tomllib (3.11) only reports the position inside the message text.
_TOML_POS_RE = re.compile(r"\(at line (\d+), column (\d+)\)")

# Allowed keys per table; anything else is a typo or a schema drift and is rejected.
_TOP_KEYS = {"name", "domain", "difficulty", "description", "features", "sources", "build", "run", "compare"}
_REQUIRED_TOP = ("name", "domain", "difficulty", "description", "features", "sources", "compare")
_BUILD_KEYS = {"flags", "libs", "link"}
_RUN_KEYS = {"args", "timeout_s"}
_COMPARE_KEYS = {"mode", "rtol", "atol"}


class TaskError(ValueError):
    """A task.toml (or a set of them) is invalid. The message starts with the file path.

    `errors` holds one message per problem when several were collected (load_suite).
    """

    def __init__(self, message: str, errors: list[str] | None = None) -> None:
        super().__init__(message)
        self.errors: list[str] = errors if errors is not None else [message]


@dataclass(frozen=True)
class Task:
    name: str
    domain: str
    difficulty: str
    description: str
    features: tuple[str, ...]
    sources: tuple[str, ...]
    path: Path
    build_flags: tuple[str, ...] = ()
    libs: tuple[str, ...] = ()
    # False: the sources are library code (no main); each is compiled alone (-c) and nothing is linked,
    # so the task can reach `compiles` but never run.
    link: bool = True
    run_args: tuple[str, ...] = ()
    timeout_s: float = DEFAULT_TIMEOUT_S
    compare_mode: str = "exact"
    rtol: float = 0.0
    atol: float = 0.0

    @property
    def source_paths(self) -> tuple[Path, ...]:
        return tuple((self.path / s).resolve() for s in self.sources)

    @property
    def all_files(self) -> tuple[Path, ...]:
        """Every file of the task (sources, headers, inputs) except task.toml, sorted by relative path."""
        root = self.path.resolve()
        # Links leaving the folder are refused when the task loads; never follow one that appeared since.
        files = [
            p
            for p in root.rglob("*")
            if p.is_file() and p != root / TASK_FILE and p.resolve().is_relative_to(root)
        ]
        return tuple(sorted(files, key=lambda p: p.relative_to(root).as_posix()))


class _Problems:
    """Collects every problem in one task.toml so a single run reports them all."""

    def __init__(self, toml_path: Path) -> None:
        self.toml_path = toml_path
        self.items: list[str] = []

    def add(self, msg: str) -> None:
        self.items.append(f"{self.toml_path}: {msg}")


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _str_list(p: _Problems, table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    v = table.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        p.add(f"{where}{key} must be a list of strings, got {v!r}")
        return ()
    return tuple(v)


def _sub_table(p: _Problems, data: dict[str, Any], key: str, allowed: set[str]) -> dict[str, Any]:
    v = data.get(key, {})
    if not isinstance(v, dict):
        p.add(f"[{key}] must be a table, got {type(v).__name__}")
        return {}
    for k in sorted(set(v) - allowed):
        p.add(f"unknown key '{k}' in [{key}] (allowed: {', '.join(sorted(allowed))})")
    return v


def _parse_toml(toml_path: Path) -> dict[str, Any]:
    try:
        text = toml_path.read_text(encoding="utf-8")
    except OSError as e:
        raise TaskError(f"{toml_path}: cannot read: {e}") from e
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        m = _TOML_POS_RE.search(msg)
        if m:
            raise TaskError(f"{toml_path}:{m.group(1)}: invalid TOML: {msg}") from e
        raise TaskError(f"{toml_path}: invalid TOML: {msg}") from e


def load_task(folder: Path) -> Task:
    """Read and validate `folder/task.toml`; raise TaskError listing every problem found."""
    folder = Path(folder)
    toml_path = folder / TASK_FILE
    if not toml_path.is_file():
        raise TaskError(f"{toml_path}: no such file")
    data = _parse_toml(toml_path)
    p = _Problems(toml_path)

    for k in sorted(set(data) - _TOP_KEYS):
        p.add(f"unknown key '{k}' (allowed: {', '.join(sorted(_TOP_KEYS))})")
    for k in _REQUIRED_TOP:
        if k not in data:
            p.add(f"missing required key '{k}'" if k != "compare" else "missing required table [compare]")

    name = data.get("name", "")
    if "name" in data:
        if not isinstance(name, str) or not _NAME_RE.fullmatch(name):
            p.add(f"name {name!r} must match [a-z0-9][a-z0-9-]*")
        elif name != folder.name:
            p.add(f"name '{name}' differs from the folder name '{folder.name}'")

    domain = data.get("domain", "")
    if "domain" in data:
        if domain not in DOMAINS:
            p.add(f"unknown domain {domain!r} (allowed: {', '.join(DOMAINS)})")
        elif folder.parent.name in DOMAINS and folder.parent.name != domain:
            # bench/suite/<domain>/<task>: the folder and the file must agree.
            p.add(f"domain '{domain}' differs from the parent folder '{folder.parent.name}'")

    difficulty = data.get("difficulty", "")
    if "difficulty" in data and difficulty not in DIFFICULTIES:
        p.add(f"difficulty {difficulty!r} must be one of {', '.join(DIFFICULTIES)}")

    description = data.get("description", "")
    if "description" in data and (not isinstance(description, str) or not description.strip()):
        p.add("description must be a non-empty string")

    features: tuple[str, ...] = ()
    if "features" in data:
        features = _str_list(p, data, "features", "")
        for f in features:
            if f not in FEATURES:
                p.add(f"unknown feature '{f}' (see the feature vocabulary in bench/suite/README.md)")
        if len(set(features)) != len(features):
            p.add("features lists a feature twice")

    sources: tuple[str, ...] = ()
    if "sources" in data:
        sources = _str_list(p, data, "sources", "")
        if "sources" in data and isinstance(data["sources"], list) and not data["sources"]:
            p.add("sources must not be empty")
        if len(set(sources)) != len(sources):
            p.add("sources lists a file twice")
        root = folder.resolve()
        for s in sources:
            target = (folder / s).resolve()
            if Path(s).is_absolute() or not target.is_relative_to(root):
                p.add(f"source '{s}' is outside the task folder")
            elif not target.is_file():
                p.add(f"source '{s}' does not exist")

    # Nothing of the task may reach outside its folder: links, includes (whose text a compiler log would
    # quote into the store) and compiler flags.
    for msg in links_leaving(folder):
        p.add(msg)
    for msg in files_problems(_task_texts(folder)):
        p.add(msg)

    build = _sub_table(p, data, "build", _BUILD_KEYS)
    flags = _str_list(p, build, "flags", "build.")
    for msg in flag_problems(flags):
        p.add(msg)
    libs = _str_list(p, build, "libs", "build.")
    for lib in libs:
        if not _LIB_RE.fullmatch(lib):
            p.add(f"build.libs entry {lib!r} is not a plain library name (e.g. cublas)")

    link = build.get("link", True)
    if not isinstance(link, bool):
        p.add(f"build.link must be true or false, got {link!r}")
        link = True

    run = _sub_table(p, data, "run", _RUN_KEYS)
    args = _str_list(p, run, "args", "run.")
    timeout_s = run.get("timeout_s", DEFAULT_TIMEOUT_S)
    if not _is_number(timeout_s) or not math.isfinite(timeout_s) or timeout_s <= 0:
        p.add(f"run.timeout_s must be a positive number, got {timeout_s!r}")
        timeout_s = DEFAULT_TIMEOUT_S

    compare = _sub_table(p, data, "compare", _COMPARE_KEYS)
    mode = compare.get("mode", "exact")
    if "compare" in data and "mode" not in compare:
        p.add("missing required key 'mode' in [compare]")
    elif mode not in COMPARE_MODES:
        p.add(f"compare.mode {mode!r} must be one of {', '.join(COMPARE_MODES)}")
    tol: dict[str, float] = {}
    for key in ("rtol", "atol"):
        v = compare.get(key, 0.0)
        if not _is_number(v) or not math.isfinite(v) or v < 0:
            p.add(f"compare.{key} must be a number >= 0, got {v!r}")
            v = 0.0
        tol[key] = float(v)
    if mode == "tolerance" and "rtol" not in compare and "atol" not in compare:
        p.add("compare.mode 'tolerance' needs rtol and/or atol")

    if p.items:
        raise TaskError("\n".join(p.items), p.items)
    timeout_s = min(float(timeout_s), MAX_TASK_TIMEOUT_S)
    return Task(
        name=name,
        domain=domain,
        difficulty=difficulty,
        description=description.strip(),
        features=features,
        sources=sources,
        path=folder.resolve(),
        build_flags=flags,
        libs=libs,
        link=link,
        run_args=args,
        timeout_s=float(timeout_s),
        compare_mode=mode,
        rtol=tol["rtol"],
        atol=tol["atol"],
    )


_SOURCE_SUFFIXES = frozenset(
    {".cu", ".cuh", ".h", ".hpp", ".hh", ".hxx", ".cpp", ".cc", ".cxx", ".c", ".inl", ".inc", ".ipp", ".tpp"}
)


def _task_texts(folder: Path) -> dict[str, bytes]:
    """The task's C/C++ files that stay inside its folder (relative path -> content), for the include check."""
    root = folder.resolve()
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.suffix.lower() not in _SOURCE_SUFFIXES or not p.is_file():
            continue
        if not p.resolve().is_relative_to(root):
            continue  # reported as a link leaving the folder; never read
        try:
            out[p.relative_to(folder).as_posix()] = p.read_bytes()
        except OSError:
            continue
    return out


def load_suite_lenient(root: Path) -> tuple[list[Task], list[str]]:
    """Every valid task under `root`, sorted by name, and one message per problem of the others: a bad
    task.toml reports that task, and the rest can still be built."""
    root = Path(root)
    if not root.is_dir():
        raise TaskError(f"{root}: suite root is not a directory")
    errors: list[str] = []
    by_name: dict[str, Task] = {}
    for toml_path in sorted(root.rglob(TASK_FILE)):
        try:
            task = load_task(toml_path.parent)
        except TaskError as e:
            errors.extend(e.errors)
            continue
        if task.name in by_name:
            other = by_name[task.name].path / TASK_FILE
            errors.append(f"{toml_path}: duplicate task name '{task.name}' (also in {other})")
            continue
        by_name[task.name] = task
    return [by_name[n] for n in sorted(by_name)], errors


def load_suite(root: Path) -> list[Task]:
    """Every task under `root` (any folder holding task.toml), sorted by name.

    All problems across the suite are collected and raised as one TaskError, so one run shows everything
    that needs fixing.
    """
    tasks, errors = load_suite_lenient(root)
    if errors:
        raise TaskError("\n".join(errors), errors)
    return tasks


def default_suite_root() -> Path:
    """$GPUPORT_SUITE when set, else the repository's bench/suite next to this package's source folder."""
    env = os.environ.get("GPUPORT_SUITE")
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent / "bench" / "suite"


def nvcc_compile_command(
    task: Task, source: Path, obj: Path, arch: str = "sm_90", nvcc: str = "nvcc"
) -> list[str]:
    """The nvcc command that compiles one source of `task` to an object file (no linking).

    Library tasks get the include flags of the PyPI CUDA wheels (cudalibs); the caller decides whether a
    missing library install means skip or fail.
    """
    from gpuport.dataset.cudalibs import nvcc_include_args

    cmd = [nvcc, "-std=c++17", f"-arch={arch}", "-O2", "-c", str(source), "-o", str(obj)]
    cmd += list(task.build_flags)
    if task.libs:
        cmd += nvcc_include_args()
    return cmd
