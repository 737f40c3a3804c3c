"""The corpus store: one SQLite file holding every verified (task, target) pair and its evidence.

Why SQLite: one file, no server, atomic commits. The build driver is the only writer; it writes each pair
(its row, its evidence, its runs) in ONE transaction, so a build killed at any moment (SIGKILL included)
leaves either the whole pair or nothing, and a restart skips the pairs already finished. WAL mode lets
readers (`gpuport report`, exports) read while a build writes.

Dedup: a pair is keyed by its target, the normalised CUDA source (comments and layout stripped) and the
task's build/run spec, so the same program stored under two task names, or re-indented, is one pair.

Schema changes bump SCHEMA_VERSION and add a step to _MIGRATIONS; an unknown newer version is refused.
"""

from __future__ import annotations

import functools
import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 3
LEVELS: tuple[str, ...] = ("none", "translated", "compiles", "runs-equal", "perf-measured")
EVIDENCE_CAP = 4 * 1024 * 1024  # characters kept per evidence item (a huge SASS listing is cut, marked)

_SCHEMA_V1 = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tasks (
    name TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    description TEXT NOT NULL,
    features TEXT NOT NULL,          -- JSON list
    spec TEXT NOT NULL,              -- JSON: sources, flags, libs, args, timeout, compare
    cuda_hash TEXT NOT NULL,         -- normalised-source hash of the task's files
    files TEXT NOT NULL,             -- JSON {relative path: text}
    updated_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS pairs (
    id INTEGER PRIMARY KEY,
    pair_key TEXT NOT NULL UNIQUE,   -- sha256(target, cuda_hash, spec): the dedup key
    task TEXT NOT NULL,
    target TEXT NOT NULL,            -- hip | sycl
    cuda_hash TEXT NOT NULL,
    translated_hash TEXT,            -- normalised-source hash of the translation
    level TEXT NOT NULL,
    level_rank INTEGER NOT NULL,
    compiles_on TEXT NOT NULL,       -- JSON list: "hipcc 5.2.21153-0 gfx90a", ...
    runs_on TEXT,                    -- hardware the runs-equal claim was made on
    compare_basis TEXT,              -- cuda-run | cuda-run-stored | self-check
    time_ratio REAL,                 -- translated / original median kernel time (perf-measured)
    original_ms REAL,
    translated_ms REAL,
    unconverted INTEGER NOT NULL,
    translated_files TEXT NOT NULL,  -- JSON {relative path: text}
    diagnostics TEXT NOT NULL,       -- JSON list of located diagnostics
    options TEXT NOT NULL,           -- JSON build options (hip_version, archs, repeat, ...)
    machine TEXT NOT NULL,           -- JSON toolchain versions and hardware seen by the build
    capabilities TEXT NOT NULL,      -- JSON list: what the build could verify (redo when it grows)
    notes TEXT NOT NULL,             -- JSON list of remarks (why a level was not reached)
    gpuport_version TEXT NOT NULL,
    elapsed_s REAL NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS pairs_task ON pairs(task, target);
CREATE INDEX IF NOT EXISTS pairs_cuda ON pairs(cuda_hash);
CREATE TABLE IF NOT EXISTS evidence (
    id INTEGER PRIMARY KEY,
    pair_id INTEGER NOT NULL REFERENCES pairs(id) ON DELETE CASCADE,
    stage TEXT NOT NULL,             -- translate | compile | link | isa | run | compare | machine
    kind TEXT NOT NULL,              -- log | sass | amd-isa | json
    name TEXT NOT NULL,              -- e.g. "hipcc gfx90a main.cu"
    toolchain TEXT,                  -- "nvcc 13.0.88"
    argv TEXT,                       -- JSON list
    rc INTEGER,
    ok INTEGER NOT NULL,
    content TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS evidence_pair ON evidence(pair_id);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    pair_id INTEGER NOT NULL REFERENCES pairs(id) ON DELETE CASCADE,
    side TEXT NOT NULL,              -- original | translated
    hardware TEXT NOT NULL,
    toolchain TEXT,
    repeat_index INTEGER NOT NULL,   -- 0 = warm-up
    argv TEXT NOT NULL,
    rc INTEGER NOT NULL,
    reason TEXT,
    wall_s REAL NOT NULL,
    time_ms REAL,
    verdict TEXT,
    results TEXT NOT NULL,           -- JSON {key: [values]}
    stdout TEXT NOT NULL,
    stderr TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS runs_pair ON runs(pair_id);
"""

# Version 2: the translator that made each pair (transpile/fingerprint.py) and the gpuport commit. Rows of
# an older store get NULL: their translator is unknown, so `gpuport build` redoes them.
_SCHEMA_V2 = """
ALTER TABLE pairs ADD COLUMN translator_fingerprint TEXT;
ALTER TABLE pairs ADD COLUMN gpuport_commit TEXT
"""

# Version 3 (the corpus at scale, issue 20): where a task came from (its sources/ origin.toml: stable id,
# licence, synthetic or not), and per pair the evidence as separate checks (CUDA nvcc, hipcc per AMD
# target, SYCL type-check and AdaptiveCpp build, runs-equal, time ratio, SASS, AMD ISA) and the rules
# that fired, so a corpus of 10,000 pairs is counted per check without reading its evidence. Rows of an
# older store get NULL; readers derive the checks from the stored evidence (evidence_checks).
_SCHEMA_V3 = """
ALTER TABLE tasks ADD COLUMN origin TEXT;
ALTER TABLE pairs ADD COLUMN checks TEXT;
ALTER TABLE pairs ADD COLUMN rules_fired TEXT;
CREATE INDEX IF NOT EXISTS pairs_level ON pairs(level_rank, target)
"""

_MIGRATIONS: dict[int, str] = {1: _SCHEMA_V1, 2: _SCHEMA_V2, 3: _SCHEMA_V3}
# Columns added after version 1, with the value a reader sees in a store written before them.
_ADDED_PAIR_COLUMNS: dict[str, Any] = {
    "translator_fingerprint": None,
    "gpuport_commit": None,
    "checks": None,
    "rules_fired": None,
}
_ADDED_TASK_COLUMNS: dict[str, Any] = {"origin": None}

# The evidence checks of a pair, in the order the card lists them (see evidence_checks).
CHECKS: tuple[str, ...] = (
    "cuda_nvcc",
    "hip_gfx90a",
    "hip_gfx1030",
    "sycl_typecheck",
    "sycl_acpp",
    "runs_equal",
    "perf_measured",
    "sass",
    "amd_isa",
)


def evidence_checks(
    compiles_on: list[str],
    evidence: list[tuple[str, str, str, bool]],
    runs_on: str | None,
    time_ratio: float | None,
    level: str,
) -> dict[str, bool]:
    """Which pieces of evidence a pair holds, one boolean a check (CHECKS), from what the store keeps:
    `compiles_on` labels, evidence items as (stage, kind, name, ok), the runs-equal hardware and ratio.

    cuda_nvcc: every compile of the CUDA original (nvcc, the build's GPU arch, sm_90 by default) passed;
    hip_gfx*: hipcc compiled (and, for programs, linked) the HIP translation for that AMD target;
    sycl_typecheck: g++ accepted it against the DPC++ SYCL headers; sycl_acpp: AdaptiveCpp built it;
    runs_equal / perf_measured: the level reached; sass / amd_isa: the machine code was stored.
    """
    nvcc = [
        ok for stage, _kind, name, ok in evidence if stage == "compile" and name.startswith("nvcc original")
    ]
    rank = level_rank(level) if level in LEVELS else 0
    return {
        "cuda_nvcc": bool(nvcc) and all(nvcc),
        "hip_gfx90a": any(c.startswith("hipcc ") and c.endswith(" gfx90a") for c in compiles_on),
        "hip_gfx1030": any(c.startswith("hipcc ") and c.endswith(" gfx1030") for c in compiles_on),
        "sycl_typecheck": any(c.startswith("g++ ") and "-fsyntax-only" in c for c in compiles_on),
        "sycl_acpp": any(c.startswith("acpp ") for c in compiles_on),
        "runs_equal": rank >= level_rank("runs-equal") and bool(runs_on),
        "perf_measured": rank >= level_rank("perf-measured") and time_ratio is not None,
        "sass": any(kind == "sass" and ok for _s, kind, _n, ok in evidence),
        "amd_isa": any(kind == "amd-isa" and ok for _s, kind, _n, ok in evidence),
    }


def rules_fired(diagnostics: list[dict[str, Any]]) -> list[str]:
    """The diagnostic codes (GPnnn) the translation reported, sorted, each once."""
    return sorted({str(d["code"]) for d in diagnostics if d.get("code")})


def _passed(checks: str | None) -> int:
    """How many evidence checks a stored pair passed (its `checks` JSON; NULL in rows before schema 3)."""
    if not checks:
        return 0
    try:
        return sum(1 for v in json.loads(checks).values() if v is True)
    except (ValueError, AttributeError):
        return 0


def level_rank(level: str) -> int:
    return LEVELS.index(level)


# ---------------------------------------------------------------- normalised hashing


def normalise_source(text: str) -> str:
    """C/C++/CUDA text without comments, with whitespace kept only where it separates two words.

    String and character literals are kept verbatim (their spaces matter); a backslash-newline is a
    line splice and vanishes, as in the preprocessor.
    """
    text = text.replace("\\\r\n", "").replace("\\\n", "")
    out: list[str] = []
    i, n = 0, len(text)
    pending_space = False
    # Index in `out` where the current output line starts: whether that line is a directive is then one
    # look-up (a scan back to the last newline made hashing a 1 MB real-code unit quadratic: minutes).
    line_start = 0

    def emit(chunk: str) -> None:
        nonlocal pending_space
        if pending_space and out and _wordy(out[-1][-1]) and _wordy(chunk[0]):
            out.append(" ")
        pending_space = False
        out.append(chunk)

    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            pending_space = True
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            pending_space = True
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            emit(text[i : j + 1])
            i = j + 1
        elif c.isspace():
            # Preprocessor lines end at a newline: keep it so `#define A 1\nint x` stays two lines.
            in_directive = line_start < len(out) and out[line_start].startswith("#")
            if c == "\n" and out and out[-1] != "\n" and in_directive:
                out.append("\n")
                line_start = len(out)
                pending_space = False
            else:
                pending_space = True
            i += 1
        else:
            j = i + 1
            while j < n and not text[j].isspace() and text[j] not in "\"'/":
                j += 1
            emit(text[i:j])
            i = j
    return "".join(out).strip()


def _wordy(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def tree_hash(files: Mapping[str, str | bytes]) -> str:
    """sha256 over (relative path, normalised text) of every file; bytes that are not UTF-8 hash raw."""
    h = hashlib.sha256()
    for rel in sorted(files):
        data = files[rel]
        if isinstance(data, bytes):
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                h.update(rel.encode() + b"\0" + data + b"\0")
                continue
        else:
            text = data
        h.update(rel.encode() + b"\0" + _normalised_bytes(text) + b"\0")
    return h.hexdigest()


@functools.lru_cache(maxsize=512)
def _normalised_bytes(text: str) -> bytes:
    """normalise_source, remembered: real-code tasks of one project carry the same headers (ggml's 100
    units each hold common.cuh and its includes), and the build hashes every task before it starts."""
    return normalise_source(text).encode()


def pair_key(target: str, cuda_hash: str, spec: Mapping[str, Any]) -> str:
    blob = json.dumps({"target": target, "cuda": cuda_hash, "spec": spec}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


# ---------------------------------------------------------------- records written by the driver


@dataclass
class Evidence:
    stage: str
    kind: str
    name: str
    content: str
    ok: bool = True
    toolchain: str | None = None
    argv: list[str] | None = None
    rc: int | None = None


@dataclass
class RunRecord:
    side: str  # original | translated
    hardware: str
    repeat_index: int
    argv: list[str]
    rc: int
    wall_s: float
    stdout: str
    stderr: str
    reason: str | None = None
    toolchain: str | None = None
    time_ms: float | None = None
    verdict: str | None = None
    results: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class TaskRecord:
    name: str
    domain: str
    difficulty: str
    description: str
    features: list[str]
    spec: dict[str, Any]
    cuda_hash: str
    files: dict[str, str]
    # Where the task came from (its origin.toml: origin, source_id, licence, ...); {} for the suite.
    origin: dict[str, Any] = field(default_factory=dict)


@dataclass
class PairResult:
    task: TaskRecord
    target: str
    pair_key: str
    level: str
    translated_hash: str | None = None
    compiles_on: list[str] = field(default_factory=list)
    runs_on: str | None = None
    compare_basis: str | None = None
    time_ratio: float | None = None
    original_ms: float | None = None
    translated_ms: float | None = None
    unconverted: int = 0
    translated_files: dict[str, str] = field(default_factory=dict)
    diagnostics: list[dict[str, Any]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    machine: dict[str, Any] = field(default_factory=dict)
    capabilities: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    evidence: list[Evidence] = field(default_factory=list)
    runs: list[RunRecord] = field(default_factory=list)
    elapsed_s: float = 0.0
    # The translator that made the translation (rules, tables, version, options: transpile/fingerprint.py).
    translator_fingerprint: str | None = None

    def summary(self) -> dict[str, Any]:
        return {
            "task": self.task.name,
            "target": self.target,
            "level": self.level,
            "compiles_on": self.compiles_on,
            "runs_on": self.runs_on,
            "compare_basis": self.compare_basis,
            "time_ratio": self.time_ratio,
            "unconverted": self.unconverted,
            "notes": self.notes,
            "elapsed_s": round(self.elapsed_s, 2),
        }


def _cap(text: str) -> str:
    if len(text) <= EVIDENCE_CAP:
        return text
    return text[:EVIDENCE_CAP] + f"\n[... cut by gpuport: {len(text) - EVIDENCE_CAP} more characters]\n"


# ---------------------------------------------------------------- the store


class StoreError(RuntimeError):
    """A store that cannot be used (not SQLite, truncated, too new); the message names the file."""


def unusable(path: str | Path, err: Exception) -> StoreError:
    """The error for a file that is not a usable corpus store (truncated, not SQLite at all)."""
    return StoreError(f"{path}: not a usable gpuport corpus store (SQLite): {err}")


class Store:
    """The corpus database. Open it once per process; the build driver is its only writer."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, one transaction per pair.
        self.db = sqlite3.connect(str(self.path), timeout=60.0, isolation_level=None)
        try:
            self.db.row_factory = sqlite3.Row
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across process crashes
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
            # A truncated file can pass the steps above (its first pages are intact): walk the tables'
            # b-trees once (cheap: counting reads the interior pages, not the evidence).
            for table in ("tasks", "pairs", "evidence", "runs"):
                self.db.execute(f"SELECT count(*) FROM {table}").fetchone()
        except sqlite3.DatabaseError as err:
            self.db.close()
            raise unusable(self.path, err) from None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _migrate(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            row = self.db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
            current = int(row[0]) if row else 0
            if current > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path}: schema version {current} is newer than this gpuport ({SCHEMA_VERSION})"
                )
            for version in range(current + 1, SCHEMA_VERSION + 1):
                for stmt in _MIGRATIONS[version].split(";"):
                    if stmt.strip():
                        self.db.execute(stmt)
            self.db.execute(
                "INSERT INTO meta(key, value) VALUES('schema_version', ?) "
                "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                (str(SCHEMA_VERSION),),
            )
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    @property
    def schema_version(self) -> int:
        row = self.db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        return int(row[0])

    # -- reads

    def set_meta(self, key: str, value: str) -> None:
        """One `meta` entry (a build records the corpus manifest of the folder it built from)."""
        self.db.execute(
            "INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value",
            (key, value),
        )

    def record_build(self, entry: dict[str, object]) -> None:
        """Append one build's provenance (its command, date, machine) to the `builds` meta entry, a JSON
        list: a store made by several builds (a resumed or --force rebuild) carries every command."""
        row = self.db.execute("SELECT value FROM meta WHERE key='builds'").fetchone()
        builds = json.loads(row[0]) if row is not None else []
        builds.append(entry)
        self.set_meta("builds", json.dumps(builds))

    def finished(self, key: str) -> sqlite3.Row | None:
        row: sqlite3.Row | None = self.db.execute("SELECT * FROM pairs WHERE pair_key=?", (key,)).fetchone()
        return row

    def is_done(self, key: str, capabilities: list[str], fingerprint: str | None = None) -> bool:
        """True when the pair is stored and was built by a machine that could verify at least as much
        (and, given `fingerprint`, by that translator).

        A pair built on a CPU machine is redone on a GPU machine (its capabilities grew), so the lead's GPU
        build upgrades compile-level rows to runs-equal without --force. A pair whose translator
        fingerprint differs from `fingerprint` (a rule or table changed since, or an older store that did
        not record it) is redone: its translation may no longer be what gpuport writes.
        """
        row = self.finished(key)
        if row is None:
            return False
        if fingerprint is not None and row["translator_fingerprint"] != fingerprint:
            return False
        had = set(json.loads(row["capabilities"]))
        return set(capabilities) <= had

    def pairs(self, task: str | None = None, target: str | None = None) -> list[sqlite3.Row]:
        sql, args = "SELECT * FROM pairs WHERE 1=1", []
        if task is not None:
            sql += " AND task=?"
            args.append(task)
        if target is not None:
            sql += " AND target=?"
            args.append(target)
        return list(self.db.execute(sql + " ORDER BY task, target", args))

    def evidence(self, pair_id: int) -> list[sqlite3.Row]:
        return list(self.db.execute("SELECT * FROM evidence WHERE pair_id=? ORDER BY id", (pair_id,)))

    def runs(self, pair_id: int) -> list[sqlite3.Row]:
        return list(self.db.execute("SELECT * FROM runs WHERE pair_id=? ORDER BY id", (pair_id,)))

    def tasks(self) -> list[sqlite3.Row]:
        return list(self.db.execute("SELECT * FROM tasks ORDER BY name"))

    def cuda_reference(self, cuda_hash: str) -> tuple[dict[str, list[str]], str] | None:
        """RESULT values of a passing CUDA run on a GPU recorded by an earlier build, and its hardware.

        SYCL runs on a CPU compare against these when this build has no GPU of its own.
        """
        row = self.db.execute(
            "SELECT r.results, r.hardware FROM runs r JOIN pairs p ON p.id = r.pair_id "
            "WHERE p.cuda_hash=? AND r.side='original' AND r.rc=0 AND r.verdict='PASS' AND r.repeat_index>0 "
            "ORDER BY r.id DESC LIMIT 1",
            (cuda_hash,),
        ).fetchone()
        if row is None:
            return None
        return json.loads(row["results"]), row["hardware"]

    def iter_rows(self) -> Iterator[dict[str, Any]]:
        for row in self.db.execute("SELECT * FROM pairs ORDER BY task, target"):
            yield dict(row)

    # -- the one write path

    def _merge_compile_evidence(
        self, old: sqlite3.Row, pair: PairResult, values: dict[str, Any]
    ) -> list[int]:
        """Compile evidence of an earlier build that this build could not redo, for the same translation.

        A CPU machine proves hipcc builds; the GPU machine that later proves runs may have no hipcc. When
        the translation is byte-for-byte the same (normalised hash), the earlier compile logs and ISA for
        toolchains absent from this build still hold: keep them (ids returned) and their compiles_on labels.
        """
        if not pair.translated_hash or old["translated_hash"] != pair.translated_hash:
            return []
        stages = ("compile", "link", "isa")
        mine = {e.toolchain for e in pair.evidence if e.stage in stages and e.toolchain}
        rows = self.db.execute(
            "SELECT id, toolchain FROM evidence WHERE pair_id=? AND stage IN ('compile','link','isa')"
            " AND toolchain IS NOT NULL",
            (old["id"],),
        ).fetchall()
        kept = [int(r["id"]) for r in rows if r["toolchain"] not in mine]
        old_labels = [c for c in json.loads(old["compiles_on"]) if c not in pair.compiles_on]
        carried = [c for c in old_labels if c not in mine]
        if carried:
            merged = pair.compiles_on + carried
            values["compiles_on"] = json.dumps(merged)
            if pair.level == "translated":
                # The earlier compiles still prove this same translation compiles.
                values["level"], values["level_rank"] = "compiles", level_rank("compiles")
        caps = sorted(set(pair.capabilities) | set(json.loads(old["capabilities"])))
        values["capabilities"] = json.dumps(caps)
        return kept

    @staticmethod
    def _checks(pair: PairResult, values: dict[str, Any], kept: list[tuple[Any, ...]]) -> str:
        evidence = [(e.stage, e.kind, e.name, e.ok) for e in pair.evidence]
        evidence += [(str(a), str(b), str(c), bool(d)) for a, b, c, d in kept]
        return json.dumps(
            evidence_checks(
                json.loads(values["compiles_on"]), evidence, pair.runs_on, pair.time_ratio, values["level"]
            )
        )

    def record(self, pair: PairResult) -> int:
        """Write one pair with its task, evidence and runs in ONE transaction; returns the pair id.

        A pair already stored under the same key is replaced in place (same id, attempts + 1): the newer
        build saw at least as much as the older one (see is_done), and its evidence replaces the old.
        """
        now = time.time()
        t = pair.task
        from .. import __version__
        from ..transpile.fingerprint import gpuport_commit

        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute(
                "INSERT INTO tasks(name, domain, difficulty, description, features, spec, cuda_hash, files,"
                " updated_at, origin) VALUES(?,?,?,?,?,?,?,?,?,?) ON CONFLICT(name) DO UPDATE SET"
                " domain=excluded.domain, difficulty=excluded.difficulty, description=excluded.description,"
                " features=excluded.features, spec=excluded.spec, cuda_hash=excluded.cuda_hash,"
                " files=excluded.files, updated_at=excluded.updated_at, origin=excluded.origin",
                (
                    t.name,
                    t.domain,
                    t.difficulty,
                    t.description,
                    json.dumps(t.features),
                    json.dumps(t.spec, sort_keys=True),
                    t.cuda_hash,
                    json.dumps(t.files, sort_keys=True),
                    now,
                    json.dumps(t.origin, sort_keys=True) if t.origin else None,
                ),
            )
            values = {
                "pair_key": pair.pair_key,
                "task": t.name,
                "target": pair.target,
                "cuda_hash": t.cuda_hash,
                "translated_hash": pair.translated_hash,
                "level": pair.level,
                "level_rank": level_rank(pair.level),
                "compiles_on": json.dumps(pair.compiles_on),
                "runs_on": pair.runs_on,
                "compare_basis": pair.compare_basis,
                "time_ratio": pair.time_ratio,
                "original_ms": pair.original_ms,
                "translated_ms": pair.translated_ms,
                "unconverted": pair.unconverted,
                "translated_files": json.dumps(pair.translated_files, sort_keys=True),
                "diagnostics": json.dumps(pair.diagnostics),
                "options": json.dumps(pair.options, sort_keys=True),
                "machine": json.dumps(pair.machine, sort_keys=True),
                "capabilities": json.dumps(sorted(pair.capabilities)),
                "notes": json.dumps(pair.notes),
                "gpuport_version": __version__,
                "translator_fingerprint": pair.translator_fingerprint,
                "gpuport_commit": gpuport_commit(),
                "elapsed_s": pair.elapsed_s,
                "updated_at": now,
                "rules_fired": json.dumps(rules_fired(pair.diagnostics)),
            }
            old = self.finished(pair.pair_key)
            if old is None:
                values["created_at"] = now
                values["checks"] = self._checks(pair, values, [])
                cols = ", ".join(values)
                marks = ", ".join("?" for _ in values)
                cur = self.db.execute(f"INSERT INTO pairs({cols}) VALUES({marks})", list(values.values()))
                pair_id = int(cur.lastrowid or 0)
            else:
                pair_id = int(old["id"])
                kept = self._merge_compile_evidence(old, pair, values)
                kept_ev = self.db.execute(
                    f"SELECT stage, kind, name, ok FROM evidence WHERE id IN ({','.join('?' * len(kept))})",
                    kept,
                ).fetchall()
                values["checks"] = self._checks(pair, values, [tuple(r) for r in kept_ev])
                sets = ", ".join(f"{k}=?" for k in values)
                self.db.execute(
                    f"UPDATE pairs SET {sets}, attempts=attempts+1 WHERE id=?", [*values.values(), pair_id]
                )
                marks = ", ".join("?" for _ in kept)
                keep_clause = f" AND id NOT IN ({marks})" if kept else ""  # NOT IN (NULL) would keep all
                self.db.execute(f"DELETE FROM evidence WHERE pair_id=?{keep_clause}", (pair_id, *kept))
                self.db.execute("DELETE FROM runs WHERE pair_id=?", (pair_id,))
            self.db.executemany(
                "INSERT INTO evidence(pair_id, stage, kind, name, toolchain, argv, rc, ok, content)"
                " VALUES(?,?,?,?,?,?,?,?,?)",
                [
                    (
                        pair_id,
                        e.stage,
                        e.kind,
                        e.name,
                        e.toolchain,
                        json.dumps(e.argv) if e.argv is not None else None,
                        e.rc,
                        int(e.ok),
                        _cap(e.content),
                    )
                    for e in pair.evidence
                ],
            )
            self.db.executemany(
                "INSERT INTO runs(pair_id, side, hardware, toolchain, repeat_index, argv, rc, reason, wall_s,"
                " time_ms, verdict, results, stdout, stderr) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (
                        pair_id,
                        r.side,
                        r.hardware,
                        r.toolchain,
                        r.repeat_index,
                        json.dumps(r.argv),
                        r.rc,
                        r.reason,
                        r.wall_s,
                        r.time_ms,
                        r.verdict,
                        json.dumps(r.results),
                        _cap(r.stdout),
                        _cap(r.stderr),
                    )
                    for r in pair.runs
                ],
            )
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return pair_id

    def merge_from(self, other: str | Path, only: set[str] | None = None) -> dict[str, int]:
        """Copy in the pairs of another store (built on another machine: the device's 16 cores, a CPU box
        with hipcc) that this one lacks or holds at a lower level, each with its task, evidence and runs,
        and append the other store's build records. One transaction: a crash leaves this store as it was.

        Pairs are matched by pair_key (target, CUDA hash, spec); a pair this store already holds at a
        higher level is kept, whatever the other says; at the same level, the one with more passed checks
        wins (a rebuild where the CUDA original now compiles, or both AMD targets did), and on a tie the
        later build's (a failing pair rebuilt by a newer translator: its row, evidence and fingerprint
        say what the corpus's translator does now); the same row again is kept. A task both stores hold with different specs (its project's flags changed: a
        `tree_defines` macro added) is one task built twice: the spec of the later task row wins, and the
        pairs of the other spec are dropped (superseded), never counted beside the new ones. `only`: just
        these pair keys (a sample). Returns counts: copied, replaced, kept, superseded.
        """
        src_path = Path(other)
        if src_path.resolve() == self.path.resolve():
            raise StoreError(f"{src_path}: cannot merge a store into itself")
        reader = StoreReader(src_path)  # refuses a newer schema; fills columns an older one lacks
        counts = {"copied": 0, "replaced": 0, "kept": 0, "superseded": 0}
        pair_cols = [r[1] for r in self.db.execute("PRAGMA table_info(pairs)") if r[1] != "id"]
        task_cols = [r[1] for r in self.db.execute("PRAGMA table_info(tasks)")]
        ev_cols = [
            r[1] for r in self.db.execute("PRAGMA table_info(evidence)") if r[1] not in ("id", "pair_id")
        ]
        run_cols = [r[1] for r in self.db.execute("PRAGMA table_info(runs)") if r[1] not in ("id", "pair_id")]
        src = reader.db
        self.db.execute("BEGIN IMMEDIATE")
        try:
            stale_theirs = self._supersede_respecified(src, task_cols, counts)
            for prow in src.execute("SELECT * FROM pairs ORDER BY id"):
                if only is not None and prow["pair_key"] not in only:
                    continue
                if prow["task"] in stale_theirs:
                    counts["superseded"] += 1
                    continue
                p = {k: prow[k] if k in prow.keys() else _ADDED_PAIR_COLUMNS.get(k) for k in pair_cols}
                mine = self.db.execute(
                    "SELECT id, level_rank, checks, updated_at FROM pairs WHERE pair_key=?", (p["pair_key"],)
                ).fetchone()
                if mine is not None and (mine["level_rank"], _passed(mine["checks"]), mine["updated_at"]) >= (
                    p["level_rank"],
                    _passed(p["checks"]),
                    p["updated_at"],
                ):
                    counts["kept"] += 1
                    continue
                if mine is not None:
                    self.db.execute("DELETE FROM pairs WHERE id=?", (mine["id"],))  # evidence, runs cascade
                    counts["replaced"] += 1
                else:
                    counts["copied"] += 1
                if self.db.execute("SELECT 1 FROM tasks WHERE name=?", (p["task"],)).fetchone() is None:
                    trow = src.execute("SELECT * FROM tasks WHERE name=?", (p["task"],)).fetchone()
                    if trow is not None:
                        t = [trow[k] if k in trow.keys() else _ADDED_TASK_COLUMNS.get(k) for k in task_cols]
                        self.db.execute(
                            f"INSERT INTO tasks({', '.join(task_cols)}) VALUES({', '.join('?' * len(t))})", t
                        )
                cur = self.db.execute(
                    f"INSERT INTO pairs({', '.join(pair_cols)}) VALUES({', '.join('?' * len(pair_cols))})",
                    [p[k] for k in pair_cols],
                )
                new_id = cur.lastrowid
                for table, cols in (("evidence", ev_cols), ("runs", run_cols)):
                    rows = src.execute(f"SELECT * FROM {table} WHERE pair_id=? ORDER BY id", (prow["id"],))
                    self.db.executemany(
                        f"INSERT INTO {table}(pair_id, {', '.join(cols)}) "
                        f"VALUES({', '.join('?' * (len(cols) + 1))})",
                        [(new_id, *(r[c] for c in cols)) for r in rows],
                    )
            theirs = src.execute("SELECT value FROM meta WHERE key='builds'").fetchone()
            row = self.db.execute("SELECT value FROM meta WHERE key='builds'").fetchone()
            builds = json.loads(row[0]) if row is not None else []
            for entry in json.loads(theirs[0]) if theirs is not None else []:
                builds.append({**entry, "merged_from": src_path.name})
            builds.append({"merge": str(src_path.name), **counts})
            self.set_meta("builds", json.dumps(builds))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        finally:
            reader.close()
        return counts

    def _supersede_respecified(
        self, src: sqlite3.Connection, task_cols: list[str], counts: dict[str, int]
    ) -> set[str]:
        """Tasks held by both stores with different specs: where the other store's task row is later, its
        row replaces this one's and this store's pairs of the task go; where this one's is later, the names
        are returned, and the other store's pairs of them are not copied. Inside merge_from's transaction."""
        stale_theirs: set[str] = set()
        for trow in src.execute("SELECT * FROM tasks"):
            mine = self.db.execute(
                "SELECT spec, updated_at FROM tasks WHERE name=?", (trow["name"],)
            ).fetchone()
            if mine is None or json.loads(mine["spec"]) == json.loads(trow["spec"]):
                continue
            if mine["updated_at"] >= trow["updated_at"]:
                stale_theirs.add(trow["name"])
                continue
            gone = self.db.execute("DELETE FROM pairs WHERE task=?", (trow["name"],)).rowcount
            counts["superseded"] += gone  # evidence and runs cascade
            t = [trow[k] if k in trow.keys() else _ADDED_TASK_COLUMNS.get(k) for k in task_cols]
            self.db.execute(
                f"INSERT OR REPLACE INTO tasks({', '.join(task_cols)}) VALUES({', '.join('?' * len(t))})", t
            )
        return stale_theirs


# ================================================================ the one read path
# Every reader of a store (export, the HTML report, fine-tuning, retrieval, the bench scripts) goes through
# StoreReader: it opens the file read-only (a build may still be writing it), never migrates it, refuses a
# newer schema, and gives rows of an older schema the columns added since (see _ADDED_PAIR_COLUMNS), so a
# reader sees one row shape whatever version wrote the store.

_JSON_PAIR_COLUMNS = (
    "compiles_on",
    "translated_files",
    "diagnostics",
    "options",
    "machine",
    "capabilities",
    "notes",
)
_JSON_TASK_COLUMNS = ("features", "spec", "files")
FAILED_LOG_TAIL = 4000  # characters of a failed step's log a summary keeps (StoreReader.evidence)


class StoreReader:
    """Read-only access to a corpus store; raises StoreError for a file that is not a usable store and
    FileNotFoundError when there is none. Rows are dicts, JSON columns decoded."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise FileNotFoundError(f"no corpus store at {self.path}")
        try:
            self.db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=60.0)
        except sqlite3.Error as err:
            raise unusable(self.path, err) from None
        self.db.row_factory = sqlite3.Row
        try:
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not {"tasks", "pairs", "evidence", "runs"} <= tables:
                raise StoreError(f"{self.path}: not a gpuport corpus store (no pairs table)")
            row = self.db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
            self.schema_version = int(row[0]) if row else 0
        except sqlite3.DatabaseError as err:
            self.db.close()
            raise unusable(self.path, err) from None
        except StoreError:
            self.db.close()
            raise
        if self.schema_version > SCHEMA_VERSION:
            self.db.close()
            raise StoreError(
                f"{self.path}: schema version {self.schema_version} is newer than this gpuport ({SCHEMA_VERSION})"
            )

    def close(self) -> None:
        self.db.close()

    def meta(self) -> dict[str, str]:
        """The store's `meta` table (schema version, the corpus manifests builds recorded)."""
        return {str(k): str(v) for k, v in self._rows("SELECT key, value FROM meta ORDER BY key")}

    def __enter__(self) -> StoreReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as err:
            raise unusable(self.path, err) from None

    def tasks(self) -> dict[str, dict[str, Any]]:
        """name -> the `tasks` row (features, spec and files decoded)."""
        out = {}
        for t in self._rows("SELECT * FROM tasks ORDER BY name"):
            d = {**_ADDED_TASK_COLUMNS, **dict(t)}
            for k in _JSON_TASK_COLUMNS:
                d[k] = json.loads(d[k])
            d["origin"] = json.loads(d["origin"]) if d["origin"] else None
            out[d["name"]] = d
        return out

    def pairs(
        self, min_level: str | None = None, *, target: str | None = None, tasks: list[str] | None = None
    ) -> list[dict[str, Any]]:
        """The `pairs` rows at or above `min_level` (of one target, of some tasks), ordered by (task,
        target, id), JSON columns decoded; a column an older schema lacks reads as None."""
        sql = "SELECT * FROM pairs WHERE level_rank >= ?"
        args: list[Any] = [level_rank(min_level) if min_level else -1]
        if target is not None:
            sql += " AND target = ?"
            args.append(target)
        if tasks is not None:
            sql += f" AND task IN ({','.join('?' * len(tasks))})"
            args += tasks
        out = []
        for p in self._rows(sql + " ORDER BY task, target, id", tuple(args)):
            d = {**_ADDED_PAIR_COLUMNS, **dict(p)}
            for k in _JSON_PAIR_COLUMNS:
                d[k] = json.loads(d[k])
            for k in ("checks", "rules_fired"):  # NULL in rows written before schema 3
                d[k] = json.loads(d[k]) if d[k] is not None else None
            out.append(d)
        return out

    def evidence(self, pair_id: int, *, contents: bool = True) -> list[dict[str, Any]]:
        """A pair's `evidence` rows in insertion order (argv decoded, ok a bool). contents=False: instead
        of `content`, a `tail` holding the last FAILED_LOG_TAIL characters of a failed step's log ("" for a
        step that passed), so a summary does not read megabytes of ISA listings."""
        if contents:
            sql = "SELECT * FROM evidence WHERE pair_id=? ORDER BY id"
        else:
            sql = (
                "SELECT id, pair_id, stage, kind, name, toolchain, argv, rc, ok, CASE WHEN ok THEN ''"
                f" ELSE substr(content, -{FAILED_LOG_TAIL}) END AS tail FROM evidence WHERE pair_id=? ORDER BY id"
            )
        out = []
        for e in self._rows(sql, (pair_id,)):
            ed = dict(e)
            ed["argv"] = json.loads(ed["argv"]) if ed["argv"] is not None else None
            ed["ok"] = bool(ed["ok"])
            out.append(ed)
        return out

    def runs(self, pair_id: int) -> list[dict[str, Any]]:
        """A pair's `runs` rows in insertion order (argv and results decoded)."""
        out = []
        for r in self._rows("SELECT * FROM runs WHERE pair_id=? ORDER BY id", (pair_id,)):
            rd = dict(r)
            rd["argv"] = json.loads(rd["argv"])
            rd["results"] = json.loads(rd["results"])
            out.append(rd)
        return out

    def count_pairs(self, min_level: str | None = None, tasks: list[str] | None = None) -> tuple[int, int]:
        """(fresh, stale) pairs at or above min_level (of some tasks), without reading their evidence.

        Stale: the pair's task was re-stored since with other CUDA sources, so its original is gone.
        """
        sql = (
            "SELECT COALESCE(SUM(t.cuda_hash IS p.cuda_hash), 0), COALESCE(SUM(t.cuda_hash IS NOT p.cuda_hash), 0)"
            " FROM pairs p LEFT JOIN tasks t ON t.name = p.task WHERE p.level_rank >= ?"
        )
        args: list[Any] = [level_rank(min_level) if min_level is not None else -1]
        if tasks is not None:
            sql += f" AND p.task IN ({','.join('?' * len(tasks))})"
            args += tasks
        fresh, stale = self._rows(sql, tuple(args))[0]
        return int(fresh), int(stale)


def cuda_files_of(pair: Mapping[str, Any], tasks: Mapping[str, Mapping[str, Any]]) -> dict[str, str] | None:
    """The CUDA original of a pair: its task's files, or None when the task was re-stored since with other
    sources (the pair is then stale: its original text is no longer in the store)."""
    task = tasks.get(pair["task"])
    return dict(task["files"]) if task and task["cuda_hash"] == pair["cuda_hash"] else None


def iter_pairs(store_path: str | Path, min_level: str | None = None) -> Iterator[dict[str, Any]]:
    """One dict per stored pair, ordered by (task, target, id), with its task, evidence and runs.

    Keys: every column of `pairs` (JSON columns decoded), plus
      task_row    the `tasks` row of the pair's task (features, spec, files decoded)
      cuda_files  {relative path: text} of the CUDA original, or None when the pair is stale (cuda_files_of)
      evidence    list of `evidence` rows (argv decoded, ok as bool), in insertion order
      runs        list of `runs` rows (argv and results decoded), in insertion order
    min_level: skip pairs below this level (see LEVELS).
    """
    with StoreReader(store_path) as reader:
        tasks = reader.tasks()
        for d in reader.pairs(min_level):
            d["task_row"] = tasks.get(d["task"])
            d["cuda_files"] = cuda_files_of(d, tasks)
            d["evidence"] = reader.evidence(d["id"])
            d["runs"] = reader.runs(d["id"])
            yield d


def count_pairs(store_path: str | Path, min_level: str | None = None) -> tuple[int, int]:
    """(exportable, stale) pairs at or above min_level, without reading their evidence (see
    StoreReader.count_pairs)."""
    with StoreReader(store_path) as reader:
        return reader.count_pairs(min_level)
