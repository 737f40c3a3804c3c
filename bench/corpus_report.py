"""bench/results/corpus.md: the corpus build's sources, dedup figures, levels, evidence and throughput.

    python3 bench/corpus_report.py STORE CORPUS_DIR [--export DIR] [--part LABEL=STORE ...]

Reads the store (through StoreReader), the corpus folder's `corpus-manifest.json` (gpuport corpus clean)
and every bench/results/corpus_throughput_*.json, and writes bench/results/corpus.md and
bench/results/corpus_stats.json. With --export, the exported folder's card is copied beside them as
bench/results/corpus_card.md (the rows themselves hold fetched projects' code and are not committed).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import RESULTS, provenance, write_json  # noqa: E402


def table(head: list[str], rows: list[list[Any]]) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def store_stats(store: Path) -> dict[str, Any]:
    from gpuport.dataset.export import origin_and_license
    from gpuport.dataset.store import CHECKS, LEVELS, StoreReader, evidence_checks

    with StoreReader(store) as r:
        tasks = r.tasks()
        pairs = r.pairs()
        levels: Counter[tuple[str, str, str]] = Counter()
        checks: Counter[tuple[str, str]] = Counter()
        why_not: Counter[str] = Counter()
        licences: Counter[str] = Counter()
        run_cards: Counter[str] = Counter()  # the GPU each runs-equal pair ran on (the issue names the H200)
        for p in pairs:
            task = tasks.get(p["task"]) or {}
            origin, lic = origin_and_license(task.get("spec") or {}, task.get("origin"))
            kind = origin.split(":", 1)[0]
            levels[(kind, p["target"], p["level"])] += 1
            licences[lic] += 1
            if p["level"] in ("runs-equal", "perf-measured"):
                run_cards[p["runs_on"] or "(not recorded)"] += 1
            c = p["checks"]
            if c is None:
                ev = [
                    (e["stage"], e["kind"], e["name"], e["ok"]) for e in r.evidence(p["id"], contents=False)
                ]
                c = evidence_checks(p["compiles_on"], ev, p["runs_on"], p["time_ratio"], p["level"])
            for name in CHECKS:
                if c.get(name):
                    checks[(p["target"], name)] += 1
            if p["level"] in ("none", "translated"):
                for note in p["notes"]:
                    # Every reason a pair stayed low, counts folded ("9 CUDA reference(s)" -> "N ...").
                    why_not[f"{p['target']}: {re.sub(r'[0-9]+', 'N', note.split(':')[0])[:90]}"] += 1
    return {
        "pairs": len(pairs),
        "levels_none": sum(n for (_k, _t, lv), n in levels.items() if lv == "none"),
        "levels": {f"{k}|{t}|{lv}": n for (k, t, lv), n in sorted(levels.items())},
        "checks": {f"{t}|{c}": n for (t, c), n in sorted(checks.items())},
        "licences": dict(licences),
        "runs_equal_hardware": dict(run_cards.most_common()),
        "notes_of_pairs_below_compiles": dict(why_not.most_common(12)),
        "level_names": list(LEVELS),
        "check_names": list(CHECKS),
    }


def both_vendors(store: Path) -> dict[str, Any]:
    """Pairs whose CUDA original compiles with nvcc and whose translation compiles for its target (HIP:
    hipcc for gfx90a and gfx1030; SYCL: the type-check), counted per source kind and target."""
    from gpuport.dataset.export import origin_and_license
    from gpuport.dataset.store import StoreReader

    counts: Counter[str] = Counter()
    with StoreReader(store) as r:
        tasks = r.tasks()
        for p in r.pairs():
            c = p["checks"] or {}
            task = tasks.get(p["task"]) or {}
            kind = origin_and_license(task.get("spec") or {}, task.get("origin"))[0].split(":", 1)[0]
            target_ok = (
                c.get("hip_gfx90a") and c.get("hip_gfx1030")
                if p["target"] == "hip"
                else c.get("sycl_typecheck") or c.get("sycl_acpp")
            )
            if c.get("cuda_nvcc") and target_ok and p["level"] not in ("none", "translated"):
                counts[f"{kind}|{p['target']}"] += 1
    return dict(counts)


def real_projects(store: Path) -> dict[str, list[str]]:
    """The real-code projects whose tasks the store holds, by the list that names them (projects.toml:
    the real-world yardstick's; corpus_projects.toml: the corpus-only ones)."""
    import tomllib

    from gpuport.dataset.store import StoreReader

    with StoreReader(store) as r:
        ids = [(t.get("origin") or {}).get("source_id", "") for t in r.tasks().values()]
    names = {i.split(":", 1)[1].split("@", 1)[0] for i in ids if i.startswith("realworld:")}
    out: dict[str, list[str]] = {}
    here = Path(__file__).resolve().parent / "realworld"
    for listed in ("projects.toml", "corpus_projects.toml"):
        with open(here / listed, "rb") as f:
            listed_names = {p["name"] for p in tomllib.load(f).get("project", [])}
        out[listed] = sorted(names & listed_names)
    return out


def part_throughput(label: str, store: Path) -> dict[str, Any]:
    """Pairs a build recorded, over the seconds from its first `gpuport build` start to its last record."""
    import datetime

    from gpuport.dataset.store import StoreReader

    with StoreReader(store) as r:
        builds = json.loads(r.meta().get("builds", "[]"))
        pairs = r.pairs()
    levels = Counter(p["level"] for p in pairs)
    # Each build's time runs from its start to the last pair it recorded before the next build began: the
    # gaps between builds (a device machine's calls, a build stopped for other work) are not build time.
    starts = sorted(datetime.datetime.fromisoformat(b["date"]).timestamp() for b in builds)
    created = sorted(p["created_at"] for p in pairs)
    span = 0.0
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else float("inf")
        mine = [t for t in created if start <= t < end]
        if mine:
            span += mine[-1] - start
    if not starts:
        span = (created[-1] - created[0]) if created else 0.0
    span = max(1.0, span)
    m = builds[0].get("machine", {}) if builds else {}
    return {
        "label": label,
        "pairs": len(pairs),
        "levels": dict(levels),
        "seconds": round(span),
        "pairs_per_hour": round(len(pairs) / span * 3600),
        "cpus": m.get("host_cpus"),
        "hipcc": m.get("toolchains", {}).get("hipcc", {}).get("path"),
        "gpus": m.get("gpus"),
        "commands": [re.sub(r"--tasks \S+", "--tasks <list>", b["command"]) for b in builds],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("store", type=Path, help="the merged store")
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--export", type=Path, default=None)
    ap.add_argument(
        "--part", action="append", default=[], metavar="LABEL=STORE", help="a store merged in (throughput)"
    )
    ap.add_argument(
        "--publish-log", type=Path, default=None, help="output of `gpuport publish ... --dry-run`"
    )
    ap.add_argument("--note", type=Path, default=None, help="a markdown section appended as it is")
    args = ap.parse_args(argv)
    prov = provenance()
    manifest = json.loads((args.corpus / "corpus-manifest.json").read_text())
    stats = store_stats(args.store)
    both = both_vendors(args.store)
    projects = real_projects(args.store)
    parts = [part_throughput(label, Path(path)) for label, _, path in (p.partition("=") for p in args.part)]
    for part in parts:
        part["store"] = "(merged)"
    write_json(
        "corpus_stats",
        {
            **prov,
            "manifest": {k: v for k, v in manifest.items() if k != "removed"},
            **stats,
            "compile_level_both": both,
            "real_projects": projects,
            "parts": parts,
        },
    )
    if args.export is not None:
        shutil.copyfile(args.export / "README.md", RESULTS / "corpus_card.md")

    levels = [lv for lv in stats["level_names"] if lv != "none"] + ["none"]
    kinds = sorted({k.split("|")[0] for k in stats["levels"]})
    lv_rows = []
    for kind in kinds:
        for target in ("hip", "sycl"):
            counts = [stats["levels"].get(f"{kind}|{target}|{lv}", 0) for lv in levels]
            if sum(counts):
                lv_rows.append([kind, target, *counts, sum(counts), both.get(f"{kind}|{target}", 0)])
    ck_rows = [
        [f"`{c}`", stats["checks"].get(f"hip|{c}", 0), stats["checks"].get(f"sycl|{c}", 0)]
        for c in stats["check_names"]
    ]
    part_rows = [
        [
            p["label"],
            p["cpus"],
            p["pairs"],
            p["seconds"],
            p["pairs_per_hour"],
            "; ".join(f"`{c}`" for c in p["commands"][:1]),
        ]
        for p in parts
    ]
    removed = Counter(r["reason"] for r in manifest["removed"])
    total_both = sum(both.values())
    real_both = sum(v for k, v in both.items() if not k.startswith("augment"))
    runs_equal = sum(
        n for k, n in stats["levels"].items() if k.split("|")[2] in ("runs-equal", "perf-measured")
    )
    n_yard, n_corpus = len(projects["projects.toml"]), len(projects["corpus_projects.toml"])
    reached = [
        f"{total_both:,} of 10,000 at compile level" + (" (met)" if total_both >= 10000 else ""),
        f"{real_both:,} of 3,000 from real code" + (" (met)" if real_both >= 3000 else ""),
        f"{runs_equal:,} of 1,000 runs-equal on the device's NVIDIA GPU"
        + (" (met)" if runs_equal >= 1000 else ""),
    ]
    cards = "; ".join(f"{card}: {n:,}" for card, n in stats.get("runs_equal_hardware", {}).items()) or "none"
    BR = "  "  # a markdown line break
    text = f"""# The corpus at scale (issue 20): sources, dedup, levels, throughput

Command: `{prov["command"]}`{BR}
Commit: `{prov["commit"]}`{BR}
Date: {prov["date"]}{BR}
Machine (where this report ran): {prov["machine"]["cpu"]}, {prov["machine"]["cores"]} cores, {prov["machine"]["memory_gib"]} GiB

**{total_both} pairs at compile level on both vendors** (the CUDA original compiles with nvcc for sm_90 and
the translation compiles: hipcc for gfx90a and gfx1030, or the SYCL type-check), **{real_both} of them from
real code**, and **{runs_equal} runs-equal on the device's NVIDIA GPU** (where each ran, from the
runs' own records: {cards}; the issue names the H200, and the device pool lends an H100 or an H200). Against
the issue's numbers: {"; ".join(reached)}.

## How to rebuild it

```sh
python3 bench/realworld/cache.py                       # the projects of bench/realworld/projects.toml, from their mirrors
python3 bench/realworld/cache.py --projects bench/realworld/corpus_projects.toml
gpuport corpus realworld --granularity tree --out C     # every .cu of the listed trees; benchmark-split projects held out
gpuport corpus realworld --granularity tree --projects bench/realworld/corpus_projects.toml --out C
gpuport augment --n 6000 --seed 0 --out C/augment       # generated, marked synthetic
gpuport corpus clean C                                  # dedup + decontamination -> C/corpus-manifest.json
# CPU machine with hipcc (2 cores here), any subset of the tasks:
gpuport build --suite C --to hip,sycl --store local.db -j 2 --max-level compiles --no-acpp --no-isa \
    --skip-broken-originals --compile-cache cc --tasks "$(paste -sd, TASKS_FILE)"
# device machine (16 cores, nvcc, no hipcc): carry Debian's HIP toolchain, see bench/corpus_device.sh
bash scripts/pack_hipcc.sh .hiptc                       # then the two device calls of corpus_device.sh
gpuport merge corpus.db device.db local.db real.db      # one store
gpuport export corpus.db EXPORT && gpuport publish EXPORT --repo USER/gpuport-corpus --dry-run
python3 bench/corpus_report.py corpus.db C --export EXPORT --part device=device.db --part ...
```

## Sources

{table(["source", "tasks before clean", "after"], [[k, manifest["before_by_source"].get(k, 0), manifest["after_by_source"].get(k, 0)] for k in sorted(manifest["before_by_source"])])}

Licences (SPDX; `custom-permissive` = read by hand, recorded verbatim in projects.toml), after clean:
{", ".join(f"{k} {v}" for k, v in sorted(manifest["after_by_licence"].items()))}. The licence filter
(permissive only) refused no listed project: the lists were chosen permissive. The real-world source
(`--granularity tree`) wrote the listed units and every other `.cu` file of the trees of {n_yard} projects of
`projects.toml` and {n_corpus} of `corpus_projects.toml` (the corpus-only list), each compiled alone with
its tree's include folders; units pulling in more than 1 MB of headers (a header library's own tests:
thrust, cusp, cuCollections) are skipped with that reason. The benchmark split's projects (a fixed hash
of the name) stay out of both lists' share.

## Deduplication and decontamination

{manifest["tasks_before"]} tasks before, {manifest["tasks_after"]} after. Removed: {", ".join(f"{k} {v}" for k, v in sorted(removed.items())) or "none"}.
References: {", ".join(f"{k} {v} documents" for k, v in sorted(manifest["references"].items()))}. No task overlapped the suite, the
tests or the benchmark split. Method: {manifest["method"]["near"]}; exact: {manifest["method"]["exact"]}.

## The build: {stats["pairs"]} pairs in the merged store

{table(["source", "target", *levels, "all", "compile level, both vendors"], lv_rows)}

A pair below `compiles` whose original does not compile alone is not a pair of the corpus (a unit of a
torch extension without torch, a library unit needing its build's generated headers): most real-code
pairs below `compiles` are of that kind (notes below). The builds that made it, merged with `gpuport merge`:

{table(["build", "cores", "pairs", "seconds", "pairs/hour", "command"], part_rows)}

Evidence per check (`checks`, schema 3):

{table(["check", "hip", "sycl"], ck_rows)}

Notes of the pairs that stayed below `compiles` (a pair may have several):

{table(["target: note", "pairs"], [[k, v] for k, v in stats["notes_of_pairs_below_compiles"].items()])}
"""
    device = next((p for p in parts if p["cpus"] and p["cpus"] > 2), None)
    cpu = [p for p in parts if p["cpus"] == 2]
    text += f"""
## Throughput

On 2 cores (this machine, while other work of the session ran beside it) the compile-level build made
{", ".join(f"{p['pairs']} pairs in {p['seconds']} s ({p['pairs_per_hour']}/hour, {p['label']})" for p in cpu) or "nothing"}:
the issue's bar is 1,000 pairs/hour on 2 cores. Real-code units cost more than generated programs (bigger
units; nvcc over headers such as thrust's); `bench/results/corpus_throughput_*.json` have the per-step
CPU seconds of earlier sessions' samples. On the device machine's 16 cores, in one call, the same pipeline
{f"made {device['pairs']} pairs in {device['seconds']} s ({device['pairs_per_hour']}/hour)" if device else "was not run"}
with Debian's HIP toolchain carried there (`scripts/pack_hipcc.sh`, `bench/corpus_device.sh`); Ray was
not used there (its wheel alone is more than a call may carry beside the toolchain), `-j 16` was.

## Against the issue's numbers

{chr(10).join("- " + r for r in reached)}
- Builder throughput on 2 cores: {", ".join(f"{p['pairs_per_hour']}/hour ({p['label']})" for p in cpu) or "not measured"} (bar: 1,000/hour).

What is left, and why, is in the session's notes below.
"""
    if args.export is not None:
        text += """
## Export

`gpuport export` wrote the pairs at or above `translated` as Parquet with the dataset card, copied here as
`corpus_card.md` (the rows hold fetched projects' code: not committed); `datasets.load_dataset` loads the
folder (tests/test_corpus.py does the same on a store it builds).
"""
    if args.publish_log is not None:
        text += "\n`gpuport publish EXPORT --repo USER/gpuport-corpus --dry-run` (offline):\n\n```\n"
        text += args.publish_log.read_text().strip() + "\n```\n"
    if args.note is not None:
        text += "\n" + args.note.read_text().strip() + "\n"
    path = RESULTS / "corpus.md"
    path.write_text(text)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
