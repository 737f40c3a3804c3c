"""Extract CUDA translation units from any folder or git checkout into pipeline tasks.

One task per `.cu` file: the folder mirrors the TU's path inside the source tree together with the local
headers it includes with quotes (found transitively, relative to the including file, then to the tree
root), plus the tree's licence file. `task.toml` follows the suite schema (strict, no extra keys); where
the code came from goes into the sidecar `origin.toml`. Duplicates (same normalised content, comments and
layout stripped, see dataset/store.py) are written once.

These tasks are library code, not programs: they have no `main` and no run spec, so the pipeline can take
them to `translated` and `compiles`, never to `runs-equal`.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...transpile.safe_read import Refused, read_regular
from .. import include_roots
from ..store import normalise_source
from ..suite import DOMAINS, FEATURES
from . import ORIGIN_FILE
from .tomlw import dumps

TU_SUFFIXES = (".cu",)
HEADER_SUFFIXES = (".cuh", ".h", ".hpp", ".hh", ".inl", ".inc", ".cuh.inc")
LICENCE_NAMES = ("LICENSE", "LICENCE", "COPYING", "LICENSE.txt", "LICENSE.md", "LICENSE.rst", "COPYING.txt")
MAX_FILE_BYTES = 1_000_000  # bigger .cu files are generated tables, not code worth translating
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".tox", "build", "dist"}

_QUOTE_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.MULTILINE)

# Keyword -> domain, first match wins; the domain is a guess from the path and is marked as such.
_DOMAIN_HINTS: tuple[tuple[str, str], ...] = (
    ("attention", "deep-learning"),
    ("softmax", "deep-learning"),
    ("conv", "deep-learning"),
    ("norm", "deep-learning"),
    ("pool", "deep-learning"),
    ("activation", "deep-learning"),
    ("optim", "deep-learning"),
    ("adam", "deep-learning"),
    ("embedding", "deep-learning"),
    ("quant", "deep-learning"),
    ("gemm", "linear-algebra"),
    ("matmul", "linear-algebra"),
    ("blas", "linear-algebra"),
    ("sparse", "sparse"),
    ("csr", "sparse"),
    ("spmm", "sparse"),
    ("scatter", "memory-ops"),
    ("gather", "memory-ops"),
    ("copy", "memory-ops"),
    ("transpose", "memory-ops"),
    ("sort", "parallel-primitives"),
    ("scan", "parallel-primitives"),
    ("reduc", "parallel-primitives"),
    ("segment", "parallel-primitives"),
    ("hash", "hashing-crypto"),
    ("rand", "random"),
    ("fft", "signal-processing"),
    ("cluster", "graphs"),
    ("graph", "graphs"),
    ("knn", "search"),
    ("search", "search"),
    ("hist", "histogram"),
    ("spline", "math"),
    ("math", "math"),
)
# Token -> feature (vocabulary of bench/suite/README.md).
_FEATURE_HINTS: tuple[tuple[bytes, str], ...] = (
    (b"__shared__", "static-shared"),
    (b"extern __shared__", "dynamic-shared"),
    (b"__shfl", "warp-shuffle"),
    (b"__ballot", "warp-vote"),
    (b"__any_sync", "warp-vote"),
    (b"atomicAdd", "atomics-int"),
    (b"atomicCAS", "atomics-cas"),
    (b"cooperative_groups", "cooperative-groups"),
    (b"cudaStream", "streams"),
    (b"cudaEvent", "events"),
    (b"template", "templates"),
    (b"__constant__", "constant-memory"),
    (b"cudaTextureObject", "texture-objects"),
    (b"__launch_bounds__", "launch-bounds"),
    (b"__half", "half-precision"),
    (b"__nv_bfloat16", "bfloat16"),
    (b"cub::", "cub"),
    (b"thrust::", "thrust"),
    (b"cublas", "cublas"),
    (b"curand", "curand"),
    (b"__syncwarp", "syncwarp"),
    (b"asm volatile", "inline-ptx"),
    (b"__device__", "device-functions"),
    (b"float4", "vector-loads"),
    (b"cudaMemset", "memset"),
    (b"cp.async", "async-copy"),
)
assert all(d in DOMAINS for _, d in _DOMAIN_HINTS) and all(f in FEATURES for _, f in _FEATURE_HINTS)


@dataclass
class Extracted:
    """What one extraction wrote and skipped."""

    written: list[Path] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)  # "origin path (same as task name)"
    skipped: list[str] = field(default_factory=list)  # "path: reason"


def content_hash(data: bytes) -> str:
    """sha256 of the normalised source (comments and layout stripped), the corpus dedup key."""
    text = data.decode("utf-8", "replace")
    return hashlib.sha256(normalise_source(text).encode("utf-8")).hexdigest()


def find_licence(root: Path) -> Path | None:
    def usable(p: Path) -> bool:  # a regular file inside the tree (a link to /etc/shadow is no licence)
        return p.is_file() and p.resolve().is_relative_to(root.resolve())

    for name in LICENCE_NAMES:
        p = root / name
        if usable(p):
            return p
    cands = sorted(p for p in root.iterdir() if usable(p) and p.name.upper().startswith(("LICEN", "COPYING")))
    return cands[0] if cands else None


def cuda_files(root: Path) -> list[Path]:
    """Every .cu file under root, sorted, skipping VCS/build folders."""
    out: list[Path] = []
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root)
        if any(part in SKIP_DIRS for part in rel.parts[:-1]):
            continue
        if p.suffix in TU_SUFFIXES and (p.is_symlink() or p.is_file()):
            out.append(p)  # links are checked when read (extract_tree): one leaving the tree is reported
    return out


# Folders a unit's `<...>`/`"..."` includes are also searched in, when the tree has them at its root or one
# level down: where projects keep the headers their build passes with -I (csrc/ for torch extensions).
CONVENTIONAL_INCLUDE_DIRS = ("include", "inc", "common", "Common", "src", "csrc")


def conventional_include_dirs(root: Path) -> list[Path]:
    """CONVENTIONAL_INCLUDE_DIRS that exist at root or one level down (not in VCS/build folders), resolved."""
    root = root.resolve()
    dirs: list[Path] = []
    for name in CONVENTIONAL_INCLUDE_DIRS:
        for d in [root / name, *sorted(root.glob(f"*/{name}"))]:
            d = d.resolve()
            rel = d.relative_to(root).parts if d.is_relative_to(root) else ("..",)
            if d.is_dir() and not any(p in SKIP_DIRS for p in rel) and d not in dirs:
                dirs.append(d)
    return dirs


def included_files(
    units: list[Path],
    search: list[Path],
    root: Path,
    untaken: Callable[[bytes], list[tuple[int, int]]] | None = None,
) -> list[Path]:
    """The headers the units include, transitively, that exist inside root (resolved, sorted): quoted
    names from the including file's folder first, then (quoted and `<...>`) from the search folders.
    `untaken(text)` gives spans of a file whose include lines are not followed (branches a build skips)."""
    seen: set[Path] = set()
    stack = [u.resolve() for u in units]
    firsts = set(stack)
    root = root.resolve()
    while stack:
        cur = stack.pop()
        try:
            data = read_regular(cur, root, MAX_FILE_BYTES)
        except (Refused, OSError):
            continue
        skipped = untaken(data) if untaken is not None else []
        for m in include_roots.INCLUDE.finditer(data):
            if skipped and any(a <= m.start() < b for a, b in skipped):
                continue
            quoted, name = m.group(1) == b'"', m.group(2).decode("utf-8", "replace").strip()
            if name.startswith("/"):
                continue
            for base in ([cur.parent] if quoted else []) + search:
                cand = (base / name).resolve()
                if cand.is_relative_to(root) and cand.is_file():
                    if cand not in seen and cand not in firsts:
                        seen.add(cand)
                        stack.append(cand)
                    break
    return sorted(seen)


def local_headers(tu: Path, root: Path) -> list[Path]:
    """Headers the TU includes with quotes that exist inside root, transitively, sorted."""
    root = root.resolve()
    seen: set[Path] = set()
    stack = [tu.resolve()]
    while stack:
        cur = stack.pop()
        try:
            data = cur.read_bytes()
        except OSError:
            continue
        for m in _QUOTE_INCLUDE.finditer(data):
            name = m.group(1).decode("utf-8", "replace")
            for base in (cur.parent, root):
                cand = (base / name).resolve()
                if cand.is_file() and cand.is_relative_to(root):
                    if cand not in seen and cand != tu.resolve():
                        seen.add(cand)
                        stack.append(cand)
                    break
    return sorted(seen)


def guess_domain(rel_path: str) -> str:
    """From the file name first, then the folder names (innermost first); 'csrc' and the like would
    otherwise match short keys such as 'csr'."""
    parts = [p.lower() for p in Path(rel_path).parts]
    candidates = [Path(parts[-1]).stem] + [
        p for p in reversed(parts[:-1]) if p not in ("csrc", "src", "cuda")
    ]
    for text in candidates:
        for key, domain in _DOMAIN_HINTS:
            if key in text:
                return domain
    return "vector-ops"


def guess_features(data: bytes) -> list[str]:
    feats = {f for tok, f in _FEATURE_HINTS if tok in data}
    return sorted(feats)


def task_name(prefix: str, rel_path: str, digest: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", rel_path.lower().removesuffix(".cu")).strip("-")
    prefix = re.sub(r"[^a-z0-9]+", "-", prefix.lower()).strip("-")
    return f"{prefix}-{slug[-48:].strip('-')}-{digest[:8]}".strip("-")


def _difficulty(lines: int) -> str:
    return "easy" if lines < 150 else "medium" if lines < 600 else "hard"


def write_task(
    root: Path,
    tu: Path,
    out: Path,
    name: str,
    origin: Mapping[str, Any],
    licence_file: Path | None,
) -> Path:
    """Copy the TU, its local headers and the licence into out/<domain>/<name>/ and write the tomls."""
    data = tu.read_bytes()
    rel = tu.resolve().relative_to(root.resolve()).as_posix()
    domain = guess_domain(rel)
    folder = out / domain / name
    folder.mkdir(parents=True, exist_ok=True)
    # The unit's folder, the tree's include folders, the root: its headers are found there, copied at
    # their tree paths and named by -I flags relative to the task; roots outside it by name (-I@torch).
    root_r = root.resolve()
    search = [tu.resolve().parent, *conventional_include_dirs(root_r), root_r]
    search = list(dict.fromkeys(search))
    headers = included_files([tu], search, root_r)
    files = [tu.resolve(), *headers]
    flags = [f"-I{d.relative_to(root_r).as_posix() or '.'}" for d in search]
    flags += include_roots.needed(f.read_bytes() for f in files)
    for f in files:
        dest = folder / f.relative_to(root.resolve())
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(f.read_bytes())
    licence_copy = ""
    if licence_file is not None:
        licence_copy = "ORIGIN_LICENSE"
        (folder / licence_copy).write_bytes(licence_file.read_bytes())
    lines = data.count(b"\n") + 1
    task = {
        "name": name,
        "domain": domain,
        "difficulty": _difficulty(lines),
        "description": f"{rel} from {origin.get('package') or origin.get('source', 'a local tree')} "
        f"({lines} lines of library CUDA, no main).",
        "features": guess_features(data),
        "sources": [rel],
        "build": {"flags": flags, "libs": []},
        "compare": {"mode": "exact"},
    }
    (folder / "task.toml").write_text(dumps(task))
    info = {
        **origin,
        "source_id": f"{origin.get('id_prefix', 'local')}:{rel}",
        "synthetic": False,
        "path": rel,
        "headers": [f.relative_to(root.resolve()).as_posix() for f in files[1:]],
        "licence_file": licence_copy,
        "content_sha256": content_hash(data),
        "domain_guessed": True,
        "runnable": False,
    }
    (folder / ORIGIN_FILE).write_text(dumps(info))
    return folder


def extract_tree(
    root: Path,
    out: Path,
    origin: Mapping[str, Any],
    prefix: str,
    seen: dict[str, str] | None = None,
    licence_file: Path | None = None,
) -> Extracted:
    """Write one task per unique .cu file under root. `seen` maps content hashes to task names and is
    updated, so several trees extracted in turn are deduplicated against each other."""
    seen = {} if seen is None else seen
    root = Path(root)
    result = Extracted()
    lic = licence_file if licence_file is not None else find_licence(root)
    for tu in cuda_files(root):
        rel = tu.relative_to(root).as_posix()
        try:
            # Regular files inside the tree only: a link to /etc/shadow must not become a public task.
            data = read_regular(tu, root, MAX_FILE_BYTES)
        except Refused as err:
            result.skipped.append(f"{rel}: {err.reason}")
            continue
        digest = content_hash(data)
        if digest in seen:
            result.duplicates.append(f"{rel} (same as {seen[digest]})")
            continue
        name = task_name(prefix, rel, digest)
        seen[digest] = name
        result.written.append(write_task(root, tu, Path(out), name, origin, lic))
    return result


def git_info(root: Path) -> dict[str, str]:
    """Commit and remote of a git checkout (read-only git commands); empty when root is not one."""
    info: dict[str, str] = {}
    for key, cmd in (("commit", ["rev-parse", "HEAD"]), ("remote", ["config", "--get", "remote.origin.url"])):
        try:
            proc = subprocess.run(["git", "-C", str(root), *cmd], capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            return info
        if proc.returncode == 0 and proc.stdout.strip():
            info[key] = proc.stdout.strip()
    return info


def extract_local(
    root: Path,
    out: Path,
    licence: str = "",
    seen: dict[str, str] | None = None,
    licences: list[str] | None = None,
) -> Extracted:
    """`gpuport corpus local PATH`: any folder, with git commit/remote recorded when it is a checkout.
    A tree whose licence is not on the allow-list (`licences`; default: permissive ones) writes nothing."""
    from .licences import allowed

    root = Path(root).resolve()
    lic = find_licence(root)
    git = git_info(root)
    origin: dict[str, Any] = {"origin": "local", "source": str(root), **git}
    origin["id_prefix"] = f"local:{git.get('remote') or root.name}@{git.get('commit', '')[:12]}"
    origin["licence"] = licence or (licence_from_text(lic.read_text(errors="replace")) if lic else "unknown")
    if not allowed(origin["licence"], licences):
        return Extracted(skipped=[f"{root}: licence {origin['licence']!r} is not on the allow-list"])
    return extract_tree(root, out, origin, prefix=root.name or "local", seen=seen, licence_file=lic)


_LICENCE_MARKERS: tuple[tuple[str, str], ...] = (
    ("Apache License", "Apache-2.0"),
    ("MIT License", "MIT"),
    ("Permission is hereby granted, free of charge", "MIT"),
    ("BSD 3-Clause", "BSD-3-Clause"),
    ("Redistribution and use in source and binary forms", "BSD"),
    ("GNU GENERAL PUBLIC LICENSE", "GPL"),
    ("GNU LESSER GENERAL PUBLIC LICENSE", "LGPL"),
    ("Mozilla Public License", "MPL-2.0"),
)


def licence_from_text(text: str) -> str:
    """A licence name recognised in a licence file's text ('unknown ...' when none is)."""
    for marker, name in _LICENCE_MARKERS:
        if marker.lower() in text.lower():
            return name
    return "unknown (see ORIGIN_LICENSE)"
