"""The public Python API: `translate()` for a string, `translate_tree()` for a folder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .transpile.diagnostics import Located
from .transpile.engine import Stats, TranslationResult, translate_source
from .transpile.options import DnnStyle, LaunchStyle, Options, Target, hip_header_names, parse_hip_version
from .transpile.report import FileReport, TreeReport
from .transpile.safe_read import DEFAULT_MAX_FILE_SIZE
from .transpile.tree import Fallback
from .transpile.tree import translate_tree as _translate_tree

__all__ = ["Translation", "make_options", "translate", "translate_tree"]


@dataclass(frozen=True)
class Translation:
    """The result of translating one source text."""

    code: str  # the translated source
    diagnostics: list[Located]  # unconverted references, warnings and reviews, with line/column
    stats: Stats  # converted/unconverted counts by API family, lines changed
    target: str
    result: TranslationResult  # the engine's full result (edits, byte offsets), for tools

    @property
    def fully_converted(self) -> bool:
        """True when no CUDA reference was left unconverted."""
        return self.stats.total_unconverted == 0


def make_options(
    to: str = "hip",
    hip_version: str | tuple[int, int] | None = None,
    launch: str = "keep",
    sycl_subgroup_size: int = 32,
    dnn: str = "hipdnn",
    hip_headers: str | Path | Sequence[str | Path] = (),
) -> Options:
    """Validated Options from user-facing strings (raises ValueError naming the bad value).

    `hip_headers`: include folders of HIP headers the target has beyond its HIP release (ROCm 5.7's
    hip_bf16.h on a 5.2 install): what they declare is translated although hip_version predates it."""
    if to == "hip":
        target: Target = "hip"
    elif to == "sycl":
        target = "sycl"
    else:
        raise ValueError(f"unknown target {to!r}: expected 'hip' or 'sycl'")
    if launch == "keep":
        style: LaunchStyle = "keep"
    elif launch == "hipLaunchKernelGGL":
        style = "hipLaunchKernelGGL"
    else:
        raise ValueError(f"unknown launch style {launch!r}: expected 'keep' or 'hipLaunchKernelGGL'")
    if dnn == "hipdnn":
        dnn_style: DnnStyle = "hipdnn"
    elif dnn == "keep":
        dnn_style = "keep"
    else:
        raise ValueError(f"unknown cuDNN mapping {dnn!r}: expected 'hipdnn' or 'keep'")
    version = hip_version if isinstance(hip_version, tuple) else parse_hip_version(hip_version)
    extra = frozenset[str]()
    if isinstance(hip_headers, (str, Path)):
        # One folder given as a string: iterating it would ask for every character as a folder.
        hip_headers = [hip_headers]
    if hip_headers and target == "hip":  # SYCL output never names a HIP header
        missing = [str(d) for d in hip_headers if not Path(d).is_dir()]
        if missing:
            raise ValueError(f"--hip-headers: not a folder: {', '.join(missing)}")
        extra = hip_header_names(tuple(sorted(str(Path(d).resolve()) for d in hip_headers)))
    return Options(
        target=target,
        hip_version=version,
        launch=style,
        sycl_subgroup_size=sycl_subgroup_size,
        dnn=dnn_style,
        hip_extra_names=extra,
    )


def translate(
    code: str | bytes,
    to: str = "hip",
    *,
    hip_version: str | tuple[int, int] | None = None,
    launch: str = "keep",
    dnn: str = "hipdnn",
    path: str = "<string>",
    options: Options | None = None,
    hip_headers: str | Path | Sequence[str | Path] = (),
) -> Translation:
    """Translate CUDA source text to HIP or SYCL 2020.

    `hip_version` is the oldest HIP the output must build with ("5.2", "6.2"; default: the installed
    ROCm's, else 6.2). `launch="hipLaunchKernelGGL"` rewrites `<<<...>>>` launches. `dnn="keep"` leaves
    cuDNN names (each reported) instead of hipDNN's (reported per file: ROCm ships no hipDNN). `path` names the
    source in diagnostics. `hip_headers`: folders of HIP headers the target has beyond `hip_version` (see
    make_options). Never raises on bad syntax: unparsable regions are reported (GP004).
    """
    opts = options or make_options(to, hip_version, launch, dnn=dnn, hip_headers=hip_headers)
    data = code.encode("utf-8", "surrogateescape") if isinstance(code, str) else code
    result = translate_source(data, opts, path)
    return Translation(result.code, result.located(), result.stats, opts.target, result)


def translate_tree(
    src: str | Path,
    out: str | Path | None = None,
    to: str = "hip",
    *,
    hip_version: str | tuple[int, int] | None = None,
    launch: str = "keep",
    dnn: str = "hipdnn",
    jobs: int = 1,
    in_place: bool = False,
    force: bool = False,
    progress: Callable[[FileReport, int, int], None] | None = None,
    options: Options | None = None,
    include_roots: Sequence[str | Path] = (),
    max_file_size: int = DEFAULT_MAX_FILE_SIZE,
    fallback: Fallback | None = None,
    hip_headers: str | Path | Sequence[str | Path] = (),
) -> TreeReport:
    """Translate every CUDA file under `src` into `out` (mirroring the layout), copying other files.

    `include_roots`: folders outside `src` whose headers the tree includes (`-I../common`); the files
    the tree includes from them are translated too, and `out` then mirrors the layout below the folder
    holding `src` and the roots.

    With `in_place=True` the files under `src` are rewritten and each changed file keeps a backup
    (`name.orig`). A re-run skips files whose content and options did not change (unless `force`).
    `fallback`: the LLM fallback for what the rules leave (`gpuport.models.fallback.TreeFallback`),
    run over each such file before it is written.

    Returns a report; `report.exit_code` is 0 (all converted), 1 (CUDA left), 3 (file errors).
    """
    opts = options or make_options(to, hip_version, launch, dnn=dnn, hip_headers=hip_headers)
    return _translate_tree(
        Path(src),
        Path(out) if out is not None else None,
        opts,
        jobs=jobs,
        in_place=in_place,
        force=force,
        progress=progress,
        include_roots=[Path(r) for r in include_roots],
        max_file_size=max_file_size,
        fallback=fallback,
    )
