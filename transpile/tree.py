"""Translating a source tree: find the CUDA files, translate them (in parallel), copy the rest, report.

Safety rules live here: never write outside the output folder, never overwrite an input unless asked
(and then keep a backup), skip the output folder when it sits inside the input, do not follow symlinked
folders (no loops), and let one bad file fail alone.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace
from pathlib import Path

from .buildsys import build_file_kind, migrate_build_file
from .context import CUDA_NAME
from .engine import translate_source
from .options import Options
from .report import FileReport, TreeReport
from .rules.sycl.device_globals import project_options
from .tables import TABLES_DIR, load_tables

CUDA_EXTENSIONS = frozenset({".cu", ".cuh"})
# Files with these extensions are translated when they use CUDA.
MAYBE_CUDA_EXTENSIONS = frozenset(
    {".h", ".hpp", ".hh", ".hxx", ".cpp", ".cc", ".cxx", ".c", ".inl", ".inc", ".ipp", ".tpp", ".cuinl"}
)
SKIP_DIRS = frozenset({".git", ".hg", ".svn", "__pycache__"})
CACHE_FILE = ".gpuport-cache.json"
BACKUP_SUFFIX = ".orig"
_USES_CUDA = re.compile(
    rb"__global__|__device__|__shared__|__constant__|<<<|\bcuda[A-Z]\w*|\bcu(?:blas|rand|fft|sparse|solver|dnn)"
    rb"[A-Z_]\w*|#\s*include\s*[<\"](?:cuda|cublas|curand|cufft|cusparse|cusolver|cudnn|cooperative_groups|"
    rb"thrust/|cub/|cuComplex|nvrtc|nvtx|device_launch_parameters)"
)
# Whole identifiers shaped like CUDA's API names (the same shapes as context.CUDA_NAME): `cuda::` and
# `cub::`, everywhere in CCCL-based code, do not match, which keeps this first scan cheap.
_CUDA_PREFIXED = re.compile(
    rb"(?<![A-Za-z0-9_])(?:" + CUDA_NAME.pattern.encode("ascii") + rb")(?![A-Za-z0-9_])"
)
_IDENT_CHARS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_DEFINE_BEFORE = re.compile(rb"[ \t]*#[ \t]*define[ \t]+")  # the line up to the name
_DEFINITION_AFTER = re.compile(rb"\s*\([^;{}]*\)\s*(?:const\s*)?\{")  # after the name


class TreeError(ValueError):
    """A problem with the command as a whole (nothing was written)."""


def is_binary(data: bytes) -> bool:
    return b"\0" in data[:8192]


def uses_cuda(data: bytes) -> bool:
    return _USES_CUDA.search(data) is not None


def user_declared_cuda_names(data: bytes) -> set[str]:
    """CUDA-looking names a project defines itself (`#define CUDA_CHECK`, `void cudaCheck(...) {`).

    Only names no table knows matter (they are the ones GP003 would report), so a cheap scan for CUDA's
    name prefixes comes first and the costly definition checks run for the few candidates left.
    """
    symbols = load_tables().symbols
    candidates = {m.decode("ascii") for m in _CUDA_PREFIXED.findall(data)}
    names: set[str] = set()
    for name in candidates:
        if name in symbols or not CUDA_NAME.fullmatch(name):
            continue
        # Look only around this name's own occurrences (one pass over the file each would dominate the
        # scan on large trees): `#define NAME` before it on its line, or `(...) {` after it.
        raw = name.encode("ascii")
        pos = data.find(raw)
        while pos != -1:
            end = pos + len(raw)
            if (pos == 0 or data[pos - 1] not in _IDENT_CHARS) and (
                end == len(data) or data[end] not in _IDENT_CHARS
            ):
                line_start = data.rfind(b"\n", 0, pos) + 1
                if _DEFINE_BEFORE.fullmatch(data, line_start, pos) or _DEFINITION_AFTER.match(data, end):
                    names.add(name)
                    break
            pos = data.find(raw, end)
    return names


def default_extension_map(target: str) -> dict[str, str]:
    # SYCL sources are plain C++: a .cu translation unit must become .cpp for any SYCL compiler.
    return {".cu": ".cpp"} if target == "sycl" else {}


@functools.cache
def _tables_fingerprint() -> str:
    h = hashlib.sha256()
    for p in sorted(TABLES_DIR.glob("*.tsv")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


# One cache record: the input's key and the sha256 of the output written for it.
CacheEntry = dict[str, str]


def _cache_key(options: Options, data: bytes) -> str:
    from .. import __version__

    h = hashlib.sha256(data)
    h.update(options.key().encode())
    h.update(",".join(sorted(options.user_names)).encode())
    h.update(_tables_fingerprint().encode())
    h.update(__version__.encode())
    return h.hexdigest()


def within(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


@functools.lru_cache(maxsize=4096)
def _folder_within(folder: str, root: str) -> bool:
    # Folders are few and shared by many files: resolve each once.
    return within(Path(folder), Path(root))


def write_file(out_root: Path, rel: str, data: bytes) -> None:
    """Write `data` to out_root/rel atomically, refusing any path that resolves outside out_root."""
    target = out_root / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_symlink():
        target.unlink()  # never write through a link to somewhere else
    # The file itself is not a link (removed above), so the check on its folder is the check on it.
    if not _folder_within(str(target.parent), str(out_root)):
        raise OSError(f"refusing to write outside the output folder: {target}")
    if not target.exists():
        # A new file replaces nothing: write it directly (a crash leaves a partial output that the cache
        # does not list, so the next run rewrites it). Existing files are replaced atomically below.
        with open(target, "xb") as fh:
            fh.write(data)
        return
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".gpuport-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def translate_file(
    src: Path,
    out_root: Path,
    rel: str,
    out_rel: str,
    options: Options,
    in_place: bool,
    cache_key: str | None,
    data: bytes | None = None,
) -> tuple[FileReport, CacheEntry | None]:
    """Translate or copy one file. Returns its report and the cache entry to record (None: don't cache).

    `data` is the file's content when the caller has read it already (one process: no second read).
    """
    report = FileReport(path=rel, action="error", output=out_rel)
    if data is None:
        try:
            data = src.read_bytes()
        except OSError as err:
            report.error = f"cannot read: {err.strerror or err}"
            return report, None
    cuda_ext = src.suffix.lower() in CUDA_EXTENSIONS
    if is_binary(data):
        if cuda_ext:
            report.error = "binary file (NUL bytes) with a CUDA extension; not translated"
            return report, None
        return _copy(src, out_root, out_rel, data, report, in_place)
    is_cuda = cuda_ext or (src.suffix.lower() in MAYBE_CUDA_EXTENSIONS and uses_cuda(data))
    is_build = build_file_kind(src.name) is not None  # CMakeLists.txt, *.cmake, Makefile, *.mk: migrated
    if not is_cuda and not is_build:
        return _copy(src, out_root, out_rel, data, report, in_place)
    report.is_cuda = is_cuda
    try:
        result = migrate_build_file(data, options, rel) if is_build else translate_source(data, options, rel)
    except Exception as err:  # a bug in a rule must not stop the tree
        report.error = f"internal error while translating: {type(err).__name__}: {err}"
        return report, None
    report.stats = result.stats
    report.diagnostics = result.located()
    try:
        if in_place:
            if result.output != data:
                backup = src.with_name(src.name + BACKUP_SUFFIX)
                if not backup.exists():  # the first backup is the original; keep it
                    shutil.copy2(src, backup)
                write_file(out_root, out_rel, result.output)
        else:
            write_file(out_root, out_rel, result.output)
    except OSError as err:
        report.error = f"cannot write {out_rel}: {err.strerror or err}"
        return report, None
    report.action = "translated"
    # The cache entry: the input key and the hash of what was written (hashed here, in the worker).
    return report, None if cache_key is None else {"key": cache_key, "out": _sha(result.output)}


def _copy(
    src: Path, out_root: Path, out_rel: str, data: bytes, report: FileReport, in_place: bool
) -> tuple[FileReport, CacheEntry | None]:
    if not in_place:
        try:
            write_file(out_root, out_rel, data)
            shutil.copystat(src, out_root / out_rel)
        except OSError as err:
            report.error = f"cannot write {out_rel}: {err.strerror or err}"
            return report, None
    report.action = "copied" if not in_place else "skipped"
    return report, None


def walk(src: Path, skip: Path | None, notes: list[str]) -> Iterator[Path]:
    """Files under src, sorted, not following symlinked folders, skipping `skip` (the output folder)."""
    skip_resolved = skip.resolve() if skip is not None else None
    for dirpath, dirnames, filenames in os.walk(src, followlinks=False):
        here = Path(dirpath)
        kept = []
        for d in sorted(dirnames):
            full = here / d
            if d in SKIP_DIRS:
                continue
            if full.is_symlink():
                notes.append(f"{full.relative_to(src)}: symlinked folder not followed")
                continue
            if skip_resolved is not None and full.resolve() == skip_resolved:
                notes.append(f"{full.relative_to(src)}: the output folder, skipped")
                continue
            kept.append(d)
        dirnames[:] = kept
        for f in sorted(filenames):
            if f == CACHE_FILE or f.endswith(BACKUP_SUFFIX):
                continue
            yield here / f


def translate_tree(
    src: Path,
    out: Path | None,
    options: Options,
    *,
    jobs: int = 1,
    in_place: bool = False,
    force: bool = False,
    extension_map: dict[str, str] | None = None,
    progress: Callable[[FileReport, int, int], None] | None = None,
) -> TreeReport:
    """Translate every CUDA file under `src` into `out` (or in place), copying other files unchanged."""
    start = time.perf_counter()
    src = Path(src)
    if not src.is_dir():
        raise TreeError(f"{src}: not a folder")
    if in_place:
        out_root = src
        ext_map: dict[str, str] = {}  # renaming in place would leave the old file behind
    else:
        if out is None:
            raise TreeError("an output folder is needed (-o OUT), or --in-place")
        out_root = Path(out)
        if out_root.resolve() == src.resolve():
            raise TreeError(f"{out_root}: output folder is the input folder; use --in-place to rewrite it")
        if within(src, out_root):
            raise TreeError(f"{out_root}: output folder contains the input folder {src}")
        ext_map = default_extension_map(options.target) if extension_map is None else extension_map
        try:
            out_root.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise TreeError(f"{out_root}: cannot create output folder: {err.strerror or err}") from err
        if not os.access(out_root, os.W_OK):
            raise TreeError(f"{out_root}: output folder is not writable")
    report = TreeReport(str(src), None if in_place else str(out_root), options.target, _options_dict(options))
    files = list(walk(src, None if in_place else out_root, report.notes))

    # Pass 1: names the project declares itself, so its own CUDA_CHECK is not reported as CUDA's.
    user_names: set[str] = set(options.user_names)
    contents: dict[Path, bytes] = {}
    for path in files:
        if path.suffix.lower() in CUDA_EXTENSIONS | MAYBE_CUDA_EXTENSIONS:
            try:
                contents[path] = path.read_bytes()
            except OSError:
                continue  # reported when the worker reads it
            user_names |= user_declared_cuda_names(contents[path])
    options = replace(options, user_names=frozenset(user_names))
    # Pass 1b (SYCL): device globals and device functions shared across files (-rdc builds), so a file
    # that sees a global only as `extern`, or calls a device function defined elsewhere, translates in
    # agreement with the defining file. Each file gets the part it sees through its includes.
    per_file = project_options({p.relative_to(src).as_posix(): d for p, d in contents.items()}, options)

    cache_path = out_root / CACHE_FILE
    cache = {} if force else _load_cache(cache_path)
    new_cache: dict[str, CacheEntry] = {}
    jobs_todo: list[tuple[Path, str, str, str | None, Options]] = []
    for path in files:
        rel = path.relative_to(src).as_posix()
        file_options = per_file.get(rel, options)
        out_rel = rel
        suffix = path.suffix.lower()
        if suffix in ext_map:
            out_rel = rel[: -len(path.suffix)] + ext_map[suffix]
        key = None
        if suffix in CUDA_EXTENSIONS | MAYBE_CUDA_EXTENSIONS:
            data = contents.get(path)
            if data is not None:
                key = _cache_key(file_options, data)
                hit = cache.get(rel)
                out_file = out_root / out_rel
                if hit and out_file.is_file() and _fresh(hit, key, data, out_file, in_place):
                    report.files.append(
                        FileReport(path=rel, action="unchanged", output=out_rel, is_cuda=True)
                    )
                    new_cache[rel] = hit
                    continue
        jobs_todo.append((path, rel, out_rel, key, file_options))

    total = len(jobs_todo)
    done = 0

    def record(item: tuple[FileReport, CacheEntry | None]) -> None:
        nonlocal done
        file_report, entry = item
        report.files.append(file_report)
        if entry is not None and file_report.output:
            new_cache[file_report.path] = entry
        done += 1
        if progress is not None:
            progress(file_report, done, total)

    if jobs <= 1 or total < 2:
        for path, rel, out_rel, key, file_options in jobs_todo:
            data = contents.pop(path, None)  # read in pass 1; freed as we go
            record(translate_file(path, out_root, rel, out_rel, file_options, in_place, key, data))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(translate_file, path, out_root, rel, out_rel, file_options, in_place, key)
                for path, rel, out_rel, key, file_options in jobs_todo
            ]
            for fut in as_completed(futures):
                record(fut.result())
    report.files.sort(key=lambda f: f.path)
    try:
        _save_cache(cache_path, new_cache)
    except OSError as err:
        report.notes.append(f"cache not saved: {err.strerror or err}")
    report.elapsed_s = time.perf_counter() - start
    return report


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _fresh(hit: dict[str, str], key: str, data: bytes, out_file: Path, in_place: bool) -> bool:
    try:
        out_hash = _sha(out_file.read_bytes())
    except OSError:
        return False
    if out_hash != hit.get("out"):
        return False  # the output was edited or removed since
    # In place, the input *is* the output after the first run.
    return hit.get("key") == key or (in_place and _sha(data) == hit.get("out"))


def _load_cache(path: Path) -> dict[str, dict[str, str]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return data["files"] if isinstance(data, dict) and isinstance(data.get("files"), dict) else {}
    except (OSError, ValueError, KeyError):
        return {}


def _save_cache(path: Path, files: dict[str, dict[str, str]]) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".gpuport-cache-")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump({"version": 1, "files": files}, fh, indent=0, sort_keys=True)
    os.replace(tmp, path)


def _options_dict(options: Options) -> dict[str, object]:
    return {
        "target": options.target,
        "hip_version": f"{options.hip_version[0]}.{options.hip_version[1]}",
        "launch": options.launch,
        "sycl_subgroup_size": options.sycl_subgroup_size,
        "offload_arch": list(options.offload_arch),
    }
