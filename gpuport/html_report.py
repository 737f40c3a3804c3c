"""The translation report (and the corpus report) as ONE self-contained HTML page.

Why this shape: a tree can hold hundreds of files, so the page must open fast. The table of files is built
by a small inline script from a compact JSON index; each file's diff is precomputed here (difflib for the
line diff, Pygments for the highlighting) and embedded as its own `<script type="application/json">`
block, which the browser neither parses nor lays out until someone opens that file. Nothing is fetched at
view time: CSS and JS are inlined from gpuport/templates/.

Two entry points share one page:
  write_translation_report(TreeReport, path)   `gpuport translate ... --report-html`
  write_store_report(store_path, path)          `gpuport report corpus.db -o report.html`
"""

from __future__ import annotations

import difflib
import functools
import html
import json
import math
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .transpile.report import FileReport, TreeReport
from .transpile.tree import backup_path

__all__ = [
    "PageData",
    "build_translation_page",
    "build_store_page",
    "render_page",
    "write_translation_report",
    "write_store_report",
    "load_store",
]

CONTEXT_LINES = 3  # unchanged lines kept around each change; the rest fold behind a "show" row
MAX_DIFF_BYTES = 2 * 1024 * 1024  # larger inputs get no diff (a note says so): the page must stay usable
LEVEL_ORDER = ("none", "translated", "compiles", "runs-equal", "perf-measured")


# ---------------------------------------------------------------- the page model


@dataclass
class PageData:
    """Everything the page shows. `rows` feed the table; `details[row id]` the lazily rendered diffs."""

    kind: str  # "translate" | "corpus"
    title: str
    meta: list[tuple[str, str]]  # (label, value) lines under the title
    totals_html: str  # trusted HTML built here (numbers, escaped names)
    columns: list[dict[str, Any]]  # {key, label, num}
    rows: list[dict[str, Any]] = field(default_factory=list)
    details: dict[int, dict[str, Any]] = field(default_factory=dict)
    tag_options: list[tuple[str, str]] = field(default_factory=list)  # (tag, label) for the status filter
    rules: dict[str, dict[str, str]] = field(default_factory=dict)  # code -> {name, summary, doc}
    notes: list[str] = field(default_factory=list)
    extra_html: str = ""  # trusted HTML after the totals (the corpus report's chart)


# ---------------------------------------------------------------- highlighting and diffs


def _lexer(name: str, cuda: bool) -> Any:
    """A Pygments lexer for a file name, or None when Pygments is not installed (plain text then)."""
    try:
        from pygments.lexers import CppLexer, CudaLexer, get_lexer_for_filename
        from pygments.util import ClassNotFound
    except ImportError:
        return None
    # stripnl=False: Pygments would otherwise drop leading blank lines and shift every line number.
    opts = {"stripnl": False, "ensurenl": True}
    if cuda or name.endswith((".cu", ".cuh")):
        return CudaLexer(**opts)
    try:
        return get_lexer_for_filename(name, **opts)
    except ClassNotFound:
        return CppLexer(**opts)


_TOKEN_SPAN = re.compile(r'<span class="([\w-]+)">([^<]*)</span>')


@functools.cache
def _styled_classes() -> frozenset[str]:
    """Pygments token classes the default style colours; spans of the others only cost bytes."""
    from pygments.formatters import HtmlFormatter

    styled = set()
    for line in str(HtmlFormatter(style="default").get_style_defs(".hl")).splitlines():
        m = re.match(r"\.hl \.([\w-]+) \{([^}]*)\}", line)
        if m and m.group(2).strip():
            styled.add(m.group(1))
    return frozenset(styled)


def _drop_plain_spans(fragment: str) -> str:
    styled = _styled_classes()
    return _TOKEN_SPAN.sub(lambda m: m.group(0) if m.group(1) in styled else m.group(2), fragment)


def highlight_lines(text: str, name: str, cuda: bool = False) -> list[str]:
    """One HTML fragment per source line (spans never cross lines), escaped when Pygments is absent."""
    lines = text.splitlines()
    lexer = _lexer(name, cuda)
    if lexer is None or not text:
        return [html.escape(line) for line in lines]
    from pygments import highlight
    from pygments.formatters import HtmlFormatter

    # Pygments closes and reopens its spans at each newline, so splitting the output by line is safe.
    out = str(highlight(text, lexer, HtmlFormatter(nowrap=True)))
    # Names, punctuation and whitespace have no colour in the style: about half of all spans.
    out = _drop_plain_spans(out)
    parts = out.split("\n")
    if parts and parts[-1] == "":
        parts.pop()
    if len(parts) != len(lines):  # e.g. form feeds or lone \r that splitlines() counts differently
        return [html.escape(line) for line in lines]
    return parts


def _decode(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _line_ranges_of_bytes(source: bytes, spans: list[tuple[int, int]]) -> list[list[int]]:
    """1-based inclusive line ranges covering byte spans of `source`."""
    out = []
    for start, end in spans:
        first = source.count(b"\n", 0, max(0, start)) + 1
        last = source.count(b"\n", 0, max(start, end - 1)) + 1
        out.append([first, max(first, last)])
    return out


def diff_detail(
    a_text: str,
    b_text: str,
    a_name: str,
    b_name: str,
    *,
    diagnostics: list[dict[str, Any]] | None = None,
    model_lines: list[list[int]] | None = None,
    a_cuda: bool = True,
) -> dict[str, Any]:
    """The per-file data the page renders on demand: highlighted lines and difflib opcodes.

    Lines inside "equal" opcodes are stored once (on the input side) to halve the page size; the script
    reuses them for the output side. An opcode touching an input line range in `model_lines` (edits the
    LLM fallback made) carries a model flag so the page can mark it.
    """
    a_lines = a_text.splitlines()
    b_lines = b_text.splitlines()
    matcher = difflib.SequenceMatcher(None, a_lines, b_lines, autojunk=False)
    ops = matcher.get_opcodes()
    a_html = highlight_lines(a_text, a_name, cuda=a_cuda)
    b_full = highlight_lines(b_text, b_name)
    b_html: list[str | None] = [None] * len(b_lines)
    model = model_lines or []
    packed = []
    for tag, i1, i2, j1, j2 in ops:
        if tag != "equal":
            for j in range(j1, j2):
                b_html[j] = b_full[j]
        # Input lines i1+1..i2 (1-based); a pure insertion sits between lines i1 and i1+1.
        lo, hi = i1 + 1, max(i1 + 1, i2)
        by_model = tag != "equal" and any(first <= hi and lo <= last for first, last in model)
        packed.append([tag[0], i1, i2, j1, j2, 1 if by_model else 0])
    return {
        "a_name": a_name,
        "b_name": b_name,
        "a": a_html,
        "b": b_html,
        "ops": packed,
        "diags": diagnostics or [],
        "model_lines": model,
        "context": CONTEXT_LINES,
    }


def note_detail(note: str, diagnostics: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A detail without a diff (texts missing, binary, too large): the note and the diagnostics."""
    return {"note": note, "diags": diagnostics or []}


def _rule_docs(codes: set[str]) -> dict[str, dict[str, str]]:
    """Name, summary and doc of each rule code used, so the page can explain every diagnostic."""
    try:
        from .transpile.rules.registry import by_code
    except ImportError:  # pragma: no cover - the registry is part of the package
        return {}
    table = by_code()
    out = {}
    for code in sorted(codes):
        rule = table.get(code)
        if rule is None:
            continue
        out[code] = {"name": rule.name, "summary": rule.summary, "doc": rule.doc()}
    return out


# ---------------------------------------------------------------- the translation report


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _texts_for(report: TreeReport, f: FileReport) -> tuple[bytes | None, bytes | None, str]:
    """(input, output, note) of one file, found from the report's source/output and the file's paths."""
    src = Path(report.source)
    if report.source == "-" or f.path == "<stdin>":
        return None, None, "the input came from standard input and was not kept"
    if src.is_dir():
        if report.output is None:  # in place: the original is kept as a backup beside it
            out_path = src / (f.output or f.path)
            backup = backup_path(src / f.path)
            in_path = backup if backup.is_file() else src / f.path
        else:
            in_path = src / f.path
            out_path = Path(report.output) / (f.output or f.path)
        return _read(in_path), _read(out_path), ""
    # One file: report.source is the file itself; the FileReport's output is the written file or "-".
    data = _read(src)
    if f.output and f.output != "-":
        out_path = Path(f.output)
        if out_path == src:  # --in-place on one file
            backup = backup_path(src)
            return _read(backup) if backup.is_file() else data, _read(out_path), ""
        return data, _read(out_path), ""
    if data is None:
        return None, None, ""
    if f.llm:
        return data, None, "the output went to standard output and was not kept (it holds LLM edits)"
    return data, _retranslate(report, f, data), "output re-translated for this report (it went to stdout)"


def _retranslate(report: TreeReport, f: FileReport, data: bytes) -> bytes | None:
    """The translation of a file whose output went to stdout, with the report's options."""
    try:
        from .api import make_options, translate

        opts = report.options or {}
        options = make_options(
            report.target,
            opts.get("hip_version"),
            str(opts.get("launch", "keep")),
            dnn=str(opts.get("dnn", "hipdnn")),
        )
        return bytes(translate(data, options=options, path=f.path).result.output)
    except Exception:  # a report must still be written when re-translation fails
        return None


def _diag_dicts(f: FileReport) -> list[dict[str, Any]]:
    return [
        {
            "line": d.line,
            "column": d.column,
            "code": d.code,
            "message": d.message,
            "status": d.status,
            "safety": d.safety,
            "family": d.family,
            "symbol": d.symbol,
            "by_model": bool(d.by_model),
        }
        for d in f.diagnostics
    ]


def _model_spans(f: FileReport) -> list[tuple[int, int]]:
    """Input byte spans of the regions the LLM fallback replaced (accepted regions only)."""
    spans = []
    for region in (f.llm or {}).get("details", []) or []:
        if region.get("status") == "accepted" and "start" in region and "end" in region:
            spans.append((int(region["start"]), int(region["end"])))
    return spans


def _output_name(report: TreeReport, f: FileReport) -> str:
    if f.output and f.output != "-":
        return Path(f.output).name if not Path(report.source).is_dir() else str(f.output)
    return str(f.path) + (".hip" if report.target == "hip" else ".sycl.cpp")


def _file_detail(
    report: TreeReport, f: FileReport, texts: dict[str, tuple[bytes | None, bytes | None]] | None
) -> dict[str, Any]:
    diags = _diag_dicts(f)
    if f.error:
        diags_note = f"error: {f.error}"
    else:
        diags_note = ""
    if texts is not None and f.path in texts:
        a, b = texts[f.path]
        note = ""
    else:
        a, b, note = _texts_for(report, f)
    if a is None or b is None:
        missing = "input" if a is None else "output"
        text = note or f"the {missing} text could not be read"
        return note_detail("; ".join(x for x in (diags_note, text) if x), diags)
    if len(a) > MAX_DIFF_BYTES or len(b) > MAX_DIFF_BYTES:
        return note_detail(f"too large for an inline diff ({len(a)} / {len(b)} bytes)", diags)
    model = _line_ranges_of_bytes(a, _model_spans(f))
    for d in diags:  # a model-made diagnostic marks its line even when the region details are absent
        if d["by_model"] and not any(lo <= d["line"] <= hi for lo, hi in model):
            model.append([d["line"], d["line"]])
    detail = diff_detail(
        _decode(a), _decode(b), f.path, _output_name(report, f), diagnostics=diags, model_lines=model
    )
    notes = [x for x in (diags_note, note) if x]
    if f.action == "unchanged":
        notes.append("cache hit: the output was current; its diagnostics are those of the run that wrote it")
    if notes:
        detail["note"] = "; ".join(notes)
    if f.llm:
        detail["llm"] = {k: v for k, v in f.llm.items() if k != "details"}
    return detail


def build_translation_page(
    report: TreeReport, texts: dict[str, tuple[bytes | None, bytes | None]] | None = None
) -> PageData:
    """The page for a TreeReport. `texts` (path -> (input, output)) overrides reading them from disk."""
    totals = report.totals
    show_level = any(f.level for f in report.files)
    show_llm = any(f.llm for f in report.files) or totals.model_edits > 0
    columns: list[dict[str, Any]] = [
        {"key": "path", "label": "file", "num": False},
        {"key": "action", "label": "action", "num": False},
        {"key": "converted", "label": "converted", "num": True},
        {"key": "unconverted", "label": "unconverted", "num": True},
        {"key": "diagnostics", "label": "diagnostics", "num": True},
        {"key": "review", "label": "review", "num": True},
        {"key": "lines_changed", "label": "lines changed", "num": True},
    ]
    if show_llm:
        columns.append({"key": "model_edits", "label": "LLM edits", "num": True})
    if show_level:
        columns.append({"key": "level", "label": "level", "num": False, "rank": list(LEVEL_ORDER)})
    page = PageData(
        kind="translate",
        title=f"gpuport translation report: {report.source}",
        meta=[
            ("source", report.source),
            ("output", report.output if report.output is not None else "(in place)"),
            ("target", report.target),
            ("options", ", ".join(f"{k}={v}" for k, v in sorted(report.options.items())) or "defaults"),
            ("elapsed", f"{report.elapsed_s:.2f} s"),
            ("exit code", str(report.exit_code)),
        ],
        totals_html=_translation_totals_html(report),
        columns=columns,
        notes=list(report.notes),
    )
    codes: set[str] = set()
    tags: set[str] = set()
    for i, f in enumerate(report.files):
        file_codes = sorted({d.code for d in f.diagnostics})
        codes.update(file_codes)
        row_tags = {f"action:{f.action}"}
        row_tags.update(f"status:{d.status}" for d in f.diagnostics)
        row_tags.update("safety:review" for d in f.diagnostics if d.safety == "review")
        if f.stats.total_unconverted:
            row_tags.add("unconverted")
        if f.error:
            row_tags.add("error")
        if f.stats.model_edits or any(d.by_model for d in f.diagnostics):
            row_tags.add("model")
        if f.level:
            row_tags.add(f"level:{f.level}")
        tags.update(row_tags)
        row = {
            "id": i,
            "path": f.path,
            "action": f.action,
            "converted": f.stats.total_converted,
            "unconverted": f.stats.total_unconverted,
            "diagnostics": len(f.diagnostics),
            "review": f.stats.review,
            "lines_changed": f.stats.lines_changed,
            "model_edits": f.stats.model_edits,
            "level": f.level or "",
            "codes": file_codes,
            "tags": sorted(row_tags),
            "search": " ".join([f.path, f.error or "", *file_codes, *(d.message for d in f.diagnostics)]),
            "has_detail": f.is_cuda or bool(f.error) or bool(f.diagnostics),
        }
        page.rows.append(row)
        if row["has_detail"]:
            page.details[i] = _file_detail(report, f, texts)
    page.tag_options = _tag_options(tags)
    page.rules = _rule_docs(codes)
    return page


_TAG_LABELS = {
    "unconverted": "has unconverted CUDA",
    "error": "has a file error",
    "model": "has LLM-made edits",
    "safety:review": "has edits to review",
}


def _tag_options(tags: set[str]) -> list[tuple[str, str]]:
    def label(tag: str) -> str:
        if tag in _TAG_LABELS:
            return _TAG_LABELS[tag]
        kind, _, value = tag.partition(":")
        return f"{kind}: {value}"

    def order(tag: str) -> tuple[int, int, str]:
        kind, _, value = tag.partition(":")
        rank = LEVEL_ORDER.index(value) if kind == "level" and value in LEVEL_ORDER else 0
        return (0 if tag in _TAG_LABELS else 1, rank, tag)

    return [(t, label(t)) for t in sorted(tags, key=order)]


def _num(id_: str, value: object, label: str, cls: str = "") -> str:
    return (
        f'<div class="card {cls}"><div class="num" id="{id_}">{html.escape(str(value))}</div>'
        f'<div class="lbl">{html.escape(label)}</div></div>'
    )


def _translation_totals_html(report: TreeReport) -> str:
    t = report.totals
    cards = [
        _num("total-files", len(report.files), "files"),
        _num("total-cuda-files", sum(1 for f in report.files if f.is_cuda), "CUDA files"),
        _num("total-converted", t.total_converted, "references converted", "good"),
        _num("total-unconverted", t.total_unconverted, "unconverted", "bad" if t.total_unconverted else ""),
        _num("total-warnings", t.warnings, "warnings", "warn" if t.warnings else ""),
        _num("total-review", t.review, "to review", "warn" if t.review else ""),
        _num("total-lines-changed", t.lines_changed, "lines changed"),
        _num("total-model-edits", t.model_edits, "LLM-made edits", "model" if t.model_edits else ""),
    ]
    actions = ", ".join(
        f'<span id="files-{a}">{report.count(a)}</span> {a}'
        for a in ("translated", "copied", "unchanged", "skipped", "error")
        if report.count(a)
    )
    parts = [
        f'<div class="cards">{"".join(cards)}</div>',
        f'<p class="actions">files: {actions or "none"}</p>',
    ]
    families = sorted(set(t.converted) | set(t.unconverted))
    if families:
        body = "".join(
            f'<tr><td>{html.escape(fam or "(none)")}</td><td class="n">{t.converted.get(fam, 0)}</td>'
            f'<td class="n{" badn" if t.unconverted.get(fam, 0) else ""}">{t.unconverted.get(fam, 0)}</td></tr>'
            for fam in families
        )
        parts.append(
            '<details class="families"><summary>by API family</summary><table id="families">'
            "<thead><tr><th>family</th><th>converted</th><th>unconverted</th></tr></thead>"
            f"<tbody>{body}</tbody></table></details>"
        )
    return "".join(parts)


def write_translation_report(
    report: TreeReport,
    path: Path,
    texts: dict[str, tuple[bytes | None, bytes | None]] | None = None,
) -> None:
    """Write `report` as one self-contained HTML page at `path`.

    Input and output texts are read from the report's source/output folders (or files); `texts` (file
    path -> (input bytes, output bytes)) supplies them instead, e.g. when the output went to stdout.
    """
    Path(path).write_text(render_page(build_translation_page(report, texts)), encoding="utf-8")


# ---------------------------------------------------------------- the corpus store report


def load_store(store_path: str | Path) -> list[dict[str, Any]]:
    """The pairs of a corpus store (dataset/store.py), one dict each, without heavy evidence contents.

    Read through the store's one read path (StoreReader: read-only, a build may still be writing; older
    schemas read with today's columns), taking only what the page shows, so a store with megabytes of ISA
    listings still loads fast. Keys: the `pairs` columns (JSON decoded), `domain`, `cuda_files`,
    `evidence` (name, stage, kind, toolchain, ok, rc, and the tail of failed logs).
    """
    from .dataset.store import StoreReader, cuda_files_of

    out = []
    with StoreReader(store_path) as reader:
        tasks = reader.tasks()
        for d in reader.pairs():
            task = tasks.get(d["task"])
            d["domain"] = task["domain"] if task else ""
            d["cuda_files"] = cuda_files_of(d, tasks)
            d["evidence"] = [
                {k: e[k] for k in ("stage", "kind", "name", "toolchain", "ok", "rc", "tail")}
                for e in reader.evidence(d["id"], contents=False)
            ]
            out.append(d)
    return out


def _pair_detail(p: dict[str, Any]) -> dict[str, Any]:
    """A pair's diff: each translated file against its CUDA original (matched by name without suffix)."""
    diags: list[dict[str, Any]] = [
        {
            "line": int(d.get("line", 0)),
            "column": int(d.get("column", 0)),
            "code": str(d.get("code", "")),
            "message": str(d.get("message", "")),
            "status": str(d.get("status", "")),
            "safety": str(d.get("safety", "")),
            "family": str(d.get("family", "")),
            "symbol": str(d.get("symbol", "")),
            "by_model": bool(d.get("by_model")),
            "path": str(d.get("path", "")),
        }
        for d in (p.get("diagnostics") or [])
        if isinstance(d, dict)
    ]
    cuda = p.get("cuda_files") or {}
    translated = p.get("translated_files") or {}
    files = []
    used: set[str] = set()
    for out_name in sorted(translated):
        src_name = _match_source(out_name, cuda)
        if src_name is None:
            continue
        used.add(src_name)
        file_diags = [d for d in diags if d["path"] in ("", src_name) or d["path"].endswith("/" + src_name)]
        files.append(
            diff_detail(cuda[src_name], translated[out_name], src_name, out_name, diagnostics=file_diags)
        )
    detail: dict[str, Any] = {"files": files, "diags": [] if files else diags}
    notes = list(p.get("notes") or [])
    if p.get("cuda_files") is None:
        notes.append(
            "the CUDA original is no longer in the store (the task was re-stored with other sources)"
        )
    if notes:
        detail["note"] = "; ".join(str(n) for n in notes)
    detail["evidence"] = p.get("evidence") or []
    facts = [
        ("compiles on", ", ".join(p.get("compiles_on") or []) or "-"),
        ("runs on", p.get("runs_on") or "-"),
        ("compared against", p.get("compare_basis") or "-"),
    ]
    if p.get("time_ratio") is not None:
        facts.append(
            (
                "time",
                f"{p.get('translated_ms')} ms translated / {p.get('original_ms')} ms original"
                f" = {p['time_ratio']:.3g}",
            )
        )
    detail["facts"] = facts
    return detail


def _match_source(out_name: str, cuda: dict[str, str]) -> str | None:
    if out_name in cuda:
        return out_name
    stem = out_name
    for suffix in (".sycl.cpp", ".hip", ".cpp", ".cu", ".cuh", ".h", ".hpp"):
        if stem.endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    for name in cuda:
        if name.rsplit(".", 1)[0] == stem:
            return name
    return None


def build_store_page(store_path: str | Path, pairs: list[dict[str, Any]] | None = None) -> PageData:
    pairs = load_store(store_path) if pairs is None else pairs
    columns: list[dict[str, Any]] = [
        {"key": "path", "label": "task", "num": False},
        {"key": "target", "label": "target", "num": False},
        {"key": "level", "label": "level", "num": False, "rank": list(LEVEL_ORDER)},
        {"key": "unconverted", "label": "unconverted", "num": True},
        {"key": "diagnostics", "label": "diagnostics", "num": True},
        {"key": "time_ratio", "label": "time ratio", "num": True},
        {"key": "compiles_on", "label": "compiles on", "num": False},
    ]
    page = PageData(
        kind="corpus",
        title=f"gpuport corpus report: {store_path}",
        meta=[("store", str(store_path)), ("pairs", str(len(pairs)))],
        totals_html=_store_totals_html(pairs),
        columns=columns,
        extra_html=perf_chart_svg(pairs),
    )
    codes: set[str] = set()
    tags: set[str] = set()
    for i, p in enumerate(pairs):
        diags = [d for d in (p.get("diagnostics") or []) if isinstance(d, dict)]
        file_codes = sorted({str(d.get("code", "")) for d in diags if d.get("code")})
        codes.update(file_codes)
        row_tags = {f"level:{p.get('level')}", f"target:{p.get('target')}"}
        row_tags.update(f"status:{d.get('status')}" for d in diags if d.get("status"))
        if int(p.get("unconverted") or 0):
            row_tags.add("unconverted")
        if p.get("domain"):
            row_tags.add(f"domain:{p['domain']}")
        tags.update(row_tags)
        ratio = p.get("time_ratio")
        page.rows.append(
            {
                "id": i,
                "path": str(p.get("task")),
                "target": str(p.get("target")),
                "level": str(p.get("level")),
                "unconverted": int(p.get("unconverted") or 0),
                "diagnostics": len(diags),
                "time_ratio": round(float(ratio), 4) if ratio is not None else None,
                "compiles_on": ", ".join(p.get("compiles_on") or []),
                "codes": file_codes,
                "tags": sorted(row_tags),
                "search": " ".join(
                    [
                        str(p.get("task")),
                        str(p.get("target")),
                        *file_codes,
                        *(str(n) for n in p.get("notes") or []),
                    ]
                ),
                "has_detail": True,
            }
        )
        page.details[i] = _pair_detail(p)
    page.tag_options = _tag_options(tags)
    page.rules = _rule_docs(codes)
    return page


def _store_totals_html(pairs: list[dict[str, Any]]) -> str:
    targets = sorted({str(p.get("target")) for p in pairs})
    levels = [lv for lv in LEVEL_ORDER if any(p.get("level") == lv for p in pairs)] or list(LEVEL_ORDER[1:])
    head = "".join(f"<th>{html.escape(t)}</th>" for t in targets)
    body = []
    for lv in levels:
        cells = "".join(
            f'<td class="n" id="level-{html.escape(lv)}-{html.escape(t)}">'
            f"{sum(1 for p in pairs if p.get('level') == lv and p.get('target') == t)}</td>"
            for t in targets
        )
        body.append(
            f'<tr><td><span class="lvl lvl-{html.escape(lv)}">{html.escape(lv)}</span></td>{cells}</tr>'
        )
    ratios = [float(p["time_ratio"]) for p in pairs if p.get("time_ratio") is not None]
    cards = [
        _num("total-pairs", len(pairs), "pairs"),
        _num("total-tasks", len({p.get("task") for p in pairs}), "tasks"),
        _num(
            "total-unconverted",
            sum(int(p.get("unconverted") or 0) for p in pairs),
            "unconverted references",
        ),
        _num("total-perf", len(ratios), "pairs timed"),
    ]
    if ratios:
        cards.append(_num("median-ratio", f"{_median(ratios):.3g}", "median time ratio (translated / CUDA)"))
    return (
        f'<div class="cards">{"".join(cards)}</div>'
        '<table id="levels"><caption>highest verification level reached, per target</caption>'
        f"<thead><tr><th>level</th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def _median(xs: list[float]) -> float:
    s = sorted(xs)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def perf_chart_svg(pairs: list[dict[str, Any]], limit: int = 400) -> str:
    """A diverging bar chart of time ratios on a log2 axis: left of 1 the port is faster, right slower."""
    timed = [p for p in pairs if p.get("time_ratio") is not None and float(p["time_ratio"]) > 0]
    if not timed:
        return '<p class="muted" id="perf-none">No pair has a time ratio yet (level perf-measured).</p>'
    timed.sort(key=lambda p: float(p["time_ratio"]))
    dropped = max(0, len(timed) - limit)
    timed = timed[:limit]
    span = 3.0  # log2 range shown each side: 1/8 .. 8
    label_w, plot_w, bar_h, top = 260, 480, 16, 24
    width = label_w + plot_w + 70
    height = top + bar_h * len(timed) + 10
    mid = label_w + plot_w / 2
    scale = (plot_w / 2) / span
    out = [
        f'<svg id="perf-chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="time ratio per pair">'
    ]
    for k in range(-3, 4):
        x = mid + k * scale
        out.append(
            f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{height - 6}" class="{"axis" if k == 0 else "grid"}"/>'
            f'<text x="{x:.1f}" y="{top - 10}" class="tick">{_ratio_label(2.0**k)}</text>'
        )
    for n, p in enumerate(timed):
        r = float(p["time_ratio"])
        v = max(-span, min(span, math.log2(r)))
        y = top + n * bar_h
        x0, x1 = sorted((mid, mid + v * scale))
        cls = "faster" if r < 1 else "slower"
        name = html.escape(f"{p.get('task')} [{p.get('target')}]")
        out.append(
            f'<g class="bar {cls}"><title>{name}: {r:.3g}x</title>'
            f'<text x="{label_w - 6}" y="{y + bar_h - 4}" class="blabel">{name}</text>'
            f'<rect x="{x0:.1f}" y="{y + 2}" width="{max(1.0, x1 - x0):.1f}" height="{bar_h - 4}"/>'
            f'<text x="{label_w + plot_w + 6}" y="{y + bar_h - 4}" class="bval">{r:.3g}</text></g>'
        )
    out.append("</svg>")
    caption = (
        "<p class='muted'>Median kernel time of the translation divided by the CUDA original's, log scale; "
        "bars left of 1 are faster." + (f" {dropped} more pairs not drawn." if dropped else "") + "</p>"
    )
    return f'<section class="chart"><h2>Performance ratios</h2>{caption}{"".join(out)}</section>'


def _ratio_label(r: float) -> str:
    return f"{r:g}" if r >= 1 else f"1/{1 / r:g}"


def write_store_report(store_path: str | Path, path: Path) -> PageData:
    page = build_store_page(store_path)
    Path(path).write_text(render_page(page), encoding="utf-8")
    return page


# ---------------------------------------------------------------- rendering


def _template(name: str) -> str:
    return resources.files("gpuport").joinpath("templates", name).read_text(encoding="utf-8")


def _json_for_script(data: Any) -> str:
    # Inside <script> only "</" (which could end the block) and "<!--" (which changes how the HTML parser
    # reads what follows) are dangerous. `<\/` and `\u003c!--` spell the same JSON strings, and escaping
    # just these keeps the page far smaller than escaping every "<" of the highlighted code.
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("</", "<\\/").replace("<!--", "\\u003c!--")


def _pygments_css() -> str:
    try:
        from pygments.formatters import HtmlFormatter
    except ImportError:
        return ""
    return str(HtmlFormatter(style="default").get_style_defs(".hl"))


def render_page(page: PageData) -> str:
    index = {
        "kind": page.kind,
        "columns": page.columns,
        "rows": page.rows,
        "tags": page.tag_options,
        "rules": page.rules,
    }
    details = "".join(
        f'<script type="application/json" class="detail-data" id="detail-{rid}">{_json_for_script(d)}</script>\n'
        for rid, d in page.details.items()
    )
    meta = "".join(f"<span><b>{html.escape(k)}</b> {html.escape(v)}</span>" for k, v in page.meta)
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in page.notes)
    css = _template("report.css") + "\n" + _pygments_css()
    noun = "pairs" if page.kind == "corpus" else "files"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(page.title)}</title>
<style>{css}</style></head>
<body class="kind-{page.kind}">
<header><h1>{html.escape(page.title)}</h1><div class="meta">{meta}</div></header>
<section id="totals">{page.totals_html}</section>
{f'<ul id="notes">{notes}</ul>' if notes else ""}
{page.extra_html}
<section id="files">
<h2>{noun.capitalize()}</h2>
<div class="controls">
<input id="filter" type="search" placeholder="filter by path, code or message" aria-label="filter">
<select id="tag-filter" aria-label="status"><option value="">any status</option></select>
<select id="code-filter" aria-label="code"><option value="">any code</option></select>
<label><input id="only-unconverted" type="checkbox"> only {noun} with unconverted</label>
<span class="spacer"></span>
<label>diff <select id="view-mode"><option value="split">side by side</option>
<option value="unified">unified</option></select></label>
<span id="shown-count"></span>
</div>
<table id="file-table"><thead></thead><tbody></tbody></table>
<noscript><p>This report needs JavaScript to list and open files.</p></noscript>
</section>
<script type="application/json" id="report-index">{_json_for_script(index)}</script>
{details}<script>{_template("report.js")}</script>
</body></html>
"""
