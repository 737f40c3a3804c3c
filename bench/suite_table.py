"""The suite table: per domain and target, how many tasks reach each verification level.

    python3 bench/suite_table.py STORE.sqlite [STORE2.sqlite ...] [--name suite_levels]

Reads pipeline stores written by dataset/store.py (several are merged: e.g. a CPU/CI run that reaches
`compiles` and an H200 run that reaches `runs-equal` / `perf-measured`). For each (task, target) the
highest level over all stores counts, and the store that provided it is recorded. A task reaching a level
also counts as reaching every lower one, so each column reads "tasks at this level or above".
Writes bench/results/<name>.{json,md,png}.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import provenance, save_figure, write_json, write_markdown  # noqa: E402
from gpuport.dataset.store import LEVELS, StoreReader  # noqa: E402

SHOWN = LEVELS[1:]  # "none" is the absence of a level


def read_store(path: Path) -> tuple[dict[tuple[str, str], dict[str, Any]], dict[str, str]]:
    """(task, target) -> best pair row of one store, and task -> domain."""
    with StoreReader(path) as reader:
        domains = {name: t["domain"] for name, t in reader.tasks().items()}
        best: dict[tuple[str, str], dict[str, Any]] = {}
        for p in reader.pairs():
            r = {k: p[k] for k in ("task", "target", "level", "level_rank", "compiles_on", "runs_on")}
            key = (r["task"], r["target"])
            if key not in best or r["level_rank"] > best[key]["level_rank"]:
                best[key] = {**r, "store": str(path)}
    return best, domains


def merge(paths: list[Path]) -> tuple[dict[tuple[str, str], dict[str, Any]], dict[str, str]]:
    best: dict[tuple[str, str], dict[str, Any]] = {}
    domains: dict[str, str] = {}
    for p in paths:
        rows, doms = read_store(p)
        domains.update(doms)
        for key, row in rows.items():
            if key not in best or row["level_rank"] > best[key]["level_rank"]:
                best[key] = row
    return best, domains


def table_counts(
    best: dict[tuple[str, str], dict[str, Any]], domains: dict[str, str]
) -> dict[str, dict[str, dict[str, int]]]:
    """domain -> target -> {"tasks": n, level: tasks at that level or above}."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for (task, target), row in best.items():
        dom = domains.get(task, "unknown")
        cell = out.setdefault(dom, {}).setdefault(target, {"tasks": 0, **{lv: 0 for lv in SHOWN}})
        cell["tasks"] += 1
        for lv in SHOWN:
            if row["level_rank"] >= LEVELS.index(lv):
                cell[lv] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("stores", nargs="+", type=Path)
    ap.add_argument("--name", default="suite_levels", help="results file stem under bench/results")
    args = ap.parse_args(argv)
    missing = [str(p) for p in args.stores if not p.is_file()]
    if missing:
        print(f"suite_table: no such store: {', '.join(missing)}", file=sys.stderr)
        return 2
    best, domains = merge(args.stores)
    counts = table_counts(best, domains)
    targets = sorted({t for d in counts.values() for t in d})
    totals: dict[str, dict[str, int]] = {}
    for d in counts.values():
        for t, cell in d.items():
            tot = totals.setdefault(t, {"tasks": 0, **{lv: 0 for lv in SHOWN}})
            for k, v in cell.items():
                tot[k] += v
    prov = provenance(argv if argv is not None else sys.argv)
    hardware = sorted({r["runs_on"] for r in best.values() if r.get("runs_on")})
    toolchains = sorted({c for r in best.values() for c in r.get("compiles_on") or []})
    data = {
        **prov,
        "stores": [str(p) for p in args.stores],
        "levels": list(SHOWN),
        "by_domain": counts,
        "total": totals,
        "runs_on": hardware,
        "compiles_on": toolchains,
        "best_from_store": {f"{k[0]}/{k[1]}": v["store"] for k, v in sorted(best.items())},
    }
    write_json(args.name, data)
    table = [["domain", "target", "tasks", *SHOWN]]
    for dom in sorted(counts):
        for t in targets:
            cell = counts[dom].get(t)
            if cell:
                table.append([dom, t, str(cell["tasks"]), *(str(cell[lv]) for lv in SHOWN)])
    for t in targets:
        cell = totals[t]
        table.append(["**total**", t, str(cell["tasks"]), *(str(cell[lv]) for lv in SHOWN)])
    notes = (
        "Each level column counts tasks that reached that level or a higher one; per (task, target) the best "
        f"level over the merged stores counts. Stores: {', '.join(str(p) for p in args.stores)}. "
        f"Runs on: {', '.join(hardware) or 'none recorded'}. Compiled with: {', '.join(toolchains) or 'none recorded'}."
    )
    write_markdown(args.name, "Kernel suite: verification levels per domain and target", table, prov, notes)
    plot(counts, targets, args.name, prov)
    print(
        f"{len(best)} (task, target) pairs from {len(args.stores)} store(s); wrote bench/results/{args.name}.*"
    )
    return 0


def plot(
    counts: dict[str, dict[str, dict[str, int]]], targets: list[str], name: str, prov: dict[str, Any]
) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    doms = sorted(counts)
    if not doms or not targets:
        return
    fig, axes = plt.subplots(
        1, len(targets), figsize=(6.5 * len(targets), 0.35 * len(doms) + 2), squeeze=False
    )
    for ax, t in zip(axes[0], targets, strict=True):
        left = [0] * len(doms)
        # Stacked by the highest level reached (exclusive), so a bar's length is the domain's task count.
        for k, lv in enumerate(SHOWN):
            nxt = SHOWN[k + 1] if k + 1 < len(SHOWN) else None
            vals = [
                counts[d].get(t, {}).get(lv, 0) - (counts[d].get(t, {}).get(nxt, 0) if nxt else 0)
                for d in doms
            ]
            ax.barh(doms, vals, left=left, label=lv)
            left = [a + b for a, b in zip(left, vals, strict=True)]
        unreached = [counts[d].get(t, {}).get("tasks", 0) - left[i] for i, d in enumerate(doms)]
        ax.barh(doms, unreached, left=left, label="none", color="lightgrey")
        ax.set_title(f"target {t}: highest level reached")
        ax.tick_params(axis="y", labelsize=8)
        ax.legend(fontsize=7)
    fig.tight_layout()
    save_figure(fig, name, prov)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
