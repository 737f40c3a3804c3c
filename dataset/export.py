"""Export the corpus store as a Hugging Face dataset folder: Parquet shards plus a dataset card.

    export("corpus.db", "out/")  ->  out/README.md, out/data/train-00000-of-00001.parquet [, validation-...]

The shards are written by the `datasets` library itself (`Dataset.from_generator` -> `to_parquet`) with an
explicit `Features` schema, so every shard has the same Arrow schema even when a column is empty in it, and
`load_dataset("parquet", ...)` or the Hub viewer read them back unchanged.

One row is one stored (task, target) pair at or above `min_level`. The schema, and the prose that explains
each column in the card, come from one table (FIELDS) so they cannot drift apart.

Where a row's origin and licence come from: the task's stored build/run spec may carry `origin` (a string
such as "pypi-sdist:pkg==1.2", or a dict with kind/package/version) and `license` (an SPDX expression);
tasks without them are the project's own kernel suite ("gpuport-suite", Apache-2.0).

The optional validation split is chosen by a hash of the normalised CUDA source, so the HIP and SYCL pairs
of one program always land in the same split (no leakage of a program between train and validation).
"""

from __future__ import annotations

import hashlib
import json
import math
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .confine import escapes_folder, files_problems, flag_problems
from .store import (
    CHECKS,
    LEVELS,
    StoreReader,
    count_pairs,
    evidence_checks,
    iter_pairs,
    level_rank,
    rules_fired,
)

SPLITS = ("train", "validation")
DATA_DIR = "data"
SUITE_ORIGIN = "gpuport-suite"
SUITE_LICENSE = "Apache-2.0"
UNKNOWN_LICENSE = "NOASSERTION"  # SPDX's word for "no licence information was found"

# The licence identifiers the Hugging Face Hub accepts in a card (lowercase SPDX for the common ones).
_HUB_LICENSES = {
    "apache-2.0",
    "mit",
    "bsd-2-clause",
    "bsd-3-clause",
    "bsd-3-clause-clear",
    "bsl-1.0",
    "gpl-2.0",
    "gpl-3.0",
    "lgpl-2.1",
    "lgpl-3.0",
    "agpl-3.0",
    "mpl-2.0",
    "isc",
    "unlicense",
    "cc0-1.0",
    "cc-by-4.0",
    "cc-by-sa-4.0",
    "zlib",
    "epl-2.0",
    "artistic-2.0",
    "wtfpl",
}

# What each level means and the evidence a row must carry to claim it (rendered in the card).
LEVEL_EVIDENCE = {
    "translated": "the translator finished with nothing left unconverted and no file error, every translation "
    "unit has an output, and the output parses (tree-sitter-cuda finds no syntax error region the input did "
    "not have). Evidence: the translation report (`evidence` stage `translate`), `diagnostics`, "
    "`unconverted_count` = 0.",
    "compiles": "nothing was left unconverted in the code the build compiles (the files it reads, less the "
    "preprocessor branches it drops: `notes` name CUDA left only there) and the translation compiled (and, "
    "for HIP without libraries, "
    "linked) with a named toolchain for a named target; a compiler's acceptance overrules the tree-sitter "
    "parse check. Evidence: one log per translation unit and target with argv, exit code and toolchain "
    "version (`evidence` stages `compile`/`link`); the labels are listed in `compiles_on`.",
    "runs-equal": "the compiled translation ran to PASS (the program checks its GPU results against a CPU "
    "reference) and its `RESULT` lines matched the CUDA original's within the task's tolerance: from a run "
    "of the original in the same build (`compare_basis` = `cuda-run`) or a stored GPU run of it "
    "(`cuda-run-stored`); with no CUDA run available, the program's own PASS and RESULT lines stable across "
    "repeats (`self-check`). Evidence: every run (`runs`, with argv, stdout, exit code, hardware), the "
    "comparison (`evidence` stage `compare`), and `runs_equal_on`.",
    "perf-measured": "as runs-equal, and both programs were timed on the same device (median `TIME_MS` of "
    "the timed repeats after a warm-up). Evidence: `time_original_ms`, `time_translated_ms`, `perf_ratio` "
    "and the timing record (`evidence` stage `perf`).",
}


def _datasets() -> Any:
    try:
        import datasets
    except ImportError as err:  # an optional dependency: say how to get it
        raise ImportError("export needs the `datasets` library: pip install 'gpuport[dataset]'") from err
    return datasets


def _list_of(inner: Any) -> Any:
    ds = _datasets()
    # datasets >= 4 spells a variable-length list `List`; older versions `Sequence`.
    return ds.List(inner) if hasattr(ds, "List") else ds.Sequence(inner)


# ---------------------------------------------------------------- the schema, with its documentation


@dataclass(frozen=True)
class Field:
    name: str
    kind: Any  # "string" | "int64" | "float64" | "bool" | ("list", kind) | {name: kind}
    doc: str


def _file_struct() -> dict[str, str]:
    return {"path": "string", "content": "string"}


FIELDS: tuple[Field, ...] = (
    Field(
        "id",
        "string",
        "The pair's dedup key: sha256 over the target, the hash of the normalised CUDA sources (comments and "
        "layout stripped) and the task's build/run spec. Stable across rebuilds; one program stored under two "
        "task names is one row.",
    ),
    Field(
        "task",
        "string",
        "Task name (unique in the kernel suite; for mined sources, the name given at import).",
    ),
    Field("domain", "string", "Application domain of the task (e.g. `linear-algebra`, `stencil-pde`)."),
    Field("difficulty", "string", "`easy`, `medium` or `hard`, as assigned by the task's author."),
    Field(
        "description", "string", "One-sentence description of what the program computes, from its task.toml."
    ),
    Field(
        "features",
        ("list", "string"),
        "CUDA features the program uses (`warp-shuffle`, `cublas`, `dynamic-shared`, ...), from task.toml.",
    ),
    Field(
        "source_origin",
        "string",
        f"Where the CUDA original comes from: `{SUITE_ORIGIN}` (written for gpuport's kernel suite), "
        "`realworld:<project>` (a public project of bench/realworld/projects.toml, pinned to a commit), "
        "`pypi-sdist:<package>==<version>` (a PyPI source distribution), `local:<folder>` (a local tree) or "
        "`augment` (generated by `gpuport augment`: synthetic).",
    ),
    Field(
        "source_id",
        "string",
        "Stable id of the CUDA original in its source: `realworld:<project>@<commit>:<program>[:<unit>]`, "
        "`pypi:<package>==<version>:<path>`, `local:<name>@<commit>:<path>`, "
        "`augment:v<generator>:seed<seed>:<index>`, `suite:<task>`.",
    ),
    Field(
        "synthetic",
        "bool",
        "True for programs generated by `gpuport augment` (templates and random operator graphs), false for "
        "code people wrote (the suite, real-world projects, PyPI packages, local trees).",
    ),
    Field(
        "license",
        "string",
        f"SPDX licence of the CUDA original and hence of its translation: {SUITE_LICENSE} for the suite and "
        "generated programs; the project's or package's licence otherwise (`custom-permissive` for the "
        "hand-read licences of bench/realworld/projects.toml without an SPDX id; "
        f"`{UNKNOWN_LICENSE}` when none was found). Only permissive licences pass `gpuport corpus`'s filter "
        "unless it was configured otherwise.",
    ),
    Field("target", "string", "Translation target: `hip` (AMD HIP) or `sycl` (standard SYCL 2020)."),
    Field(
        "cuda_source",
        "string",
        "All files of the CUDA original (translation units and headers) concatenated in path order, each "
        "preceded by a `// file: <relative path>` line.",
    ),
    Field(
        "cuda_files",
        ("list", _file_struct()),
        "The same CUDA files one by one: `path` relative to the task folder, `content` the text (UTF-8).",
    ),
    Field(
        "cuda_hash",
        "string",
        "sha256 over (path, normalised text) of the CUDA files; equal for re-indented or re-commented copies.",
    ),
    Field(
        "translated_source",
        "string",
        "The translation written by gpuport's rules (and, where used, the LLM fallback), concatenated like "
        "`cuda_source` with `// file:` lines.",
    ),
    Field(
        "translated_files",
        ("list", _file_struct()),
        "The translated files one by one (`.hip` or `.sycl.cpp` names for translation units).",
    ),
    Field(
        "translated_hash",
        "string",
        "Normalised-source hash of the translation, like `cuda_hash`; null if none.",
    ),
    Field(
        "level",
        "string",
        "Highest verification level reached: `translated` < `compiles` < `runs-equal` < `perf-measured` "
        "(see *Verification levels*). Never claimed without its evidence in the same row.",
    ),
    Field(
        "level_rank",
        "int64",
        "The level as a number: 1 translated, 2 compiles, 3 runs-equal, 4 perf-measured.",
    ),
    Field(
        "compiles_on",
        ("list", "string"),
        "Every toolchain and target the translation compiled with, as `<tool> <version> <target>` "
        "(e.g. `hipcc 5.2.21153-0 gfx90a`, `nvcc 13.0.88 sm_90 (hip_on_cuda)`, a SYCL header type-check, "
        "`acpp <version> omp`). Empty below `compiles`.",
    ),
    Field(
        "runs_equal_on",
        "string",
        "Hardware on which the translation's outputs matched the original (e.g. `nvidia NVIDIA H200 "
        "(sm_90)`); null below `runs-equal`.",
    ),
    Field(
        "compare_basis",
        "string",
        "What the outputs were compared with: `cuda-run` (the original run in the same build), "
        "`cuda-run-stored` (a stored GPU run of the same original) or `self-check` (the program's own CPU "
        "reference only); null below `runs-equal`.",
    ),
    Field(
        "perf_ratio",
        "float64",
        "Median kernel time of the translation divided by the original's, both on the same device "
        "(<1 means the translation is faster); null below `perf-measured`.",
    ),
    Field(
        "time_original_ms",
        "float64",
        "Median kernel time of the CUDA original in ms (CUDA events); null if untimed.",
    ),
    Field("time_translated_ms", "float64", "Median kernel time of the translation in ms; null if untimed."),
    Field(
        "sass",
        "string",
        "NVIDIA SASS of the CUDA original's binary (`cuobjdump -sass`); null when not collected.",
    ),
    Field(
        "sass_translated",
        "string",
        "SASS of the HIP translation built for NVIDIA through gpuport's HIP-on-CUDA headers; null otherwise.",
    ),
    Field(
        "amd_isa",
        "string",
        "AMD GCN/CDNA assembly of the HIP translation (`hipcc --cuda-device-only -S`, first AMD arch), one "
        "`;; gpuport: <name>` line before each translation unit; null when not collected.",
    ),
    Field(
        "diagnostics",
        (
            "list",
            {
                "path": "string",
                "line": "int64",
                "column": "int64",
                "code": "string",
                "message": "string",
                "status": "string",
                "family": "string",
                "symbol": "string",
                "safety": "string",
                "by_model": "bool",
            },
        ),
        "What the translator reported, located in the CUDA input (1-based line/column): rule `code` (GPxxx), "
        "`status` (converted, unconverted, ...), API `family`, CUDA `symbol`, `safety` (safe/review), and "
        "whether the edit came from the LLM fallback (`by_model`).",
    ),
    Field(
        "unconverted_count", "int64", "CUDA references the translator left in place (marked, not guessed)."
    ),
    Field("notes", ("list", "string"), "The build's remarks, e.g. why a higher level was not reached."),
    Field(
        "evidence",
        (
            "list",
            {
                "stage": "string",
                "kind": "string",
                "name": "string",
                "toolchain": "string",
                "argv": ("list", "string"),
                "rc": "int64",
                "ok": "bool",
                "content": "string",
            },
        ),
        "The logs behind the level, in build order: `stage` (translate, compile, link, run, compare, perf, "
        "machine, internal), `kind` (log or json), the exact `argv` and exit code `rc`, the `toolchain` "
        "version and the text. ISA listings are in `sass`/`amd_isa` instead (a failed ISA dump stays here). "
        "Texts above 4 MiB are cut and marked.",
    ),
    Field(
        "runs",
        (
            "list",
            {
                "side": "string",
                "hardware": "string",
                "toolchain": "string",
                "repeat_index": "int64",
                "argv": ("list", "string"),
                "rc": "int64",
                "reason": "string",
                "wall_s": "float64",
                "time_ms": "float64",
                "verdict": "string",
                "results": ("list", {"key": "string", "values": ("list", "string")}),
                "stdout": "string",
                "stderr": "string",
            },
        ),
        "Every execution of the `original` and the `translated` program: hardware, repeat (0 is the warm-up), "
        "exit code, wall time, the program's `TIME_MS`, its PASS/FAIL `verdict`, the parsed `RESULT` lines and "
        "the raw stdout/stderr.",
    ),
    Field(
        "toolchains",
        ("list", {"name": "string", "version": "string"}),
        "Toolchains the building machine had usable (nvcc, hipcc, SYCL headers, acpp, icpx, cuobjdump) with "
        "their versions, as detected by `gpuport doctor`.",
    ),
    Field("gpus", ("list", "string"), "GPUs of the building machine (empty for CPU-only builds)."),
    Field("host_cpus", "int64", "CPU count of the building machine."),
    Field(
        "capabilities",
        ("list", "string"),
        "What the building machine could verify (translate, nvcc, hipcc:gfx90a, gpu:..).",
    ),
    Field(
        "build_options",
        "string",
        "The build's options as JSON (targets, HIP version, AMD archs, CUDA arch, repeats).",
    ),
    Field(
        "checks",
        {name: "bool" for name in CHECKS},
        "The evidence per check, independent of the single `level`: `cuda_nvcc` (the CUDA original compiled "
        "with nvcc for the build's GPU arch, sm_90 by default), `hip_gfx90a` / `hip_gfx1030` (hipcc compiled "
        "the HIP translation for that AMD target, and linked it for programs), `sycl_typecheck` (g++ accepted "
        "the SYCL translation against the DPC++ headers), `sycl_acpp` (AdaptiveCpp built it), `runs_equal` "
        "and `perf_measured` (the level reached), `sass` / `amd_isa` (machine code stored).",
    ),
    Field(
        "rules_fired",
        ("list", "string"),
        "The gpuport rule codes (`GPnnn`, see `gpuport rules CODE`) that reported on this translation.",
    ),
    Field("gpuport_version", "string", "Version of gpuport that built the pair."),
    Field(
        "translator_fingerprint",
        "string",
        "The translator that made `translated_files`: a hash of gpuport's rule sources, mapping tables, "
        "version and translation options (see *Which translator made a row*); null for a row stored before "
        "gpuport recorded it.",
    ),
    Field(
        "gpuport_commit",
        "string",
        "The gpuport git commit that built the pair when it ran from a clean checkout; "
        "`uncommitted changes on <commit>` when the checkout had local changes; null when unknown.",
    ),
    Field(
        "attempts",
        "int64",
        "How many times the pair was built (a rebuild on a more capable machine replaces it).",
    ),
    Field("elapsed_s", "float64", "Wall time the build spent on this pair, in seconds."),
    Field("created_at", "string", "When the pair was first stored, ISO 8601 UTC."),
    Field("updated_at", "string", "When the pair was last rebuilt, ISO 8601 UTC."),
)

COLUMNS: tuple[str, ...] = tuple(f.name for f in FIELDS)


def _feature(kind: Any) -> Any:
    ds = _datasets()
    if isinstance(kind, str):
        return ds.Value(kind)
    if isinstance(kind, tuple):
        return _list_of(_feature(kind[1]))
    return {k: _feature(v) for k, v in kind.items()}


def features() -> Any:
    """The `datasets.Features` of an exported row."""
    return _datasets().Features({f.name: _feature(f.kind) for f in FIELDS})


def _yaml_feature(name: str | None, kind: Any) -> Any:
    """The card's `dataset_info.features` notation (the one the Hub and `datasets` read)."""

    def body(k: Any) -> dict[str, Any]:
        if isinstance(k, str):
            return {"dtype": k}
        if isinstance(k, tuple):
            inner = k[1]
            return {"list": inner if isinstance(inner, str) else _yaml_inner(inner)}
        return {"struct": [_yaml_feature(n, v) for n, v in k.items()]}

    out: dict[str, Any] = {} if name is None else {"name": name}
    out.update(body(kind))
    return out


def _yaml_inner(kind: Any) -> Any:
    # A list item that is a struct is written as the list of its fields; a nested list as {"list": ...}.
    if isinstance(kind, dict):
        return [_yaml_feature(n, v) for n, v in kind.items()]
    return _yaml_feature(None, kind)


def yaml_features() -> list[dict[str, Any]]:
    return [_yaml_feature(f.name, f.kind) for f in FIELDS]


def _type_text(kind: Any) -> str:
    if isinstance(kind, str):
        return kind
    if isinstance(kind, tuple):
        return f"list<{_type_text(kind[1])}>"
    return "struct{" + ", ".join(kind) + "}"


# ---------------------------------------------------------------- store pair -> dataset row


def _concat(files: dict[str, str], marker: str = "// file: ") -> str:
    parts = []
    for path in sorted(files):
        text = files[path]
        parts.append(f"{marker}{path}\n{text}" + ("" if text.endswith("\n") or not text else "\n"))
    return "".join(parts)


def _iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, tz=UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def origin_and_license(spec: dict[str, Any], origin_rec: dict[str, Any] | None = None) -> tuple[str, str]:
    """(source_origin, SPDX licence) of a task: from its origin record (the task folder's origin.toml,
    schema 3), else from its stored spec (an older convention), else the suite's."""
    from .sources.licences import spdx

    if origin_rec:
        kind = str(origin_rec.get("origin") or "unknown")
        rec_lic = spdx(str(origin_rec.get("licence_spdx") or origin_rec.get("licence") or ""))
        if kind == "realworld":
            return f"realworld:{origin_rec.get('project', '')}", rec_lic
        if kind == "pypi-sdist":
            return f"pypi-sdist:{origin_rec.get('package', '')}=={origin_rec.get('version', '')}", rec_lic
        if kind == "local":
            return f"local:{Path(str(origin_rec.get('source', ''))).name}", rec_lic
        return kind, rec_lic
    origin = spec.get("origin")
    lic = spec.get("license")
    if isinstance(origin, dict):
        kind = str(origin.get("kind", "unknown"))
        pkg, ver = origin.get("package"), origin.get("version")
        text = kind + (f":{pkg}" if pkg else "") + (f"=={ver}" if pkg and ver else "")
        lic = lic or origin.get("license")
        origin = text
    if not origin:
        return SUITE_ORIGIN, str(lic or SUITE_LICENSE)
    return str(origin), str(lic or (SUITE_LICENSE if origin == SUITE_ORIGIN else UNKNOWN_LICENSE))


def source_id_of(task: dict[str, Any]) -> str:
    """The stable id of a task's CUDA original (see the `source_id` field)."""
    rec = task.get("origin") or {}
    if rec.get("source_id"):
        return str(rec["source_id"])
    kind = rec.get("origin")
    if kind == "augment":
        gen = str(rec.get("generator", "")).rsplit(" v", 1)[-1]
        return f"augment:v{gen}:seed{rec.get('seed')}:{rec.get('index')}"
    if kind == "pypi-sdist":
        return f"pypi:{rec.get('package')}=={rec.get('version')}:{rec.get('path')}"
    if kind == "local":
        name = rec.get("remote") or Path(str(rec.get("source", ""))).name
        return f"local:{name}@{str(rec.get('commit', ''))[:12]}:{rec.get('path')}"
    if kind:
        return f"{kind}:{task['name']}"
    return f"suite:{task['name']}"


def _isa(evidence: list[dict[str, Any]], kind: str, name_filter: Any = None) -> str | None:
    items = [e for e in evidence if e["kind"] == kind and e["ok"] and (name_filter is None or name_filter(e))]
    if not items:
        return None
    if len(items) == 1 and kind == "sass":
        return str(items[0]["content"])
    return "".join(
        f";; gpuport: {e['name']}\n{e['content']}" + ("" if e["content"].endswith("\n") else "\n")
        for e in items
    )


def pair_to_row(pair: dict[str, Any]) -> dict[str, Any] | None:
    """The dataset row of one `iter_pairs` dict, or None when the pair's CUDA source is no longer stored."""
    cuda_files = pair["cuda_files"]
    task = pair["task_row"]
    if cuda_files is None or task is None:
        return None
    origin_rec = task.get("origin") or None
    origin, lic = origin_and_license(task["spec"], origin_rec)
    evidence = pair["evidence"]
    checks = pair.get("checks")
    if checks is None:  # a row stored before schema 3: derived from its stored evidence
        checks = evidence_checks(
            list(pair["compiles_on"]),
            [(e["stage"], e["kind"], e["name"], bool(e["ok"])) for e in evidence],
            pair["runs_on"],
            pair["time_ratio"],
            pair["level"],
        )
    fired = pair.get("rules_fired")
    if fired is None:
        fired = rules_fired(pair["diagnostics"])
    machine = pair["machine"] or {}
    toolchains = [
        {"name": name, "version": info.get("version")}
        for name, info in sorted((machine.get("toolchains") or {}).items())
        if info.get("usable")
    ]
    is_isa = {"sass", "amd-isa"}
    return {
        "id": pair["pair_key"],
        "task": pair["task"],
        "domain": task["domain"],
        "difficulty": task["difficulty"],
        "description": task["description"],
        "features": list(task["features"]),
        "source_origin": origin,
        "source_id": source_id_of(task),
        "synthetic": bool(
            origin_rec and (origin_rec.get("origin") == "augment" or origin_rec.get("synthetic"))
        ),
        "license": lic,
        "target": pair["target"],
        "cuda_source": _concat(cuda_files),
        "cuda_files": [{"path": p, "content": cuda_files[p]} for p in sorted(cuda_files)],
        "cuda_hash": pair["cuda_hash"],
        "translated_source": _concat(pair["translated_files"]),
        "translated_files": [{"path": p, "content": t} for p, t in sorted(pair["translated_files"].items())],
        "translated_hash": pair["translated_hash"],
        "level": pair["level"],
        "level_rank": pair["level_rank"],
        "compiles_on": list(pair["compiles_on"]),
        "runs_equal_on": pair["runs_on"] if pair["level_rank"] >= level_rank("runs-equal") else None,
        "compare_basis": pair["compare_basis"] if pair["level_rank"] >= level_rank("runs-equal") else None,
        "perf_ratio": pair["time_ratio"],
        "time_original_ms": pair["original_ms"],
        "time_translated_ms": pair["translated_ms"],
        "sass": _isa(evidence, "sass", lambda e: "translated" not in e["name"]),
        "sass_translated": _isa(evidence, "sass", lambda e: "translated" in e["name"]),
        "amd_isa": _isa(evidence, "amd-isa"),
        "diagnostics": [
            {
                "path": d.get("path"),
                "line": d.get("line"),
                "column": d.get("column"),
                "code": d.get("code"),
                "message": d.get("message"),
                "status": d.get("status"),
                "family": d.get("family"),
                "symbol": d.get("symbol"),
                "safety": d.get("safety"),
                "by_model": bool(d.get("by_model", False)),
            }
            for d in pair["diagnostics"]
        ],
        "unconverted_count": pair["unconverted"],
        "notes": list(pair["notes"]),
        "evidence": [
            {
                "stage": e["stage"],
                "kind": e["kind"],
                "name": e["name"],
                "toolchain": e["toolchain"],
                "argv": e["argv"],
                "rc": e["rc"],
                "ok": e["ok"],
                "content": e["content"],
            }
            for e in evidence
            if not (e["kind"] in is_isa and e["ok"])
        ],
        "runs": [
            {
                "side": r["side"],
                "hardware": r["hardware"],
                "toolchain": r["toolchain"],
                "repeat_index": r["repeat_index"],
                "argv": r["argv"],
                "rc": r["rc"],
                "reason": r["reason"],
                "wall_s": r["wall_s"],
                "time_ms": r["time_ms"],
                "verdict": r["verdict"],
                "results": [{"key": k, "values": list(v)} for k, v in r["results"].items()],
                "stdout": r["stdout"],
                "stderr": r["stderr"],
            }
            for r in pair["runs"]
        ],
        "toolchains": toolchains,
        "gpus": list(machine.get("gpus") or []),
        "host_cpus": machine.get("host_cpus"),
        "capabilities": list(pair["capabilities"]),
        "build_options": json.dumps(pair["options"], sort_keys=True),
        "checks": {name: bool(checks.get(name, False)) for name in CHECKS},
        "rules_fired": list(fired),
        "gpuport_version": pair["gpuport_version"],
        "translator_fingerprint": pair["translator_fingerprint"],
        "gpuport_commit": pair["gpuport_commit"],
        "attempts": pair["attempts"],
        "elapsed_s": pair["elapsed_s"],
        "created_at": _iso(pair["created_at"]),
        "updated_at": _iso(pair["updated_at"]),
    }


def split_of(cuda_hash: str, validation_fraction: float) -> str:
    """`train` or `validation`, from a hash of the CUDA program (both targets of a program agree)."""
    if validation_fraction <= 0:
        return "train"
    h = int(hashlib.sha256(f"gpuport-split:{cuda_hash}".encode()).hexdigest()[:16], 16)
    return "validation" if h / 2**64 < validation_fraction else "train"


def outside_problems(files: dict[str, str], spec: dict[str, Any]) -> list[str]:
    """Why a stored task's sources (or the compiler logs made from them) may hold text from outside the
    task folder: a path or an include reaching out, or a flag naming an outside folder. Such rows are
    never exported (a store written before these checks, or by hand, is not trusted either)."""
    return files_problems(files) + flag_problems(spec.get("flags") or [])


def refused_tasks(store_path: str | Path) -> dict[str, list[str]]:
    """Stored tasks whose rows export refuses (name -> problems); read-only, without the evidence."""
    with StoreReader(store_path) as reader:
        tasks = reader.tasks()
    out = {}
    for name, task in tasks.items():
        problems = outside_problems(task["files"], task["spec"])
        if problems:
            out[name] = problems
    return out


def iter_rows(store_path: str | Path, min_level: str = "translated") -> Iterator[dict[str, Any]]:
    """The exported rows, in store order (task, target); stale pairs and refused ones are left out."""
    for pair in iter_pairs(store_path, min_level=min_level):
        task = pair["task_row"]
        if task is not None and outside_problems(task["files"], task["spec"]):
            continue  # listed in ExportResult.refused
        if any(escapes_folder(p) for p in pair["translated_files"]):
            continue
        row = pair_to_row(pair)
        if row is not None:
            yield row


def _generate(store_path: str, min_level: str) -> Iterator[dict[str, Any]]:
    # A module-level function with plain arguments: datasets fingerprints the generator and its kwargs.
    yield from iter_rows(store_path, min_level)


# ---------------------------------------------------------------- the export


@dataclass
class ExportResult:
    out_dir: Path
    rows: dict[str, int] = field(default_factory=dict)  # per split
    files: list[Path] = field(default_factory=list)
    stale_pairs: int = 0  # pairs left out: their task was re-stored with other CUDA sources
    refused: list[str] = field(default_factory=list)  # tasks left out: sources from outside their folder
    refused_problems: list[str] = field(default_factory=list)  # why, one line a problem

    def to_dict(self) -> dict[str, Any]:
        return {
            "out_dir": str(self.out_dir),
            "rows": self.rows,
            "files": [p.relative_to(self.out_dir).as_posix() for p in self.files],
            "stale_pairs_skipped": self.stale_pairs,
            "refused_tasks": self.refused,
            "refused_problems": self.refused_problems,
        }


def export(
    store_path: str | Path,
    out_dir: str | Path,
    *,
    min_level: str = "translated",
    shard_rows: int = 5000,
    validation_fraction: float = 0.0,
) -> ExportResult:
    """Write `out_dir/README.md` and `out_dir/data/<split>-NNNNN-of-MMMMM.parquet` from the store.

    Shard files of an earlier export in `out_dir/data/` are removed first (the card's globs would pick
    them up); nothing else in out_dir is touched.
    """
    if min_level not in LEVELS:
        raise ValueError(f"unknown level {min_level!r}; one of {', '.join(LEVELS)}")
    if shard_rows < 1:
        raise ValueError("shard_rows must be at least 1")
    if not 0.0 <= validation_fraction < 1.0:
        raise ValueError("validation_fraction must be in [0, 1)")
    ds_lib = _datasets()
    store = Path(store_path)
    fresh, stale = count_pairs(store, min_level)
    refused = refused_tasks(store)
    if refused:
        fresh -= _pairs_of(store, list(refused), min_level)
    out = Path(out_dir)
    data = out / DATA_DIR
    data.mkdir(parents=True, exist_ok=True)
    for old in data.glob("*.parquet"):
        old.unlink()
    result = ExportResult(out, stale_pairs=stale, refused=sorted(refused))
    result.refused_problems = [f"{name}: {msg}" for name in sorted(refused) for msg in refused[name]]
    feats = features()
    # A private cache folder: datasets caches generator output by fingerprint, and a store that changed
    # under the same path must never be answered from a stale cache.
    with tempfile.TemporaryDirectory(prefix="gpuport-export-") as cache:
        if fresh:
            everything = ds_lib.Dataset.from_generator(
                _generate,
                features=feats,
                gen_kwargs={"store_path": str(store), "min_level": min_level},
                cache_dir=cache,
            )
        else:  # from_generator refuses a generator that yields nothing; an empty dataset is still valid
            everything = ds_lib.Dataset.from_dict({name: [] for name in feats}, features=feats)
        by_split: dict[str, list[int]] = {"train": []}
        if validation_fraction > 0:
            by_split["validation"] = []
        for i, cuda_hash in enumerate(everything["cuda_hash"]):
            by_split[split_of(cuda_hash, validation_fraction)].append(i)
        split_info: dict[str, dict[str, Any]] = {}
        for split, indices in by_split.items():
            if split != "train" and not indices:
                continue  # an empty non-train split is left out: datasets refuses to load a split with no rows
            # flatten_indices: a materialised table, so its byte size below is the split's own.
            ds = everything.select(indices).flatten_indices() if validation_fraction > 0 else everything
            n = len(ds)
            shards = max(1, math.ceil(n / shard_rows))
            for i in range(shards):
                path = data / f"{split}-{i:05d}-of-{shards:05d}.parquet"
                ds.shard(num_shards=shards, index=i, contiguous=True).to_parquet(str(path))
                result.files.append(path)
            result.rows[split] = n
            split_info[split] = {"num_examples": n, "num_bytes": int(ds.data.nbytes)}
        stats_rows = everything.select_columns(_STAT_COLUMNS).to_list()
        with StoreReader(store) as reader:
            manifests = corpus_manifests(reader.meta())
        del everything, ds
    download = sum(p.stat().st_size for p in result.files)
    card = render_card(
        stats_rows,
        split_info,
        manifests=manifests,
        download_size=download,
        min_level=min_level,
        validation_fraction=validation_fraction,
        shard_rows=shard_rows,
    )
    readme = out / "README.md"
    readme.write_text(card, encoding="utf-8")
    result.files.append(readme)
    return result


def _pairs_of(store: Path, tasks: list[str], min_level: str) -> int:
    """Fresh pairs (at or above min_level) of the given tasks: what count_pairs counted for them."""
    with StoreReader(store) as reader:
        return reader.count_pairs(min_level, tasks)[0]


# ---------------------------------------------------------------- the dataset card


def corpus_manifests(meta: dict[str, str]) -> list[dict[str, Any]]:
    """The `gpuport corpus clean` manifests a build recorded in the store (one per corpus folder)."""
    out = []
    for key, value in sorted(meta.items()):
        if key.startswith("corpus_manifest:"):
            try:
                out.append(json.loads(value))
            except ValueError:
                continue
    return out


def _source_kind(origin: str) -> str:
    return origin.split(":", 1)[0]


def dedup_section(manifests: list[dict[str, Any]]) -> str:
    """The card's account of deduplication and decontamination (from the corpus manifests)."""
    if not manifests:
        return (
            "The folders this store was built from were not cleaned with `gpuport corpus clean`: no "
            "deduplication or decontamination figures were recorded beyond the store's own exact dedup "
            "(one row per normalised program, target and build spec)."
        )
    before: Counter[str] = Counter()
    after: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    refs: Counter[str] = Counter()
    methods = []
    for m in manifests:
        before.update(m.get("before_by_source", {}))
        after.update(m.get("after_by_source", {}))
        reasons.update(m.get("removed_by_reason", {}))
        refs.update(m.get("references", {}))
        methods.append(m.get("method", {}))
    method = methods[0] if methods else {}
    sources = sorted(set(before) | set(after))
    table = _table(["source", "tasks before", "tasks after"], [[s, before[s], after[s]] for s in sources])
    return f"""Before the build, `gpuport corpus clean` removed duplicates and anything overlapping what we
measure on. Method: {method.get("normalisation", "")}; exact duplicates by {method.get("exact", "")};
near duplicates by {method.get("near", "")}. Within a group the kept task is the first by
{method.get("keep_order", "")}.

References the corpus was decontaminated against (documents): {", ".join(f"{k} {v}" for k, v in sorted(refs.items())) or "none"}.
`suite` is gpuport's kernel suite (bench/suite), `tests` the CUDA files of its tests, `benchmark` the
translation units of the real-world projects held out as the benchmark split (a fixed hash of the project
name puts 9 of the 41 projects of bench/realworld/projects.toml there; they never enter the corpus, and
models trained on it are measured on them).

{table}

Removed, by reason:

{_counts(reasons, "reason")}
"""


_STAT_COLUMNS = [
    "synthetic",
    "checks",
    "level",
    "target",
    "domain",
    "license",
    "source_origin",
    "compiles_on",
    "runs_equal_on",
    "toolchains",
    "gpus",
    "gpuport_version",
    "translator_fingerprint",
    "perf_ratio",
]


def _size_category(n: int) -> str:
    for limit, name in (
        (1_000, "n<1K"),
        (10_000, "1K<n<10K"),
        (100_000, "10K<n<100K"),
        (1_000_000, "100K<n<1M"),
    ):
        if n < limit:
            return name
    return "1M<n<10M"


def hub_license(spdx: str) -> str:
    low = spdx.strip().lower()
    return low if low in _HUB_LICENSES else "other"


def front_matter(
    rows: list[dict[str, Any]], split_info: dict[str, dict[str, Any]], download_size: int
) -> dict[str, Any]:
    """The card's YAML metadata as a dict (yaml-dumped by render_card)."""
    licenses = sorted({hub_license(r["license"]) for r in rows}) or [hub_license(SUITE_LICENSE)]
    meta: dict[str, Any] = {
        "license": licenses[0] if len(licenses) == 1 else licenses,
        "task_categories": ["translation", "text-generation"],
        "language": ["code"],
        "tags": ["cuda", "hip", "rocm", "sycl", "gpu", "code-translation", "transpilation", "verified"],
        "pretty_name": "gpuport verified CUDA to HIP / SYCL pairs",
        "size_categories": [_size_category(len(rows))],
        "configs": [
            {
                "config_name": "default",
                "data_files": [{"split": s, "path": f"{DATA_DIR}/{s}-*.parquet"} for s in split_info],
                "default": True,
            }
        ],
        "dataset_info": {
            "features": yaml_features(),
            "splits": [
                {"name": s, "num_bytes": i["num_bytes"], "num_examples": i["num_examples"]}
                for s, i in split_info.items()
            ],
            "download_size": download_size,
            "dataset_size": sum(i["num_bytes"] for i in split_info.values()),
        },
    }
    if "other" in licenses:
        meta["license_name"] = "mixed"
        meta["license_details"] = "Per row: see the `license` column (SPDX) and the Licences section."
    return meta


def _table(header: list[str], rows: list[list[Any]]) -> str:
    def cell(v: Any) -> str:
        return str(v).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(cell(v) for v in r) + " |" for r in rows]
    return "\n".join(lines)


def _counts(counter: Counter[Any], label: str) -> str:
    if not counter:
        return "_none_"
    return _table(
        [label, "rows"], [[k, v] for k, v in sorted(counter.items(), key=lambda kv: (-kv[1], str(kv[0])))]
    )


def render_card(
    rows: list[dict[str, Any]],
    split_info: dict[str, dict[str, Any]],
    *,
    download_size: int,
    min_level: str = "translated",
    validation_fraction: float = 0.0,
    shard_rows: int = 5000,
    manifests: list[dict[str, Any]] | None = None,
) -> str:
    import yaml

    meta = front_matter(rows, split_info, download_size)
    total = len(rows)
    levels = [lv for lv in LEVELS if lv != "none"]
    targets = sorted({r["target"] for r in rows})
    by_lt = Counter((r["level"], r["target"]) for r in rows)
    level_table = _table(
        ["level", *targets, "all"],
        [[lv, *(by_lt[(lv, t)] for t in targets), sum(by_lt[(lv, t)] for t in targets)] for lv in levels],
    )
    compiles = Counter(label for r in rows for label in r["compiles_on"])
    tools = Counter(f"{t['name']} {t['version']}" for r in rows for t in r["toolchains"])
    hardware = Counter(r["runs_equal_on"] for r in rows if r["runs_equal_on"])
    gpus = Counter(g for r in rows for g in r["gpus"])
    versions = Counter(r["gpuport_version"] for r in rows)
    fingerprints = Counter(r["translator_fingerprint"] or "not recorded" for r in rows)
    ratios = sorted(r["perf_ratio"] for r in rows if r["perf_ratio"] is not None)
    kinds = sorted({_source_kind(r["source_origin"]) for r in rows})
    by_kl = Counter((_source_kind(r["source_origin"]), r["level"]) for r in rows)
    source_table = _table(
        ["source", *levels, "all"],
        [[k, *(by_kl[(k, lv)] for lv in levels), sum(by_kl[(k, lv)] for lv in levels)] for k in kinds],
    )
    by_ll = Counter((r["license"], r["level"]) for r in rows)
    licence_table = _table(
        ["license", *levels, "all"],
        [
            [lic, *(by_ll[(lic, lv)] for lv in levels), sum(by_ll[(lic, lv)] for lv in levels)]
            for lic in sorted({r["license"] for r in rows})
        ],
    )
    check_table = _table(
        ["check", *targets],
        [[f"`{c}`", *(sum(1 for r in rows if r["target"] == t and (r["checks"] or {}).get(c)) for t in targets)]
         for c in CHECKS],
    )  # fmt: skip
    synthetic = sum(1 for r in rows if r["synthetic"])
    fields_table = _table(
        ["field", "type", "how it was made"],
        [[f"`{f.name}`", f"`{_type_text(f.kind)}`", f.doc] for f in FIELDS],
    )
    evidence_table = _table(
        ["level", "what it means and the evidence stored with it"],
        [[f"`{lv}`", LEVEL_EVIDENCE[lv]] for lv in levels],
    )
    split_text = (
        f"{' and '.join(f'`{s}`' for s in split_info)}: a row is in `validation` when a hash of its CUDA program (`cuda_hash`) falls "
        f"in the lowest {validation_fraction:.0%} of the hash range, so both targets of one program share a split."
        if validation_fraction > 0
        else "`train` only."
    )
    perf_text = (
        f"{len(ratios)} row(s) carry a time ratio; median {ratios[len(ratios) // 2]:.3g}, "
        f"range {ratios[0]:.3g} to {ratios[-1]:.3g} (translated / original)."
        if ratios
        else "No row carries a time ratio yet."
    )
    body = f"""
# gpuport: verified CUDA to HIP and SYCL 2020 pairs

Each row pairs a complete CUDA program with its translation to AMD HIP or to standard SYCL 2020, made by
the `gpuport` tool and checked with real compilers and runs. Every row carries the highest
**verification level** it reached and, beside it, the evidence for that level: compiler logs with exact
command lines and versions, run outputs, comparisons, timings, and the machine code (NVIDIA SASS, AMD ISA).

Rows at or above `{min_level}`: **{total}**. Splits: {split_text}

```python
from datasets import load_dataset

ds = load_dataset("<this repository>", split="train")
ok = ds.filter(lambda r: r["level_rank"] >= 3)  # runs-equal or better
```

## Counts

Per level and target:

{level_table}

Per domain:

{_counts(Counter(r["domain"] for r in rows), "domain")}

Per split:

{_table(["split", "rows"], [[s, i["num_examples"]] for s, i in split_info.items()])}

Per source (`source_origin` up to its first `:`) and level; {total - synthetic} rows come from code
people wrote, {synthetic} from generated programs (`synthetic`):

{source_table}

Per licence and level:

{licence_table}

Evidence per check and target (`checks`; a row counts once per check it passed):

{check_table}

## Deduplication and decontamination

{dedup_section(manifests or [])}

## Verification levels

Levels are ordered (`level_rank` 1 to 4); each row holds the highest it reached. A level is never
claimed without its evidence stored in the same row.

{evidence_table}

What the levels do **not** say: HIP `runs-equal` rows ran on NVIDIA hardware (the HIP source compiled by
nvcc through gpuport's own HIP-on-CUDA header layer) unless `runs_equal_on` names an AMD GPU; their AMD
side is proven to compile (`compiles_on` lists the `hipcc ... gfx*` targets), not to run. SYCL
`compiles` may be a type-check against the DPC++ SYCL headers (no code generation); SYCL runs, where
present, used AdaptiveCpp's CPU (OpenMP) backend, whose sub-group size is 1.

## Fields

{fields_table}

## Toolchains and versions seen

Compile targets (`compiles_on`), with the number of rows that compiled there:

{_counts(compiles, "toolchain and target")}

Toolchains present on the building machines (`toolchains`):

{_counts(tools, "toolchain")}

gpuport versions: {", ".join(f"{v} ({n})" for v, n in sorted(versions.items())) or "none"}.

## Which translator made a row

`translator_fingerprint` names the translator that wrote a row's `translated_files`: a 16-hex-digit hash
of the source of every gpuport translation module (engine, rules, build-file migration), every mapping
table, the gpuport version and the translation options (target, HIP version, launch style, sub-group
size, AMD targets), the way `datasets` fingerprints a transform. Two rows with one fingerprint were
translated by the same rules and tables with the same options; a changed rule or table row gives a new
fingerprint, and `gpuport build` rebuilds every stored pair whose fingerprint differs from the current
translator's, so a store never silently mixes translators within one build. `gpuport_commit` says
which gpuport commit that was, when it ran from a clean git checkout. Rows per fingerprint:

{_counts(fingerprints, "translator_fingerprint")}

## Hardware

Outputs matched on (`runs_equal_on`):

{_counts(hardware, "hardware")}

GPUs of the building machines (`gpus`):

{_counts(gpus, "GPU")}

{perf_text}

## Sources and licences

The CUDA originals of origin `{SUITE_ORIGIN}` were written for gpuport's kernel suite and are licensed
{SUITE_LICENSE}, like their translations. Rows taken from PyPI source distributions
(`source_origin` = `pypi-sdist:<package>==<version>`) keep the licence their package declares, given per
row in `license` (SPDX; `{UNKNOWN_LICENSE}` when none was found); respect it when you reuse a row.
The card's `license` metadata lists the licences present (`other` when one is not a Hub identifier).

{_counts(Counter(r["license"] for r in rows), "license")}

{_counts(Counter(r["source_origin"] for r in rows), "source_origin")}

## How to reproduce

From a gpuport checkout (`bash scripts/setup.sh`), with the real-world projects fetched and cached
(`python3 bench/realworld/cache.py`):

```sh
gpuport corpus realworld --out corpus/                 # bench/realworld/projects.toml, one task per CUDA unit
gpuport corpus pypi NAME==VERSION ... --out corpus/    # PyPI sdists with CUDA sources
gpuport augment --n 1000 --seed 0 --out corpus/augment # generated programs (synthetic)
gpuport corpus clean corpus/                           # dedup + decontamination, writes corpus-manifest.json
gpuport build --suite corpus/ --to hip,sycl --store corpus.db -j 2 --max-level compiles
gpuport export corpus.db out/
```

`bench/results/corpus.md` in the gpuport repository records the commands, counts and machines of the
published build.

## How it was made

`gpuport build` translated each task, compiled the CUDA original and the translation, ran both where the
machine allowed, compared their `RESULT` lines and timed them, and stored one row per (task, target) in a
SQLite corpus store; `gpuport export <store> <out> --min-level {min_level}` wrote this folder with the Hugging
Face `datasets` library (Parquet shards under `{DATA_DIR}/`, at most {shard_rows} rows a shard).
"""
    front = str(yaml.safe_dump(meta, sort_keys=False, allow_unicode=True))
    return "---\n" + front + "---\n" + body.lstrip("\n")
