"""`gpuport translate`: a file (to stdout or -o FILE) or a tree (-o OUT, or --in-place)."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..api import make_options, translate
from ..transpile.buildsys import is_build_path, migrate_build_file
from ..transpile.fingerprint import translator_fingerprint
from ..transpile.report import EXIT_USAGE, FileReport, TreeReport, summary_text
from ..transpile.safe_read import Refused, mode_bits, parse_size, read_regular
from ..transpile.tree import (
    BACKUP_SUFFIX,
    Fallback,
    TreeError,
    backup_path,
    run_fallback,
    translate_tree,
    wants_fallback,
    write_file,
)

if TYPE_CHECKING:
    from ..models.fallback import TreeFallback


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "translate",
        help="translate CUDA sources to HIP or SYCL",
        description="Translate a CUDA file or source tree to HIP or SYCL 2020. Exit codes: 0 all CUDA "
        "converted; 1 some CUDA left unconverted (see the report); 2 usage error; 3 some files could not "
        "be read or written.",
    )
    p.add_argument("src", help="a CUDA file, a folder, or - for standard input")
    p.add_argument("-o", "--output", help="output file (for a file) or folder (for a tree)")
    p.add_argument("--to", choices=("hip", "sycl"), default="hip", help="target (default: hip)")
    p.add_argument(
        "--hip-version",
        default=None,
        help="oldest HIP the output must build with, e.g. 5.2 or 6.2 (default: installed ROCm's, else 6.2)",
    )
    p.add_argument(
        "--hip-headers",
        action="append",
        default=[],
        metavar="DIR",
        help="an include folder of HIP headers the target has beyond --hip-version (ROCm 5.7's hip_bf16.h on "
        "a 5.2 install): the APIs they declare are translated; repeatable",
    )
    p.add_argument(
        "--launch",
        choices=("keep", "hipLaunchKernelGGL"),
        default="keep",
        help="kernel launch form for HIP (default: keep <<<...>>>)",
    )
    p.add_argument(
        "--dnn",
        choices=("hipdnn", "keep"),
        default="hipdnn",
        help="cuDNN for HIP: hipDNN names as hipify-clang writes them (default; ROCm ships no hipDNN, so "
        "each file that uses it is reported) or keep the cuDNN names, each reported",
    )
    p.add_argument(
        "--offload-arch",
        default="gfx90a",
        help="AMD GPU targets for migrated build files, comma-separated (default: gfx90a)",
    )
    p.add_argument(
        "-j", "--jobs", type=int, default=1, help="processes translating a tree (this one and N-1 workers)"
    )
    p.add_argument(
        "--include-root",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder outside SRC whose headers the tree includes (-I../common); what the tree includes "
        "from it is translated too, and OUT mirrors the layout of SRC and the roots (repeatable)",
    )
    p.add_argument(
        "--in-place", action="store_true", help=f"rewrite the tree in place (keeps NAME{BACKUP_SUFFIX})"
    )
    p.add_argument("--force", action="store_true", help="retranslate files the cache says are current")
    p.add_argument("--report-json", metavar="FILE", help="write the full report as JSON")
    p.add_argument("--report-html", metavar="FILE", help="write the report as one self-contained HTML page")
    p.add_argument(
        "--llm",
        metavar="BACKEND",
        help="LLM fallback: transformers:PATH, openai:URL#MODEL or scripted:FILE (a JSON list of answers)",
    )
    p.add_argument(
        "--llm-repairs",
        type=int,
        default=2,
        help="follow-up prompts per region after compiler errors (default 2)",
    )
    p.add_argument("--llm-max-tokens", type=int, default=None, help="tokens per model answer (default 1024)")
    p.add_argument("--llm-token-budget", type=int, default=None, help="total model tokens for the run")
    p.add_argument("--llm-time-budget", type=float, default=None, help="wall seconds for the LLM fallback")
    p.add_argument(
        "--llm-store", default=None, help="corpus store for few-shot examples (default ./corpus.db)"
    )
    p.add_argument(
        "--llm-cache", default=None, help="completion cache file (default ~/.cache/gpuport/llm.sqlite)"
    )
    p.add_argument("--llm-no-cache", action="store_true", help="always ask the model")
    p.add_argument(
        "--max-file-size",
        default="16M",
        metavar="SIZE",
        help="files larger than this are not read and are reported (K, M, G; default 16M)",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        options = make_options(
            args.to, args.hip_version, args.launch, dnn=args.dnn, hip_headers=args.hip_headers
        )
        arches = tuple(a.strip() for a in args.offload_arch.split(",") if a.strip())
        if not arches or not all(re.fullmatch(r"gfx[0-9a-f]+(?::[\w+-]+)*", a) for a in arches):
            raise ValueError(f"bad --offload-arch {args.offload_arch!r}: expected e.g. gfx90a,gfx942")
        options = replace(options, offload_arch=arches)
        try:
            args.max_bytes = parse_size(args.max_file_size)
        except ValueError as err:
            raise ValueError(f"--max-file-size: {err}") from None
        for flag, where in (("--report-json", args.report_json), ("--report-html", args.report_html)):
            if where:
                check_writable(flag, Path(where))
    except ValueError as err:
        print(f"gpuport translate: {err}", file=sys.stderr)
        return EXIT_USAGE
    if args.jobs < 1:
        print("gpuport translate: --jobs must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    src = Path(args.src)
    if args.src != "-" and not src.exists():
        print(f"gpuport translate: {src}: no such file or folder", file=sys.stderr)
        return EXIT_USAGE
    tree = args.src != "-" and src.is_dir()
    fallback = None
    if args.llm:
        # Before anything is written. A file given alone: its folder holds its headers (standard input
        # has none).
        fallback = _make_fallback(args, beside_source=not tree and args.src != "-")
        if fallback is None:
            return EXIT_USAGE
    # A file translated to standard output: its input and output, for the HTML report (not kept anywhere).
    texts: dict[str, tuple[bytes | None, bytes | None]] = {}
    if tree:
        report = _run_tree(args, src, options, fallback)
    else:
        report = _run_file(args, src, options, fallback, texts)
    if report is None:
        return EXIT_USAGE
    summary = fallback.summary() if fallback is not None else None
    if summary:
        report.notes.append(summary)
    try:
        if args.report_json:
            report.write_json(Path(args.report_json))
        if args.report_html:
            from ..html_report import write_translation_report

            write_translation_report(report, Path(args.report_html), texts or None)
    except OSError as err:
        # Checked before translating too; this catches what changed since (a full disk, a removed folder).
        print(f"gpuport translate: cannot write the report {err.filename}: {err.strerror}", file=sys.stderr)
        return EXIT_USAGE
    if not args.quiet:
        print(summary_text(report), file=sys.stderr)
    return report.exit_code


def _make_fallback(args: argparse.Namespace, *, beside_source: bool) -> TreeFallback | None:
    """The run's LLM fallback from --llm and its options; None (said on stderr) for a bad spec, a
    backend that cannot start or a scripted answers file that cannot be read."""
    from ..models.backends import BackendError
    from ..models.fallback import TreeFallback, config_from_args  # the LLM fallback (models/)

    try:
        return TreeFallback.from_spec(args.llm, config_from_args(args), beside_source=beside_source)
    except (ValueError, BackendError, OSError) as err:
        print(f"gpuport translate: --llm: {err}", file=sys.stderr)
        return None


def _run_tree(  # type: ignore[no-untyped-def]
    args: argparse.Namespace, src: Path, options, fallback: Fallback | None
) -> TreeReport | None:
    if args.in_place and args.output:
        print("gpuport translate: give either -o OUT or --in-place, not both", file=sys.stderr)
        return None
    progress = None
    bar = None
    if not args.no_progress and not args.quiet and sys.stderr.isatty():
        from rich.progress import Progress

        bar = Progress(transient=True)
        task = bar.add_task("translating", total=None)
        bar.start()

        def progress(file_report: FileReport, done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, description=file_report.path[-40:])

    try:
        return translate_tree(
            src,
            Path(args.output) if args.output else None,
            options,
            jobs=args.jobs,
            in_place=args.in_place,
            force=args.force,
            progress=progress,
            include_roots=[Path(r) for r in args.include_root],
            max_file_size=args.max_bytes,
            fallback=fallback,
        )
    except TreeError as err:
        print(f"gpuport translate: {err}", file=sys.stderr)
        return None
    finally:
        if bar is not None:
            bar.stop()


def _run_file(  # type: ignore[no-untyped-def]
    args: argparse.Namespace,
    src: Path,
    options,
    fallback: Fallback | None = None,
    texts: dict[str, tuple[bytes | None, bytes | None]] | None = None,
) -> TreeReport | None:
    """Translate one file, the LLM fallback (when given) included, then write or print it once; `texts`
    gets its input and output when the output goes to standard output (the HTML report shows them from
    there, not from a second translation)."""
    name = "<stdin>" if args.src == "-" else src.name
    data = _read_input(args, src)
    if data is None:
        return None
    out_path = _output_path(args, src, name)
    if out_path is False:
        return None
    if is_build_path(name):
        # A CMakeLists.txt or Makefile given alone: the build-file migration, not the C++ translator.
        result = migrate_build_file(data, options, name)
    else:
        result = translate(data, options=options, path=name).result
    llm = None
    if fallback is not None and wants_fallback(result, is_build_path(name)):
        out_dir = out_path.parent if out_path is not None else None
        result, llm = run_fallback(fallback, result, options, src, out_dir)
    file_report = FileReport(
        path=name,
        action="translated",
        output=str(out_path) if out_path else "-",
        is_cuda=True,
        stats=result.stats,
        diagnostics=result.located(),
        llm=llm,
    )
    try:
        if out_path is None:
            if texts is not None:
                texts[name] = (data, result.output)
            sys.stdout.buffer.write(result.output)
            sys.stdout.flush()
        else:
            if out_path == src:
                backup = backup_path(src)
                if not backup.exists():
                    backup.write_bytes(data)
            write_file(out_path.parent, out_path.name, result.output, mode_bits(src))
    except OSError as err:
        file_report.action = "error"
        file_report.error = f"cannot write {out_path}: {err.strerror or err}"
    report = TreeReport(str(src), str(out_path) if out_path else "-", options.target, {})
    report.translator_fingerprint = translator_fingerprint(options)
    report.files.append(file_report)
    return report


def _read_input(args: argparse.Namespace, src: Path) -> bytes | None:
    """The one file's bytes (standard input for -); None, said on stderr, when it is refused."""
    try:
        if args.src == "-":
            data = sys.stdin.buffer.read(args.max_bytes + 1)
            if len(data) > args.max_bytes:
                raise Refused("too-large", f"over the limit of {args.max_bytes} bytes (--max-file-size)")
        else:
            data = read_regular(src, None, args.max_bytes)  # a FIFO or /dev/zero given by name: refused
    except Refused as err:
        print(f"gpuport translate: {src}: {err.reason}", file=sys.stderr)
        return None
    if b"\0" in data[:8192]:
        print(f"gpuport translate: {src}: binary file (NUL bytes); not translated", file=sys.stderr)
        return None
    return data


def _output_path(args: argparse.Namespace, src: Path, name: str) -> Path | None | Literal[False]:
    """Where one file's translation goes: a file, None for standard output, False (said on stderr)
    when it cannot go anywhere (a folder that cannot be made, the input itself without --in-place)."""
    if not args.output:
        return src if args.in_place and args.src != "-" else None
    out_path = Path(args.output)
    if args.output.endswith(("/", os.sep)):
        # `-o newdir/`: a folder, made when missing (Path() drops the slash, so look at the text).
        try:
            out_path.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            print(f"gpuport translate: {out_path}: cannot create folder: {err.strerror}", file=sys.stderr)
            return False
    if out_path.is_dir():
        out_path = out_path / name
    if args.src != "-" and out_path.resolve() == src.resolve() and not args.in_place:
        print(
            f"gpuport translate: {out_path}: refusing to overwrite the input (use --in-place)",
            file=sys.stderr,
        )
        return False
    return out_path


def check_writable(flag: str, path: Path) -> None:
    """Refuse a report path that cannot be written before any work is done (a usage error, exit 2)."""
    parent = path.parent
    if path.is_dir():
        raise ValueError(f"{flag} {path}: is a folder, not a file")
    if not parent.is_dir():
        raise ValueError(f"{flag} {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"{flag} {path}: not writable")


def report_json(report: TreeReport) -> str:
    return json.dumps(report.to_dict(), indent=1)
