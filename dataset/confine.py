"""What keeps a task inside its folder: files, includes and compiler flags that could reach outside it.

The pipeline compiles strangers' code and publishes the sources and compiler logs. A header linked to
/etc/shadow, an `#include "/etc/shadow"` or `-I/home/me` would copy outside text into the store (as a
task file or as the compiler's quotation of the line it failed on) and from there into a public dataset.
The same checks run when a task is loaded (the task is refused and reported) and when a store is
exported (rows that break them are refused), so a store written by an older gpuport cannot leak either.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath

_INCLUDE = re.compile(
    r'^[ \t]*#[ \t]*(?:include|include_next|import)[ \t]*([<"])([^>"\n]*)[>"]', re.MULTILINE
)
# Only compiler flags that change code generation or name something inside the task folder. Anything
# else (-ccbin / --compiler-bindir runs another program, -Xcompiler passes anything on, -o / -include /
# --output-directory name outside paths) is refused, so a task cannot run or read what it likes.
_ALLOWED_FLAG = re.compile(
    r"-O[0-3s]?|-[DU][A-Za-z_]\w*(?:=[^\n]*)?|-std=c\+\+\d\d|-g|-G|-lineinfo|-w"
    r"|--?use_fast_math|-rdc=(?:true|false)|--relocatable-device-code=(?:true|false)|-dc"
    r"|--expt-extended-lambda|--extended-lambda|--expt-relaxed-constexpr|-Xptxas=-v|--?maxrregcount=\d+"
    r"|-I(?P<include>[^\n]+)"
)


def escapes_folder(rel: str) -> bool:
    """True for a path (relative to a task folder, posix) that is absolute or climbs out of it."""
    if not rel or PurePosixPath(rel).is_absolute() or rel.startswith("\\"):
        return True
    norm = posixpath.normpath(rel)
    return norm == ".." or norm.startswith("../")


def include_problems(rel: str, text: str) -> list[str]:
    """Includes in file `rel` that name a file outside the task folder."""
    problems = []
    here = posixpath.dirname(rel)
    for m in _INCLUDE.finditer(text):
        bracket, name = m.group(1), m.group(2).strip()
        line = text.count("\n", 0, m.start()) + 1
        if name.startswith("/") or re.match(r"[A-Za-z]:[\\/]", name):
            problems.append(f"{rel}:{line}: #include of an absolute path, outside the task folder: {name}")
        elif bracket == '"' and escapes_folder(posixpath.join(here, name)):
            problems.append(f"{rel}:{line}: #include climbs outside the task folder: {name}")
        elif bracket == "<" and ".." in PurePosixPath(name).parts:
            # Searched from the system folders, `<../../etc/x>` reaches anywhere.
            problems.append(f"{rel}:{line}: #include <...> with '..' reaches outside the task folder: {name}")
    return problems


def files_problems(files: Mapping[str, str | bytes]) -> list[str]:
    """Paths and includes of a task's files (relative path -> content) that reach outside the task."""
    problems = []
    for rel, content in sorted(files.items()):
        if escapes_folder(rel):
            problems.append(f"{rel}: a file path outside the task folder")
            continue
        text = content.decode("utf-8", "replace") if isinstance(content, bytes) else content
        problems += include_problems(rel, text)
    return problems


def links_leaving(folder: Path) -> list[str]:
    """Symbolic links under `folder` that point outside it (relative paths, with their targets)."""
    root = folder.resolve()
    out = []
    for p in sorted(folder.rglob("*")):
        if p.is_symlink() and not p.resolve().is_relative_to(root):
            out.append(f"{p.relative_to(folder).as_posix()} is a symlink to outside the task folder")
    return out


def flag_problems(flags: Iterable[str]) -> list[str]:
    """Compiler flags outside the allow-list, or -I paths outside the task folder."""
    problems = []
    for flag in flags:
        m = _ALLOWED_FLAG.fullmatch(flag)
        if m is None:
            problems.append(
                f"build.flags: {flag!r} is not allowed (allowed: -O, -D, -U, -std=, -g, -lineinfo, "
                "-w, --use_fast_math, -rdc, -I inside the task folder)"
            )
        elif m.group("include") is not None and escapes_folder(m.group("include")):
            problems.append(f"build.flags: {flag!r} names a folder outside the task folder")
    return problems
