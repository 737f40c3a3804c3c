"""Deduplication and decontamination of a corpus folder, before it is built.

    gpuport corpus clean CORPUS [--reference suite=bench/suite --reference tests=tests ...]

A corpus folder holds task folders written by the sources (`gpuport corpus realworld|pypi|local`,
`gpuport augment`), each with its `origin.toml`. Cleaning removes:

1. **exact duplicates**: the same normalised CUDA (comments and layout stripped, `store.normalise_source`)
   of the task's translation units;
2. **near duplicates**: MinHash signatures (datasketch, 128 permutations) of 5-token shingles of that
   normalised text, grouped with MinHash LSH at an estimated Jaccard similarity of `threshold` (0.8);
3. **contamination**: any task whose units are an exact or near duplicate of a reference document: the
   kernel suite (bench/suite, the 130 tasks we measure translation on), the tests' CUDA files (tests/),
   and the real-world projects held out as the benchmark split (`realworld.benchmark_projects`).

Within a duplicate group the kept task is the first in this order: code people wrote before generated code,
then real-world projects, PyPI, local trees, generated programs, then the stable source id, so a rerun keeps
the same tasks. Only the translation units are compared (not headers: every cuda-samples program includes
the same helper headers). Near-duplicate detection finds similar *whole* units; a unit that contains a
reference kernel inside much other code is not caught (MinHash estimates Jaccard, not containment).

The result is written to CORPUS/corpus-manifest.json (counts per source and licence before and after,
every removal with its reason and what it matched); `gpuport build` copies it into the store's `meta`
table and `gpuport export` reports it in the dataset card.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .sources import ORIGIN_FILE
from .sources.licences import spdx
from .store import normalise_source

MANIFEST = "corpus-manifest.json"
DEFAULT_THRESHOLD = 0.8
NUM_PERM = 128
SHINGLE = 5
CUDA_SUFFIXES = (".cu", ".cuh")
_TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'|\S")
# Which source a duplicate group keeps: written code first, generated last.
_SOURCE_ORDER = ("suite", "realworld", "pypi-sdist", "local", "augment")


def tokens(text: str) -> list[str]:
    """Tokens of the normalised CUDA text (comments and layout gone, literals whole)."""
    return _TOKEN.findall(normalise_source(text))


def exact_key(text: str) -> str:
    return hashlib.sha256(" ".join(tokens(text)).encode()).hexdigest()


def minhash(toks: list[str]) -> Any:
    from datasketch import MinHash

    m = MinHash(num_perm=NUM_PERM, seed=1)
    grams = {" ".join(toks[i : i + SHINGLE]).encode() for i in range(max(1, len(toks) - SHINGLE + 1))}
    m.update_batch(list(grams))
    return m


@dataclass
class Doc:
    key: str  # task folder relative to the corpus root, or "<label>:<path>" for a reference
    source: str  # origin kind: realworld, pypi-sdist, local, augment, suite, tests, benchmark
    source_id: str
    licence: str
    text: str
    synthetic: bool = False
    folder: Path | None = None
    toks: list[str] = field(default_factory=list)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, tomllib.TOMLDecodeError):
        return {}


def task_doc(folder: Path, root: Path) -> Doc | None:
    """The document of one task folder: its translation units' text, with its origin."""
    task = _read_toml(folder / "task.toml")
    sources = task.get("sources") or []
    if not sources:
        return None
    parts = []
    base = folder.resolve()
    for rel in sources:
        p = (folder / rel).resolve()
        if p.is_relative_to(base) and p.is_file() and not (folder / rel).is_symlink():
            parts.append(p.read_text(encoding="utf-8", errors="replace"))
    origin = _read_toml(folder / ORIGIN_FILE)
    kind = str(origin.get("origin") or "suite")
    return Doc(
        key=folder.relative_to(root).as_posix(),
        source=kind,
        source_id=str(origin.get("source_id") or f"{kind}:{task.get('name', folder.name)}"),
        licence=spdx(str(origin.get("licence_spdx") or origin.get("licence") or "")),
        text="\n".join(parts),
        synthetic=kind == "augment" or bool(origin.get("synthetic")),
        folder=folder,
    )


def corpus_docs(root: Path) -> list[Doc]:
    docs = []
    for toml in sorted(Path(root).rglob("task.toml")):
        d = task_doc(toml.parent, Path(root))
        if d is not None:
            docs.append(d)
    return docs


def reference_docs(label: str, path: Path) -> list[Doc]:
    """Reference documents under `path`: one per task folder (its units) when it holds task.toml files,
    else one per CUDA file (.cu, .cuh)."""
    path = Path(path)
    if path.is_file():
        return [
            Doc(f"{label}:{path.name}", label, f"{label}:{path.name}", "", path.read_text(errors="replace"))
        ]
    tasks = sorted(path.rglob("task.toml"))
    if tasks:
        out = []
        for t in tasks:
            d = task_doc(t.parent, path)
            if d is not None:
                out.append(Doc(f"{label}:{d.key}", label, f"{label}:{d.key}", d.licence, d.text))
        return out
    return [
        Doc(f"{label}:{p.relative_to(path).as_posix()}", label, f"{label}:{p.relative_to(path).as_posix()}", "",
            p.read_text(encoding="utf-8", errors="replace"))
        for p in sorted(path.rglob("*"))
        if p.suffix in CUDA_SUFFIXES and p.is_file() and not p.is_symlink()
    ]  # fmt: skip


def _order(d: Doc) -> tuple[int, int, str]:
    rank = _SOURCE_ORDER.index(d.source) if d.source in _SOURCE_ORDER else len(_SOURCE_ORDER)
    return (int(d.synthetic), rank, d.source_id)


@dataclass
class CleanResult:
    kept: list[Doc]
    removed: list[dict[str, Any]]  # {"task", "source_id", "reason", "matches"}
    manifest: dict[str, Any]


def clean(
    corpus: Path,
    references: Iterable[tuple[str, Path]] = (),
    *,
    threshold: float = DEFAULT_THRESHOLD,
    extra_references: Iterable[Doc] = (),
    apply: bool = True,
) -> CleanResult:
    """Find exact and near duplicates within `corpus` and overlaps with the references; with `apply`,
    delete the removed task folders and write CORPUS/corpus-manifest.json."""
    import shutil

    from datasketch import MinHashLSH

    corpus = Path(corpus)
    docs = sorted(corpus_docs(corpus), key=_order)
    refs: list[Doc] = [d for label, path in references for d in reference_docs(label, path)]
    refs += list(extra_references)
    before = Counter(d.source for d in docs)
    before_licence = Counter(d.licence for d in docs)
    lsh = MinHashLSH(threshold=threshold, num_perm=NUM_PERM)
    ref_exact: dict[str, str] = {}
    ref_counts = Counter(r.source for r in refs)
    for r in refs:
        r.toks = tokens(r.text)
        if not r.toks:
            continue
        ref_exact.setdefault(exact_key(r.text), r.key)
        lsh.insert(f"ref\0{r.key}", minhash(r.toks))
    kept: list[Doc] = []
    removed: list[dict[str, Any]] = []
    exact_seen: dict[str, str] = {}
    for d in docs:
        d.toks = tokens(d.text)
        key = " ".join(d.toks)
        ek = hashlib.sha256(key.encode()).hexdigest()
        reason, matches = None, []
        if not d.toks:
            reason = "empty"
        elif ek in ref_exact:
            reason, matches = f"contaminated:{ref_exact[ek].split(':', 1)[0]}", [ref_exact[ek]]
        elif ek in exact_seen:
            reason, matches = "exact-duplicate", [exact_seen[ek]]
        else:
            m = minhash(d.toks)
            hits = sorted(lsh.query(m))
            ref_hits = [h.split("\0", 1)[1] for h in hits if h.startswith("ref\0")]
            own_hits = [h.split("\0", 1)[1] for h in hits if h.startswith("doc\0")]
            if ref_hits:
                reason, matches = f"contaminated:{ref_hits[0].split(':', 1)[0]}", ref_hits[:5]
            elif own_hits:
                reason, matches = "near-duplicate", own_hits[:5]
            else:
                lsh.insert(f"doc\0{d.key}", m)
        if reason is None:
            exact_seen[ek] = d.key
            kept.append(d)
        else:
            removed.append(
                {
                    "task": d.key,
                    "source_id": d.source_id,
                    "source": d.source,
                    "licence": d.licence,
                    "reason": reason,
                    "matches": matches,
                }
            )
    # Removals of earlier runs whose folders are gone (deleted then) stay counted: the manifest, and the
    # dataset card's figures drawn from it, cover every clean the corpus folder went through. A task
    # written back since then is judged again above instead.
    present = {d.key for d in docs}
    earlier = read_manifest(corpus) if apply else None
    carried = [
        r
        for r in (earlier or {}).get("removed", [])
        if r["task"] not in present and not (corpus / r["task"]).exists()
    ]
    removed = [*carried, *removed]
    for r in carried:
        before[r.get("source", _source_of(r))] += 1
        if "licence" in r:
            before_licence[r["licence"]] += 1
    reasons = Counter(r["reason"] for r in removed)
    manifest = {
        "method": {
            "normalisation": "comments and layout stripped (gpuport.dataset.store.normalise_source), tokenised",
            "exact": "sha256 of the normalised token stream of the task's translation units",
            "near": f"datasketch MinHash ({NUM_PERM} permutations) of {SHINGLE}-token shingles, MinHashLSH "
            f"at estimated Jaccard >= {threshold}",
            "threshold": threshold,
            "keep_order": "written code before generated; realworld, pypi-sdist, local, augment; source id",
        },
        "references": dict(sorted(ref_counts.items())),
        "tasks_before": sum(before.values()),
        "tasks_after": len(kept),
        "before_by_source": dict(sorted(before.items())),
        "after_by_source": dict(sorted(Counter(d.source for d in kept).items())),
        "before_by_licence": dict(sorted(before_licence.items())),
        "after_by_licence": dict(sorted(Counter(d.licence for d in kept).items())),
        "removed_by_reason": dict(sorted(reasons.items())),
        "removed": removed,
    }
    if apply:
        for gone in removed:
            folder = corpus / gone["task"]
            if folder.is_dir() and folder.resolve().is_relative_to(corpus.resolve()):
                shutil.rmtree(folder)
        (corpus / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return CleanResult(kept, removed, manifest)


def _source_of(removed: dict[str, Any]) -> str:
    """The source of a removal an older manifest recorded without it: its source id's prefix."""
    return str(removed.get("source_id") or "unknown").split(":", 1)[0] or "unknown"


def read_manifest(corpus: Path) -> dict[str, Any] | None:
    p = Path(corpus) / MANIFEST
    if not p.is_file():
        return None
    data: dict[str, Any] = json.loads(p.read_text())
    return data
