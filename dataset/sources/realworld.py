"""The real-world tree corpus (bench/realworld/projects.toml) as pipeline tasks, per unit or per program.

projects.toml lists public CUDA projects, each pinned to a commit, with its licence, and their programs:
a folder, the translation units of its build, its include folders and defines. The code itself sits in a
local cache (`python3 bench/realworld/cache.py` writes ~/.cache/gpuport/realworld/<project>/ from the
fetched mirrors); only the list is committed. This module turns the cache into task folders:

- `unit` granularity (the default): one task per CUDA translation unit (`.cu`) of every program, compiled
  alone (`build.link = false`: nvcc/hipcc `-c`, no `main` needed), with every header it includes from
  the project;
- `program` granularity: one task per program, all its units (host `.cpp`/`.c` files too) compiled and
  linked together, as the program's own build does;
- `tree` granularity: the listed units as `unit` does, then every other `.cu` file of the project's tree,
  compiled alone with the include folders of all the project's programs, its `tree_include` folders and
  the conventional ones (`include`, `inc`, `common`, `Common`, `src` at the root or one level down) on the
  search path, the project's `tree_defines` macros and `tree_flags` (nvcc flags its build gives every
  unit, such as `-rdc=true`; confine.py's list of allowed flags applies). The real code of a project is much more than its listed programs: this is the corpus's
  real-code source at scale.

A task holds the unit(s) and the headers they include (quoted includes searched from the including file,
then the include folders and the program folder; `<...>` includes from the include folders and the program
folder), at their paths relative to the project root, so relative includes and `-I` flags keep working
inside the task folder; the project's licence file is copied as `ORIGIN_LICENSE`. Nothing outside the
project's folder in the cache is read (links leaving it are skipped). `origin.toml` records the stable id
(`realworld:<project>@<commit12>:<program path>[:<unit>]`), repository, commit, licence and paths.

No run spec is written: the programs' own checks (a `pass` regex, exit status) do not follow the
pipeline's PASS/RESULT protocol, so these tasks reach `compiles`; their H200 runs are measured by
bench/realworld_trees.py (`realworld_trees.md`).
"""

from __future__ import annotations

import hashlib
import os
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...transpile.safe_read import Refused, read_regular
from .. import include_roots
from . import ORIGIN_FILE
from .licences import allowed, spdx
from .local import (
    MAX_FILE_BYTES,
    content_hash,
    conventional_include_dirs,
    cuda_files,
    guess_domain,
    guess_features,
    included_files,
)
from .tomlw import dumps

DEFAULT_PROJECTS = Path(__file__).resolve().parents[2] / "bench" / "realworld" / "projects.toml"
DEFAULT_CACHE = Path.home() / ".cache" / "gpuport" / "realworld"
GRANULARITIES = ("unit", "program", "tree")
# A tree unit whose task (the unit and every header it pulls in) is bigger than this is skipped, with the
# reason: such units are a header library's own tests (thrust, cusp), each copying the whole library;
# one store row per copy would make the corpus mostly the same headers.
TREE_TASK_MAX_BYTES = 1_000_000
BENCHMARK_FRACTION = 0.25
LICENCE_COPY = "ORIGIN_LICENSE"
# Flags every build of the corpus shares (projects.toml's header): extended lambdas and relaxed constexpr.
COMMON_FLAGS = ("--extended-lambda", "--expt-relaxed-constexpr")

_LIB_HEADERS = (("cublas", "cublas"), ("cufft", "cufft"), ("curand", "curand"), ("cusparse", "cusparse"))


@dataclass
class RealworldResult:
    written: list[Path] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "project/program: reason"
    refused_licence: list[str] = field(default_factory=list)  # projects whose licence the filter refused
    benchmark: list[str] = field(default_factory=list)  # projects held out as the benchmark split


def is_benchmark_project(name: str, fraction: float = BENCHMARK_FRACTION) -> bool:
    """True for a project held out as the benchmark split: a hash of its name falls in the lowest
    `fraction` of the hash range (9 of the 41 listed projects, 59 of their 317 CUDA units, at 0.25).

    Anything trained or tuned on the corpus (fine-tuning, the LLM fallback's retrieved examples) is
    measured on these projects only, so they never enter the corpus, and corpus tasks that duplicate them
    are removed as contamination (`gpuport corpus clean`). The translator's rules learn nothing from the
    corpus, so bench/realworld_trees.py keeps measuring them on all 41 projects.
    """
    h = int(hashlib.sha256(f"gpuport-benchmark:{name}".encode()).hexdigest()[:16], 16)
    return h / 2**64 < fraction


def load_projects(path: Path = DEFAULT_PROJECTS) -> list[dict[str, Any]]:
    with open(path, "rb") as f:
        projects: list[dict[str, Any]] = tomllib.load(f).get("project", [])
    return projects


def _inside(p: Path, root: Path) -> bool:
    return p.is_relative_to(root)


def source_id(project: dict[str, Any], program: dict[str, Any], unit: str | None) -> str:
    commit = str(project.get("commit", ""))[:12] or "unpinned"
    tail = f":{unit}" if unit is not None else ""
    return f"realworld:{project['name']}@{commit}:{program['path']}{tail}"


def _slug(text: str, keep: int = 40) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s[-keep:].strip("-")


def _libs(datas: Iterable[bytes]) -> list[str]:
    found = set()
    for data in datas:
        for m in include_roots.INCLUDE.finditer(data):
            name = m.group(2).decode("utf-8", "replace").lower()
            for key, lib in _LIB_HEADERS:
                if Path(name).name.startswith(key):
                    found.add(lib)
    return sorted(found)


def write_program_task(
    project: dict[str, Any],
    program: dict[str, Any],
    root: Path,
    out: Path,
    units: list[str],
    unit: str | None,
    seen: dict[str, str],
    result: RealworldResult,
    granularity: str = "",
) -> None:
    """One task from `units` (paths relative to the program folder) of a program; unit names the unit
    when the task is one translation unit (compiled alone, not linked)."""
    where = f"{project['name']}/{program['path']}" + (f":{unit}" if unit else "")
    prog_dir = (root / program["path"]).resolve()
    if not _inside(prog_dir, root) or not prog_dir.is_dir():
        result.skipped.append(f"{where}: program folder missing in the cache")
        return
    search = [prog_dir]
    for inc in program.get("include", []):
        d = (prog_dir / inc).resolve()
        if _inside(d, root) and d.is_dir():
            search.append(d)
        else:
            result.skipped.append(
                f"{where}: include folder {inc} is outside the project or missing; not used"
            )
    unit_paths = []
    for u in units:
        p = prog_dir / u
        try:
            read_regular(p, root, MAX_FILE_BYTES)
        except (Refused, OSError) as err:
            result.skipped.append(f"{where}: {u}: {getattr(err, 'reason', err)}")
            return
        unit_paths.append(p.resolve())
    headers = included_files(unit_paths, search, root)
    if granularity == "tree":
        size = sum(p.stat().st_size for p in [*unit_paths, *headers])
        if size > TREE_TASK_MAX_BYTES:
            result.skipped.append(
                f"{where}: {size} bytes with its {len(headers)} headers, over the tree granularity's "
                f"{TREE_TASK_MAX_BYTES} (a library's own test copying the library)"
            )
            return
    datas = [p.read_bytes() for p in unit_paths]
    # The dedup key of the task: its units' normalised text (the headers are shared across a project's
    # programs, and would make every program of cuda-samples look alike).
    digest = content_hash(b"\n".join(datas))
    if digest in seen:
        result.duplicates.append(f"{where} (same as {seen[digest]})")
        return
    rels = [p.relative_to(root).as_posix() for p in unit_paths]
    name = f"rw-{_slug(project['name'], 24)}-{_slug(program['path'] + ('-' + unit if unit else ''))}-{digest[:8]}"
    name = re.sub(r"-+", "-", name)
    seen[digest] = name
    domain = guess_domain(rels[0])
    folder = out / domain / name
    folder.mkdir(parents=True, exist_ok=True)
    for f in [*unit_paths, *headers]:
        dest = folder / f.relative_to(root)
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(f.read_bytes())
    licence_copy = ""
    lic_file = project.get("licence_file")
    if lic_file:
        lp = (root / lic_file).resolve()
        if _inside(lp, root) and lp.is_file():
            (folder / LICENCE_COPY).write_bytes(lp.read_bytes())
            licence_copy = LICENCE_COPY
    incs = [f"-I{d.relative_to(root).as_posix() or '.'}" for d in search]
    incs += include_roots.needed([*datas, *(h.read_bytes() for h in headers)])  # torch, pybind11, Python
    # the program's -D macros, then the other nvcc flags its build gives every unit (`tree_flags`)
    build_flags = [f"-D{d}" for d in program.get("defines", [])] + list(program.get("flags", []))
    lines = sum(d.count(b"\n") + 1 for d in datas)
    kind = "translation unit" if unit else f"program of {len(units)} unit(s)"
    task = {
        "name": name,
        "domain": domain,
        "difficulty": "easy" if lines < 150 else "medium" if lines < 600 else "hard",
        "description": f"{', '.join(rels)} from {project['name']} ({kind}, {lines} lines).",
        "features": guess_features(b"\n".join(datas)),
        "sources": rels,
        "build": {"flags": [*COMMON_FLAGS, *build_flags, *incs], "libs": _libs(datas), "link": unit is None},
        "compare": {"mode": "exact"},
    }
    (folder / "task.toml").write_text(dumps(task))
    info = {
        "origin": "realworld",
        "source_id": source_id(project, program, unit),
        "project": project["name"],
        "repository": project.get("origin", ""),
        "commit": project.get("commit", ""),
        "licence": project.get("licence", ""),
        "licence_spdx": spdx(str(project.get("licence", ""))),
        "licence_file": licence_copy,
        "kind": project.get("kind", ""),
        "program": program["path"],
        "units": rels,
        "headers": [h.relative_to(root).as_posix() for h in headers],
        "granularity": granularity or ("unit" if unit else "program"),
        "content_sha256": digest,
        "domain_guessed": True,
        "synthetic": False,
        "runnable": False,
    }
    (folder / ORIGIN_FILE).write_text(dumps(info))
    result.written.append(folder)


def extract_realworld(
    out: Path,
    *,
    projects_file: Path = DEFAULT_PROJECTS,
    cache: Path = DEFAULT_CACHE,
    granularity: str = "unit",
    only: list[str] | None = None,
    licences: list[str] | None = None,
    seen: dict[str, str] | None = None,
    include_benchmark: bool = False,
) -> RealworldResult:
    """Write tasks for every program (or unit) of the listed projects found in the cache; the benchmark
    split's projects (is_benchmark_project) only with include_benchmark."""
    if granularity not in GRANULARITIES:
        raise ValueError(f"granularity must be one of {', '.join(GRANULARITIES)}")
    seen = {} if seen is None else seen
    result = RealworldResult()
    out = Path(out)
    for project in load_projects(projects_file):
        if only and project["name"] not in only:
            continue
        if not include_benchmark and is_benchmark_project(project["name"]):
            result.benchmark.append(project["name"])
            continue
        if not allowed(str(project.get("licence", "")), licences):
            result.refused_licence.append(f"{project['name']} ({project.get('licence', '')})")
            continue
        root = (Path(cache).expanduser() / project["name"]).resolve()
        if not root.is_dir():
            result.skipped.append(
                f"{project['name']}: not in the cache {cache} (python3 bench/realworld/cache.py)"
            )
            continue
        listed: set[Path] = set()
        for program in project.get("program", []):
            units = list(program.get("units", []))
            if granularity == "program":
                write_program_task(project, program, root, out, units, None, seen, result)
                continue
            for u in units:
                if u.endswith(".cu"):
                    listed.add((root / program["path"] / u).resolve())
                    write_program_task(project, program, root, out, [u], u, seen, result)
        if granularity == "tree":
            _tree_units(project, root, out, listed, seen, result)
    return result


def _included_units(units: list[Path], root: Path) -> dict[Path, str]:
    """The `.cu` files of the tree that another of its `.cu` files includes with quotes (resolved from the
    including file's folder): resolved path -> the first includer, relative to root."""
    out: dict[Path, str] = {}
    for u in units:
        try:
            data = read_regular(u, root, MAX_FILE_BYTES)
        except (Refused, OSError):
            continue
        for m in include_roots.INCLUDE.finditer(data):
            name = m.group(2).decode("utf-8", "replace").strip()
            if m.group(1) != b'"' or not name.endswith(".cu"):
                continue
            cand = (u.resolve().parent / name).resolve()
            if cand != u.resolve() and _inside(cand, root) and cand not in out:
                out[cand] = u.resolve().relative_to(root).as_posix()
    return out


def tree_include_dirs(project: dict[str, Any], root: Path) -> list[Path]:
    """The include folders of every listed program, the project's `tree_include` ones and the
    conventional folders that exist (local.CONVENTIONAL_INCLUDE_DIRS), then the root: in that order, once each."""
    dirs: list[Path] = []

    def add(d: Path) -> None:
        d = d.resolve()
        if _inside(d, root) and d.is_dir() and d not in dirs:
            dirs.append(d)

    for program in project.get("program", []):
        for inc in program.get("include", []):
            add(root / program["path"] / inc)
    for inc in project.get("tree_include", []):
        add(root / inc)
    for d in conventional_include_dirs(root):
        add(d)
    add(root)
    return dirs


def _tree_units(
    project: dict[str, Any],
    root: Path,
    out: Path,
    listed: set[Path],
    seen: dict[str, str],
    result: RealworldResult,
) -> None:
    """One task per `.cu` of the tree that no listed program names, with the tree's include folders."""
    incs = tree_include_dirs(project, root)
    units = cuda_files(root)
    included = _included_units(units, root)
    for tu in units:
        resolved = tu.resolve()
        if resolved in listed or not _inside(resolved, root):
            continue
        if resolved in included:
            # A kernel file another file #includes (rodinia's *_kernel.cu) is part of that unit, not one.
            result.skipped.append(
                f"{project['name']}/{resolved.relative_to(root).as_posix()}: included by "
                f"{included[resolved]}, not a translation unit"
            )
            continue
        folder = resolved.parent
        program = {
            "path": folder.relative_to(root).as_posix() or ".",
            "include": [os.path.relpath(d, folder) for d in incs if d != folder],
            # the macros the project's own build defines for every unit (cholla's PRECISION, AMGX's
            # namespace wrapping): without them a unit compiles to nothing or not at all
            "defines": list(project.get("tree_defines", [])),
            # nvcc flags the project's build gives every unit (gkylzero's -rdc=true: its units call device
            # functions other units define); dataset/confine.py refuses any that is not allowed
            "flags": list(project.get("tree_flags", [])),
        }
        write_program_task(project, program, root, out, [tu.name], tu.name, seen, result, "tree")


def benchmark_units(
    projects_file: Path = DEFAULT_PROJECTS, cache: Path = DEFAULT_CACHE
) -> list[tuple[str, Path]]:
    """(label, path) of every CUDA unit of the benchmark split's projects found in the cache: the
    references `gpuport corpus clean` removes corpus tasks against."""
    out = []
    for project in load_projects(projects_file):
        if not is_benchmark_project(project["name"]):
            continue
        root = (Path(cache).expanduser() / project["name"]).resolve()
        for program in project.get("program", []):
            for u in program.get("units", []):
                p = (root / program["path"] / u).resolve()
                if u.endswith(".cu") and p.is_relative_to(root) and p.is_file() and not p.is_symlink():
                    out.append((f"benchmark:{project['name']}/{program['path']}/{u}", p))
    return out
