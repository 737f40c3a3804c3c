"""Shared machinery of the CUDA-library rules (cuBLAS GP254, cuRAND GP255, CUB GP256).

A library rule maps a CUDA library by renaming: each mapped name becomes the name of a small standard
SYCL 2020 helper (`gpuport_*`) taking the same arguments, or a plain value (`CUBLAS_OP_N` -> `'N'`). The
helpers are emitted once, in place of the library's `#include` (after `<sycl/sycl.hpp>` and the guarded
queue prelude, which they use), so a file gets them exactly when it includes the library, and a project
header that includes the library carries them to every file including it. Each helper block is guarded
by its own `#ifndef`, so a header and the file including it can both carry it.

Names of the library that the rule does not map are reported `unconverted`, naming what is mapped, so
the report says precisely what remains.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...context import Include, RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._queue import QUEUE_DEFINITION, RUNTIME_HEADERS

SYCL_INCLUDE = "#include <sycl/sycl.hpp>\n"


def _routed_elsewhere(ctx: RuleContext, name: str) -> bool:
    """A library name whose row routes it to another rule (`cublasGetStatusString` to GP211)."""
    entry = ctx.tables.lookup(name)
    return entry is not None and entry.sycl_rule is not None


class LibraryRule(Rule):
    """Renames a library's names to helper calls and puts the helpers where the library was included."""

    # CUDA name -> replacement text: the tables' rows routed to this rule (`rule:GPnnn spelling`)
    # include path -> the helper blocks that replace it (in order); [] replaces it by <sycl/sycl.hpp>
    headers: dict[str, list[str]] = {}
    # the library's names (for reporting the unmapped ones)
    library_names: re.Pattern[str] = re.compile(r"(?!)")
    library: str = ""
    mapped_summary: str = ""
    family: str = "library"
    safety: Safety = Safety.SAFE
    needs_queue: bool = True

    def message(self, name: str, new: str) -> str:
        return f"`{name}` -> `{new}`"

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        yield from self.rename_names(ctx)
        yield from self.replace_includes(ctx)

    def rename_names(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        declared = ctx.declared_names
        user = ctx.options.user_names  # the tree's own: the CUDA Handbook's `CUDART_CHECK` in chError.h
        renames = ctx.tables.handled_by(self.code)
        for occ in ctx.occurrences:
            if occ.name in declared or occ.name in user or ctx.is_claimed(occ.start, occ.end):
                continue
            new = renames.get(occ.name)
            if new is not None:
                yield self.converted(
                    occ.start,
                    occ.end,
                    self.message(occ.name, new),
                    [Edit(occ.start, occ.end, new)],
                    family=self.family,
                    symbol=occ.name,
                    safety=self.safety,
                )
            elif self.library_names.fullmatch(occ.name) and not _routed_elsewhere(ctx, occ.name):
                yield self.unconverted(
                    occ.start,
                    occ.end,
                    f"{self.library} `{occ.name}` has no standard SYCL 2020 mapping here "
                    f"({self.code} maps {self.mapped_summary}); port it by hand",
                    family=self.family,
                    symbol=occ.name,
                )

    def headers_for(self, ctx: RuleContext) -> dict[str, list[str]]:
        """The helper blocks per include path for this file (a rule may add blocks the file needs)."""
        return self.headers

    def replace_includes(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        emitted: set[str] = set()
        headers = self.headers_for(ctx)
        for inc in ctx.includes:
            blocks = headers.get(inc.path)
            if blocks is None:
                continue
            new = [b for b in blocks if b not in emitted]
            emitted.update(new)
            text = "" if sycl_included_before(ctx, inc) else SYCL_INCLUDE
            if self.needs_queue and any(b is not DATA_TYPES for b in new):  # the data-type enum needs none
                text += QUEUE_DEFINITION
            text += "".join(new)
            what = (
                "<sycl/sycl.hpp>"
                if text.startswith(SYCL_INCLUDE)
                else "nothing (<sycl/sycl.hpp> is included)"
            )
            yield self.converted(
                inc.directive_start,
                inc.directive_end,
                f"<{inc.path}> -> {what}" + (" and inline gpuport helpers" if new else ""),
                [include_edit(ctx, inc, text)],
                family=self.family,
                symbol=inc.path,
            )


def sycl_included_before(ctx: RuleContext, inc: Include) -> bool:
    """True when an earlier include of the file becomes (or is) <sycl/sycl.hpp>."""
    return any(
        i.directive_start < inc.directive_start and (i.path in RUNTIME_HEADERS or i.path == "sycl/sycl.hpp")
        for i in ctx.includes
    )


def include_edit(ctx: RuleContext, inc: Include, text: str) -> Edit:
    """Replace an include directive by `text` (removing its line when `text` is empty).

    The last top-level include keeps its newline: GP236 replaces that newline with its structs and GP201
    inserts the queue prelude after it."""
    end = inc.directive_end
    last = max((i.directive_end for i in ctx.top_level_includes), default=-1)
    if ctx.source[end - 1 : end] == b"\n" and (text or end == last):
        end -= 1
    return Edit(inc.directive_start, end, text.rstrip("\n"))


def status_type(name: str, cuda: str) -> str:
    """A library's status type (cuBLAS's `cublasStatus_t`, cuRAND's, cuFFT's) as the block defining `name`:
    an int (0 is success), as a type of its own, so that a project's overloads on it and on `cudaError_t` (an
    int in SYCL) stay two functions, as in CUDA (helper_cuda.h's `_cudaGetErrorEnum`, FasterTransformer's).
    It converts to and from int both ways; the library's helpers return it."""
    guard = "GPUPORT_SYCL_" + name.removeprefix("gpuport_").upper()
    return f"""#ifndef {guard}
#define {guard}
// {cuda}: an int, as a type of its own (overloads on it and on cudaError_t stay apart).
struct {name} {{
  int value;
  {name}(int v = 0) : value(v) {{}}
  operator int() const {{ return value; }}
}};
#endif
"""


# CUDA's cudaDataType values as an enum: cuBLAS (GP254) and cufftXt (GP270) take their element types so.
DATA_TYPES = r"""#ifndef GPUPORT_SYCL_DATA_TYPE
#define GPUPORT_SYCL_DATA_TYPE
// CUDA's cudaDataType (library_types.h): which element type a library call's data has.
enum gpuport_blas_type {
  gpuport_blas_r_16f, gpuport_blas_c_16f,
  gpuport_blas_r_16bf, gpuport_blas_c_16bf,
  gpuport_blas_r_32f, gpuport_blas_c_32f,
  gpuport_blas_r_64f, gpuport_blas_c_64f,
  gpuport_blas_r_8i, gpuport_blas_c_8i,
  gpuport_blas_r_8u, gpuport_blas_c_8u,
  gpuport_blas_r_16i, gpuport_blas_c_16i,
  gpuport_blas_r_16u, gpuport_blas_c_16u,
  gpuport_blas_r_32i, gpuport_blas_c_32i,
  gpuport_blas_r_32u, gpuport_blas_c_32u,
  gpuport_blas_r_64i, gpuport_blas_c_64i,
  gpuport_blas_r_64u, gpuport_blas_c_64u,
};
#endif
"""
