"""What every benchmark records beside its numbers: the command, the commit, the machine, the versions."""

from __future__ import annotations

import json
import os
import platform
import shlex
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
RESULTS = REPO / "bench" / "results"


def machine() -> dict[str, Any]:
    cpu = platform.processor()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "hostname_kind": "developer machine" if not os.environ.get("CI") else "CI",
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gib": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
        "os": platform.platform(),
        "python": sys.version.split()[0],
    }


def commit() -> str:
    """The commit the results come from: its hash when the checkout is clean; otherwise the words
    `uncommitted changes on <hash>` (a `<hash>+dirty` reads like a commit someone could check out, and
    nobody can); `unknown` outside a git checkout. The rest of the record is kept either way."""
    from gpuport.transpile.fingerprint import checkout_commit

    return checkout_commit(REPO) or "unknown"


def command(argv: list[str]) -> str:
    """The command line that re-runs a script, as a shell would read it back (quoted where needed), with
    the script named from the repository root (where the README's commands run), not by this machine's
    absolute path."""
    script, *args = argv
    path = Path(script)
    if path.is_absolute():
        try:
            script = path.resolve().relative_to(REPO).as_posix()
        except ValueError:
            pass
    return shlex.join(["python3", script, *args])


def provenance(argv: list[str] | None = None) -> dict[str, Any]:
    return {
        "command": command(argv if argv is not None else sys.argv),
        "commit": commit(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
    }


def write_json(name: str, data: dict[str, Any]) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(data, indent=1) + "\n")
    return path


def write_markdown(
    name: str, title: str, table: list[list[str]], prov: dict[str, Any], notes: str = ""
) -> Path:
    head, *rows = table
    lines = [
        f"# {title}",
        "",
        f"Command: `{prov['command']}`  ",
        f"Commit: `{prov['commit']}`  ",
        f"Date: {prov['date']}  ",
        f"Machine: {prov['machine']['cpu']}, {prov['machine']['cores']} cores, "
        f"{prov['machine']['memory_gib']} GiB, {prov['machine']['os']}",
        "",
        "| " + " | ".join(head) + " |",
        "|" + "---|" * len(head),
    ]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    if notes:
        lines += ["", notes]
    path = RESULTS / f"{name}.md"
    path.write_text("\n".join(lines) + "\n")
    return path


def save_figure(fig: Any, name: str, prov: dict[str, Any]) -> Path:
    """Save a matplotlib figure as bench/results/<name>.png carrying its provenance twice: as a footer
    a reader sees (command, commit, machine) and as PNG text chunks a tool reads."""
    m = prov["machine"]
    machine = f"{m['cpu']}, {m['cores']} cores, {m['memory_gib']} GiB"
    footer = f"command: {prov['command']}\ncommit: {prov['commit']}  date: {prov['date']}  machine: {machine}"
    fig.text(0.01, 0.005, footer, fontsize=6, family="monospace", ha="left", va="bottom", wrap=True)
    fig.subplots_adjust(bottom=max(fig.subplotpars.bottom, 0.22))
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.png"
    fig.savefig(
        path,
        dpi=110,
        metadata={"Software": "gpuport bench", "Description": footer, "Source": prov["command"]},
    )
    return path
