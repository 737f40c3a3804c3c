"""Include roots outside a task: the headers of torch (its CPU wheel ships ATen, c10 and torch/extension.h),
pybind11 and Python, which torch-extension units of PyPI sdists include.

A task cannot copy them (they are a whole library, and not the task's code), and an absolute path would tie
the task to one machine, so its flags name them symbolically, `-I@torch`, and the build expands the name to
this machine's folders (`expand`). The source that writes the task decides which roots a unit needs from
the headers it includes (`needed`). A root this machine lacks expands to nothing: the compile then fails on
the missing header, which its log says.
"""

from __future__ import annotations

import functools
import re
import sysconfig
from collections.abc import Iterable

PREFIX = "-I@"

# root name -> the include names (first path component, or the whole name) that need it
_NEEDS: dict[str, tuple[str, ...]] = {
    "torch": ("torch", "ATen", "c10", "caffe2"),
    "pybind11": ("pybind11",),
    "python": ("Python.h",),
}
# An include line: (the opening `<` or `"`, the name). The corpus sources (dataset/sources) use it too.
INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"\n]+)[>"]', re.MULTILINE)


def needed(datas: Iterable[bytes]) -> list[str]:
    """The roots the sources' includes need, as `-I@name` flags, in _NEEDS order; a torch extension
    includes pybind11 and Python through torch/extension.h, so torch brings both."""
    found: set[str] = set()
    for data in datas:
        for m in INCLUDE.finditer(data):
            name = m.group(2).decode("utf-8", "replace").strip()
            first = name.split("/", 1)[0]
            for root, heads in _NEEDS.items():
                if first in heads or name in heads:
                    found.add(root)
    if "torch" in found:
        found |= {"pybind11", "python"}
    return [f"{PREFIX}{r}" for r in _NEEDS if r in found]


@functools.cache
def folders(root: str) -> tuple[str, ...]:
    """This machine's include folders for a root name (empty when it lacks them or the name is unknown)."""
    try:
        if root == "torch":
            import torch.utils.cpp_extension as ext

            return tuple(str(p) for p in ext.include_paths())
        if root == "pybind11":
            import pybind11

            return (pybind11.get_include(),)
        if root == "python":
            return (sysconfig.get_paths()["include"],)
    except ImportError:
        return ()
    return ()


def expand(flags: Iterable[str]) -> list[str]:
    """Task flags with every `-I@name` replaced by this machine's folders for it."""
    out: list[str] = []
    for f in flags:
        if f.startswith(PREFIX):
            out += [f"-I{d}" for d in folders(f[len(PREFIX) :])]
        else:
            out.append(f)
    return out
