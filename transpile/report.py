"""Reports: what was converted, what was not and why, per file and in total.

The JSON form (`--report-json`) is the contract for scripts and for the HTML report; the terminal form is
a summary for people. Exit codes are decided here so the CLI and the API agree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .diagnostics import Located
from .engine import Stats

# Exit codes of `gpuport translate` (documented in the README).
EXIT_OK = 0  # everything CUDA was converted
EXIT_UNCONVERTED = 1  # some CUDA references remain (listed in the report)
EXIT_USAGE = 2  # bad command line or fatal input problem (nothing written)
EXIT_FILE_ERRORS = 3  # some files could not be read or written (others were processed)

REPORT_VERSION = 1


@dataclass
class FileReport:
    path: str  # relative to the source root (or the file name for one file)
    action: str  # translated | copied | unchanged (cache hit) | skipped | error
    output: str | None = None  # relative output path
    is_cuda: bool = False
    stats: Stats = field(default_factory=Stats)
    diagnostics: list[Located] = field(default_factory=list)
    error: str | None = None
    llm: dict[str, Any] | None = None  # filled by the LLM fallback: regions tried, accepted, failed
    level: str | None = None  # verification level, when the pipeline ran
    note: str | None = None  # why a skipped file was not read (a link out of the tree, a FIFO)

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "action": self.action,
            "output": self.output,
            "is_cuda": self.is_cuda,
            "stats": self.stats.to_dict(),
            "diagnostics": [d.__dict__ for d in self.diagnostics],
            "error": self.error,
            "llm": self.llm,
            "level": self.level,
            "note": self.note,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FileReport:
        stats = Stats()
        s = data.get("stats") or {}
        stats.converted.update(s.get("converted", {}))
        stats.unconverted.update(s.get("unconverted", {}))
        for key in ("warnings", "review", "lines_changed", "model_edits"):
            setattr(stats, key, int(s.get(key, 0)))
        return cls(
            path=data["path"],
            action=data["action"],
            output=data.get("output"),
            is_cuda=bool(data.get("is_cuda")),
            stats=stats,
            diagnostics=[Located(**d) for d in data.get("diagnostics", [])],
            error=data.get("error"),
            llm=data.get("llm"),
            level=data.get("level"),
            note=data.get("note"),
        )


@dataclass
class TreeReport:
    source: str
    output: str | None
    target: str
    options: dict[str, Any]
    files: list[FileReport] = field(default_factory=list)
    elapsed_s: float = 0.0
    notes: list[str] = field(default_factory=list)  # tree-level remarks (skipped output dir, symlinks)
    # The translator that made the outputs (transpile/fingerprint.py: rules, tables, version, options).
    translator_fingerprint: str | None = None

    @property
    def totals(self) -> Stats:
        total = Stats()
        for f in self.files:
            total.merge(f.stats)
        return total

    @property
    def exit_code(self) -> int:
        if any(f.action == "error" for f in self.files):
            return EXIT_FILE_ERRORS
        if self.totals.total_unconverted:
            return EXIT_UNCONVERTED
        return EXIT_OK

    def count(self, action: str) -> int:
        return sum(1 for f in self.files if f.action == action)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": REPORT_VERSION,
            "source": self.source,
            "output": self.output,
            "target": self.target,
            "options": self.options,
            "translator_fingerprint": self.translator_fingerprint,
            "elapsed_s": round(self.elapsed_s, 3),
            "exit_code": self.exit_code,
            "totals": self.totals.to_dict(),
            "files_by_action": {
                a: self.count(a) for a in ("translated", "copied", "unchanged", "skipped", "error")
            },
            "notes": self.notes,
            "files": [f.to_dict() for f in self.files],
        }

    def write_json(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TreeReport:
        report = cls(data["source"], data.get("output"), data["target"], data.get("options", {}))
        report.files = [FileReport.from_dict(f) for f in data.get("files", [])]
        report.elapsed_s = float(data.get("elapsed_s", 0.0))
        report.notes = list(data.get("notes", []))
        report.translator_fingerprint = data.get("translator_fingerprint")
        return report


def summary_text(report: TreeReport, max_diagnostics: int = 40) -> str:
    """A plain-text summary for the terminal (stderr)."""
    t = report.totals
    lines = [
        f"gpuport: {report.source} -> {report.output or '(in place)'} [{report.target}]",
        "files: "
        + ", ".join(
            f"{report.count(a)} {a}"
            for a in ("translated", "copied", "unchanged", "skipped", "error")
            if report.count(a)
        ),
        f"references: {t.total_converted} converted, {t.total_unconverted} unconverted; "
        f"{t.lines_changed} lines changed; {t.warnings} warnings; {t.review} to review",
    ]
    families = sorted(set(t.converted) | set(t.unconverted))
    if families:
        lines.append("by API family (converted / unconverted):")
        for fam in families:
            lines.append(f"  {fam:<20} {t.converted.get(fam, 0):>7} / {t.unconverted.get(fam, 0)}")
    shown = 0
    for f in report.files:
        if f.error:
            lines.append(f"error: {f.path}: {f.error}")
        for d in f.diagnostics:
            # INFO (a safe addition such as GP113's runtime include) is for --report-json, not the terminal.
            if d.status in ("converted", "info") or shown >= max_diagnostics:
                continue
            lines.append(d.format())
            shown += 1
    hidden = (
        sum(1 for f in report.files for d in f.diagnostics if d.status not in ("converted", "info")) - shown
    )
    if hidden > 0:
        lines.append(f"... {hidden} more diagnostics (see --report-json)")
    lines.extend(f"note: {n}" for n in report.notes)
    lines.append(f"exit code {report.exit_code}; {report.elapsed_s:.2f}s")
    return "\n".join(lines)
