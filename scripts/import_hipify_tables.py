#!/usr/bin/env python3
"""Propose mapping-table rows from HIPIFY's published CUDA→HIP tables (facts: names and versions).

    python3 scripts/import_hipify_tables.py TABLES_DIR [--commit SHA] [--out FILE] [--write]

TABLES_DIR is a local copy of HIPIFY's `docs/tables` folder (public repository ROCm/HIPIFY; never
committed here), e.g. laid out from a bare mirror with
`git --git-dir=HIPIFY.git archive HEAD docs/tables | tar -x -C /tmp/hipify-tables --strip-components=2`.

Each `*_supported_by_HIP.md` file holds markdown tables, one per section, whose rows read
`|`CUDA name`|A|D|C|R|`HIP name`|A|D|C|R|E|`: the CUDA version that added (A), deprecated (D),
changed (C) or removed (R) the name, the HIP name with the HIP version that added, deprecated, changed or
removed it, and E when HIPIFY marks the HIP name experimental. Only the names and the versions are read;
this script is our own, and nothing of HIPIFY's text is copied.

What it proposes, compared with transpile/tables/*.tsv (all families together: a CUDA name lives in one):

- `add`: a CUDA name our tables lack, as a row for the family its HIPIFY file belongs to; the HIP name,
  or `-` with `unsupported-hip` when HIPIFY gives none; `min_hip` the HIP A version when it is after 5.2;
  `deprecated`/`removed` from the CUDA D/R columns; the note names the HIP D/R/E facts.
  cuDNN rows are written unsupported (HIPIFY's HIP column names hipDNN, which ROCm does not ship).
- `spelling`: a name we map to a different HIP spelling (printed, never written: a person decides).
- `supported`: a name we mark unsupported that HIPIFY maps (printed, never written).

`--accept-spelling all|NAME,...` (with `--keep-ours NAME,...`, where a trailing `*` matches a prefix)
takes HIPIFY's spelling for those `spelling` rows (never for cuDNN); `--accept-supported` does the same for
the `supported` rows (not cuDNN): the row's hip cell and min_hip change in the family file. `--accept-hipdnn`
gives every cuDNN row that HIPIFY maps its hipDNN spelling with the `hipdnn` flag (hipDNN is a library ROCm
does not ship: the rename happens only under `--dnn hipdnn`, the default, which reports each file that uses
it; `--dnn keep` reports the names instead). Where HIPIFY gives one HIP name to several CUDA names of the same
family that are not spellings of one thing (cudaDevAttrMaxSurface2DWidth and ...Height both to
hipDeviceAttributeMaxSurface2D: HIP has one attribute where CUDA has two), the mapping may lose meaning: the
row gets the `review` flag and a note naming the other CUDA names, so every use is reported for review.
The same name in the runtime and the driver API (cudaHostAllocPortable, CU_MEMHOSTALLOC_PORTABLE) and a
type's aliases (CUfunc_cache, CUfunc_cache_enum, CUdevice_v1) are one thing, not a loss.

`--write` appends the `add` rows to transpile/tables/<family>.tsv (the one data set: rows are edited there)
and records the provenance in its header comment. Families with no HIPIFY file (headers, math, types, cooperative_groups, thrust) get no
rows; NVRTC (no family here) is skipped.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TABLES = REPO / "transpile" / "tables"
sys.path.insert(0, str(REPO / "scripts"))

from table_schema import schema  # noqa: E402  (the one schema definition)

COLUMNS: tuple[str, ...] = schema.COLUMNS

# HIPIFY file stem -> our family.
FILES = {
    "CUDA_Runtime_API_functions_supported_by_HIP": "runtime",
    "CUDA_Driver_API_functions_supported_by_HIP": "driver",
    "CUDA_Device_API_supported_by_HIP": "device",
    "cuComplex_API_supported_by_HIP": "complex",
    "CUBLAS_API_supported_by_HIP": "cublas",
    "CURAND_API_supported_by_HIP": "curand",
    "CUFFT_API_supported_by_HIP": "cufft",
    "CUSPARSE_API_supported_by_HIP": "cusparse",
    "CUSOLVER_API_supported_by_HIP": "cusolver",
    "CUDNN_API_supported_by_HIP": "cudnn",
    "CUB_API_supported_by_HIP": "cub",
}
ROW = re.compile(
    r"^\|`([^`]+)`\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|\s*(?:`([^`]+)`)?\s*\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|"
)
SECTION = re.compile(r"^#+\s*\**\s*\d+\.\s*(.*?)\**\s*$")
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class Fact:
    cuda: str
    hip: str | None
    cuda_added: str
    cuda_deprecated: str
    cuda_removed: str
    hip_added: str
    hip_deprecated: str
    hip_removed: str
    experimental: bool
    section: str
    family: str


def parse_file(path: Path, family: str) -> list[Fact]:
    facts: list[Fact] = []
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        m = SECTION.match(line)
        if m:
            section = m.group(1).strip("* ")
            continue
        m = ROW.match(line)
        if not m:
            continue
        cuda, ca, cd, _cc, cr, hip, ha, hd, _hc, hr, he = (g.strip() if g else "" for g in m.groups())
        facts.append(Fact(cuda, hip or None, ca, cd, cr, ha, hd, hr, bool(he), section, family))
    return facts


def short_version(v: str) -> str:
    parts = v.split(".")
    return ".".join(parts[:2]) if len(parts) >= 2 else v


def version_key(v: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", v))


def kind_of(fact: Fact) -> str:
    section = fact.section.lower()
    name = fact.cuda
    if fact.family == "device":
        return "type" if "type" in section else "device-function"
    if "type" not in section and "define" not in section and "enum" not in section:
        return "function"
    if re.search(r"(_t|_st|_s|_v\d)$", name) or re.match(r"^(CU[a-z]|cu[A-Z]|cuda[A-Z]\w*_t$)", name):
        return "type"
    if re.fullmatch(r"[A-Z0-9_]+", name):
        return "enum"
    return "enum"


def row_for(fact: Fact) -> list[str]:
    flags: list[str] = []
    notes: list[str] = []
    min_hip = ""
    if fact.hip is None:
        hip = "-"
        flags.append("unsupported-hip")
    elif fact.family == "cudnn":
        # HIPIFY's HIP column for cuDNN is hipDNN, which no ROCm release ships; MIOpen's API differs
        # (argument orders, descriptors), so gpuport reports cuDNN names instead of renaming them.
        hip = "-"
        flags.append("unsupported-hip")
        notes.append(f"HIPIFY maps it to hipDNN's {fact.hip}, which ROCm does not ship")
    else:
        hip = "=" if fact.hip == fact.cuda else fact.hip
        if fact.hip_added and version_key(fact.hip_added) > (5, 2):
            min_hip = short_version(fact.hip_added)
        if fact.hip_deprecated:
            notes.append(f"deprecated in HIP {short_version(fact.hip_deprecated)}")
        if fact.hip_removed:
            notes.append(f"removed from HIP {short_version(fact.hip_removed)}")
            flags.append("review")
        if fact.experimental:
            notes.append("experimental in HIP")
    if fact.cuda_deprecated:
        flags.append("deprecated")
        notes.append(f"deprecated in CUDA {fact.cuda_deprecated}")
    if fact.cuda_removed:
        flags.append("removed")
        notes.append(f"removed in CUDA {fact.cuda_removed}")
    note = "; ".join(["hipify"] + notes)
    return [fact.cuda, hip, "", kind_of(fact), ",".join(flags), min_hip, note]


def read_ours(tables: Path) -> dict[str, tuple[str, str, str]]:
    """CUDA name -> (family, hip cell, flags) over the generated family files."""
    ours: dict[str, tuple[str, str, str]] = {}
    for path in sorted(tables.glob("*.tsv")):
        header = False
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#") or not line.strip():
                continue
            cells = line.split("\t")
            if not header:
                header = True
                continue
            ours.setdefault(cells[0], (path.stem, cells[1], cells[4] if len(cells) > 4 else ""))
    return ours


def propose(facts: list[Fact], ours: dict[str, tuple[str, str, str]]) -> dict[str, list[Fact]]:
    out: dict[str, list[Fact]] = {"add": [], "spelling": [], "supported": []}
    seen: set[str] = set()
    for fact in facts:
        if fact.cuda in seen or not IDENT.match(fact.cuda):
            continue
        seen.add(fact.cuda)
        if fact.hip is not None and not IDENT.match(fact.hip):
            continue
        mine = ours.get(fact.cuda)
        if mine is None:
            out["add"].append(fact)
            continue
        _family, hip_cell, flags = mine
        our_hip = (
            None
            if hip_cell == "-" or "unsupported-hip" in flags
            else (fact.cuda if hip_cell == "=" else hip_cell)
        )
        if fact.hip is None:
            continue
        if our_hip is None:
            out["supported"].append(fact)
        elif our_hip != fact.hip:
            out["spelling"].append(fact)
    return out


def append_rows(family: str, rows: list[list[str]], provenance: str) -> None:
    path = TABLES / f"{family}.tsv"
    if path.exists():
        lines = path.read_text(encoding="utf-8").splitlines()
    else:
        lines = [f"# gpuport mapping table: {family}.", "\t".join(COLUMNS)]
    header_at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    if provenance not in lines:
        lines.insert(header_at, provenance)
    lines += ["\t".join(r) for r in rows]
    path.write_text("\n".join(sorted_rows(lines)) + "\n", encoding="utf-8")


def sorted_rows(lines: list[str]) -> list[str]:
    """A family file's lines with its rows sorted by CUDA name, as scripts/seed_tables.py writes them."""
    header_at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    rows = sorted(lines[header_at + 1 :], key=lambda line: line.split("\t")[0])
    return lines[: header_at + 1] + rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tables_dir", type=Path, help="HIPIFY's docs/tables folder (a local copy)")
    ap.add_argument("--commit", default="unknown", help="the HIPIFY commit the tables come from")
    ap.add_argument("--out", type=Path, help="write the proposal here instead of stdout")
    ap.add_argument("--write", action="store_true", help="append the `add` rows to the family files")
    ap.add_argument("--families", help="comma-separated families to write (default: all)")
    ap.add_argument("--accept-spelling", help="'all' or comma-separated CUDA names: take HIPIFY's spelling")
    ap.add_argument(
        "--accept-supported",
        action="store_true",
        help="map `supported` rows whose HIP name HIPIFY gives to that one CUDA name only",
    )
    ap.add_argument(
        "--accept-hipdnn",
        action="store_true",
        help="give cuDNN rows HIPIFY's hipDNN spelling, flagged `hipdnn` (renamed only under --dnn hipdnn)",
    )
    ap.add_argument("--keep-ours", default="", help="comma-separated CUDA names (NAME* = prefix) to leave")
    args = ap.parse_args(argv)
    facts: list[Fact] = []
    for stem, family in FILES.items():
        path = args.tables_dir / f"{stem}.md"
        if path.exists():
            facts += parse_file(path, family)
        else:
            print(f"warning: {path} missing", file=sys.stderr)
    ours = read_ours(TABLES)
    proposal = propose(facts, ours)
    lines = [f"# proposal from HIPIFY docs/tables at commit {args.commit}: {len(facts)} rows read"]
    for what in ("add", "spelling", "supported"):
        lines.append(f"## {what}: {len(proposal[what])}")
        for fact in proposal[what]:
            if what == "add":
                lines.append(f"+{fact.family}\t" + "\t".join(row_for(fact)))
            else:
                family, hip_cell, flags = ours[fact.cuda]
                lines.append(
                    f"~{family}\t{fact.cuda}\tours={hip_cell} [{flags}]\thipify={fact.hip} (HIP {fact.hip_added})"
                )
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text)
    else:
        sys.stdout.write(text)
    if args.write:
        wanted = set(args.families.split(",")) if args.families else None
        by_family: dict[str, list[list[str]]] = {}
        for fact in proposal["add"]:
            if wanted is None or fact.family in wanted:
                by_family.setdefault(fact.family, []).append(row_for(fact))
        provenance = (
            f"# source: HIPIFY docs/tables at commit {args.commit} (names and versions only; rows whose note "
            "starts with 'hipify', added by scripts/import_hipify_tables.py)"
        )
        for family, rows in sorted(by_family.items()):
            append_rows(family, rows, provenance)
            print(f"{family}: {len(rows)} rows added", file=sys.stderr)
    if args.accept_spelling:
        keep = [k for k in args.keep_ours.split(",") if k]
        names = None if args.accept_spelling == "all" else set(args.accept_spelling.split(","))
        chosen = [
            f
            for f in proposal["spelling"]
            if f.family != "cudnn"
            and (names is None or f.cuda in names)
            and not any(f.cuda == k or (k.endswith("*") and f.cuda.startswith(k[:-1])) for k in keep)
        ]
        for fact in chosen:
            respell(ours[fact.cuda][0], fact)
        print(f"{len(chosen)} spellings taken from HIPIFY", file=sys.stderr)
    if args.accept_supported:
        chosen = [f for f in proposal["supported"] if f.family != "cudnn" and f.hip]
        lossy = lossy_names(facts)
        for fact in chosen:
            respell(ours[fact.cuda][0], fact, lossy.get(fact.cuda))
        print(
            f"{len(chosen)} unsupported names mapped as HIPIFY maps them "
            f"({sum(1 for f in chosen if f.cuda in lossy)} of them marked review: one HIP name for several)",
            file=sys.stderr,
        )
    if args.accept_hipdnn:
        chosen = [f for f in facts if f.family == "cudnn" and f.hip and IDENT.match(f.hip) and f.cuda in ours]
        done = sum(respell_hipdnn(f) for f in chosen)
        print(f"{done} cuDNN rows given their hipDNN spelling (flag hipdnn)", file=sys.stderr)
    return 0


def respell_hipdnn(fact: Fact) -> bool:
    """Give a cuDNN row HIPIFY's hipDNN spelling with the `hipdnn` flag (in the family file)."""
    assert fact.hip is not None
    changed = False
    for path in (TABLES / "cudnn.tsv",):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            cells = line.split("\t")
            if line.startswith("#") or cells[0] != fact.cuda:
                continue
            flags = [f for f in cells[4].split(",") if f and f != "unsupported-hip"]
            if "hipdnn" not in flags:
                flags.insert(0, "hipdnn")
            notes = [n for n in cells[6].split("; ") if n and not n.startswith("HIPIFY maps it to hipDNN")]
            notes = [n for n in notes if n != "no mechanical rename" and not n.startswith("hipDNN, ")]
            if not notes or notes[0] != "hipify":
                notes.insert(0, "hipify")
            notes.insert(
                1, "hipDNN, which ROCm does not ship (renamed under --dnn hipdnn, reported per file)"
            )
            new = [cells[0], fact.hip, cells[2], cells[3], ",".join(flags), "", "; ".join(notes)]
            if new != cells:
                lines[i] = "\t".join(new)
                changed = True
            break
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


ALIAS_SUFFIX = re.compile(r"(_enum|_st|_v\d+)$")


def lossy_names(facts: list[Fact]) -> dict[str, list[str]]:
    """CUDA name -> the other CUDA names of its family that HIPIFY maps to the same HIP name (aliases of one
    type, `X`/`X_enum`/`X_st`/`X_v2`, count as one name)."""
    groups: dict[tuple[str, str], set[str]] = {}
    for fact in facts:
        if fact.hip is not None and fact.family != "cudnn":
            groups.setdefault((fact.family, fact.hip), set()).add(fact.cuda)
    out: dict[str, list[str]] = {}
    for names in groups.values():
        if len({ALIAS_SUFFIX.sub("", n) for n in names}) < 2:
            continue
        for name in names:
            stem = ALIAS_SUFFIX.sub("", name)
            out[name] = sorted(n for n in names if ALIAS_SUFFIX.sub("", n) != stem)
    return out


def respell(family: str, fact: Fact, shared_with: list[str] | None = None) -> None:
    """Give `fact.cuda`'s row HIPIFY's HIP spelling in its family file; with
    `shared_with` (other CUDA names given the same HIP name) the row is flagged for review."""
    assert fact.hip is not None
    min_hip = short_version(fact.hip_added) if fact.hip_added and version_key(fact.hip_added) > (5, 2) else ""
    gen = TABLES / f"{family}.tsv"
    lines = gen.read_text(encoding="utf-8").splitlines()
    new_row: list[str] | None = None
    for i, line in enumerate(lines):
        cells = line.split("\t")
        if line.startswith("#") or cells[0] != fact.cuda:
            continue
        old = cells[1]
        flags = [f for f in cells[4].split(",") if f and f != "unsupported-hip"]
        notes = [cells[6], f"spelling as HIPIFY (was {old})"]
        if shared_with:
            flags.append("review")
            notes.append(f"HIP has this one name also for {', '.join(shared_with)}: the value may differ")
        note = "; ".join(n for n in notes if n)
        cells = [cells[0], fact.hip, cells[2], cells[3], ",".join(flags), min_hip, note]
        lines[i] = "\t".join(cells)
        new_row = cells
        break
    if new_row is None:
        return
    gen.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
