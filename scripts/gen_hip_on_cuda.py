#!/usr/bin/env python3
"""Generate the rename headers of the HIP-on-CUDA layer from gpuport's mapping tables.

The tables (transpile/tables/<family>.tsv) map CUDA spellings to HIP spellings. Read backwards they say
which CUDA name each HIP name stands for, which is all most of the layer needs: `#define hipMalloc
cudaMalloc`. This script writes one `gpuport_hip_map_<family>.h` per family that the layer's headers
include, holding those defines.

A row becomes a define when its `hip` column is a real identifier different from its `cuda` name, its kind
is not header or namespace, it is not flagged unsupported-hip, and it is not a compiler built-in
(__builtin_trap: nvcc has it). Left out, with a comment where a reader might look for them:

* HIP names the hand-written headers define themselves (`#define NAME` or a `gpuport-hand:` comment line in
  any header under include/ that is not generated): those need more than a rename.
* HIP names that are also CUDA spellings in some table: a define would rename a real CUDA name.
* When several CUDA names map to one HIP name, one wins, chosen in this order: not deprecated/removed,
  the CUDA name that follows from the HIP name by prefix (hipblasX -> cublasX, then hipX -> cudaX before
  hipX -> cuX), a runtime-side row before a driver row (hipError_t is cudaError_t here), a row of a family
  the layer includes, then the alphabetically first CUDA name. The losers are named in a comment.

Usage: gen_hip_on_cuda.py [--tables DIR] [--out DIR] [--check]
  --check  write nothing; exit 1 when a generated file differs from what is on disk.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_TABLES = REPO / "transpile" / "tables"
DEFAULT_OUT = REPO / "dataset" / "hip_on_cuda" / "include"

# The families whose map a hand-written header includes (see include/hip/*.h and the library shims).
# Each gets a file even when its table is missing or empty, so the includes never break.
FAMILIES = (
    "types",
    "runtime",
    "driver",
    "device",
    "math",
    "complex",
    "cooperative_groups",
    "cublas",
    "curand",
    "cufft",
    "cusparse",
    "cub",
)

GENERATED_PREFIX = "gpuport_hip_map_"
COLUMNS = ("cuda", "hip", "sycl", "kind", "flags", "min_hip", "note")
SKIP_KINDS = {"header", "namespace"}
IDENT = re.compile(r"[A-Za-z_]\w*")
HAND_DEFINE = re.compile(r"^\s*#\s*define\s+([A-Za-z_]\w*)", re.MULTILINE)
HAND_LIST = re.compile(r"gpuport-hand:(.*)$", re.MULTILINE)

# HIP prefix -> CUDA prefixes, longest first: how a HIP name is normally spelled in CUDA.
NATURAL_PREFIXES = (
    ("hipsparse", ("cusparse",)),
    ("HIPSPARSE", ("CUSPARSE",)),
    ("hipsolver", ("cusolver",)),
    ("HIPSOLVER", ("CUSOLVER",)),
    ("hipblas", ("cublas",)),
    ("HIPBLAS", ("CUBLAS",)),
    ("hiprand", ("curand",)),
    ("HIPRAND", ("CURAND",)),
    ("hipfft", ("cufft",)),
    ("HIPFFT", ("CUFFT",)),
    ("hip", ("cuda", "cu")),
    ("HIP", ("CUDA", "CU")),
)


@dataclass(frozen=True)
class Row:
    family: str
    line: int
    cuda: str
    hip: str
    kind: str
    flags: frozenset[str]


@dataclass
class Choice:
    row: Row
    losers: list[Row] = field(default_factory=list)


def read_table(path: Path) -> list[Row]:
    """Rows of one table; comment lines and the header line are skipped."""
    family = path.stem
    rows: list[Row] = []
    header_seen = False
    with path.open(encoding="utf-8", newline="") as fh:
        for lineno, raw in enumerate(fh, start=1):
            line = raw.rstrip("\r\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cells = next(csv.reader([line], delimiter="\t", quoting=csv.QUOTE_NONE))
            if not header_seen:
                header_seen = True
                if tuple(c.strip() for c in cells[:2]) == ("cuda", "hip"):
                    continue
            cells = [c.strip() for c in cells] + [""] * (len(COLUMNS) - len(cells))
            values = dict(zip(COLUMNS, cells, strict=False))
            flags = frozenset(f.strip() for f in values["flags"].split(",") if f.strip())
            rows.append(Row(family, lineno, values["cuda"], values["hip"], values["kind"], flags))
    return rows


def read_tables(tables: Path) -> list[Row]:
    rows: list[Row] = []
    for path in sorted(tables.glob("*.tsv")):
        rows += read_table(path)
    return rows


def hand_names(include_dir: Path) -> set[str]:
    """Names the hand-written headers define: #define'd macros and names on gpuport-hand: lines."""
    names: set[str] = set()
    if not include_dir.is_dir():
        return names
    for path in sorted(include_dir.rglob("*")):
        if not path.is_file() or path.name.startswith(GENERATED_PREFIX):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        names.update(HAND_DEFINE.findall(text))
        for match in HAND_LIST.findall(text):
            names.update(IDENT.findall(match))
    return names


def natural_cuda_names(hip: str) -> list[str]:
    """CUDA spellings that follow from a HIP name by prefix, the runtime's (cudaX) before the driver's (cuX)."""
    for hip_prefix, cuda_prefixes in NATURAL_PREFIXES:
        if hip.startswith(hip_prefix):
            rest = hip[len(hip_prefix) :]
            return [p + rest for p in cuda_prefixes]
    return []


def _rank(row: Row) -> tuple[int, int, int, str]:
    stale = 1 if row.flags & {"deprecated", "removed"} else 0
    natural = natural_cuda_names(row.hip)
    natural_rank = natural.index(row.cuda) if row.cuda in natural else len(NATURAL_PREFIXES)
    # hipError_t, hipStream_t, ... are the runtime's types here, so a runtime spelling beats a driver one
    # (hipErrorX must be a cudaError_t value, not a CUresult). A row of a family without a generated header
    # would drop the name altogether, so it comes last.
    if row.family not in FAMILIES:
        family_rank = 2
    elif row.family == "driver":
        family_rank = 1
    else:
        family_rank = 0
    return (stale, natural_rank, family_rank, row.cuda)


def candidate(row: Row) -> bool:
    """A row that could become `#define hip cuda`."""
    if row.kind in SKIP_KINDS or "unsupported-hip" in row.flags:
        return False
    if row.hip in ("", "=", "-") or row.hip == row.cuda:
        return False
    # Compiler built-ins (__builtin_trap) exist under nvcc too, in host and device code; a macro would
    # reroute every use, the host compiler's own headers included, to a device-only CUDA function.
    if row.hip.startswith("__builtin_"):
        return False
    # Include guards (HIPRAND_H_ for CURAND_H_): defining one would claim a header was included when it
    # was not, and enable the code a helper header keeps for that library.
    if row.kind == "macro" and GUARD.search(row.hip):
        return False
    return IDENT.fullmatch(row.hip) is not None and bool(row.cuda)


GUARD = re.compile(r"_H_*$|^HIP_INCLUDE_")


@dataclass
class Plan:
    chosen: dict[str, Choice]  # hip name -> choice
    clashes: dict[str, list[Row]]  # hip name that is also a CUDA name -> its rows
    hand: dict[str, list[Row]]  # hip name defined by hand -> its rows


def plan(rows: list[Row], hand: set[str]) -> Plan:
    cuda_names = {r.cuda for r in rows}
    by_hip: dict[str, list[Row]] = {}
    for row in rows:
        if candidate(row):
            by_hip.setdefault(row.hip, []).append(row)
    result = Plan({}, {}, {})
    for hip, group in sorted(by_hip.items()):
        if hip in hand:
            result.hand[hip] = group
        elif hip in cuda_names:
            result.clashes[hip] = group
        else:
            ordered = sorted(group, key=_rank)
            result.chosen[hip] = Choice(ordered[0], ordered[1:])
    return result


def _describe(row: Row) -> str:
    flags = sorted(row.flags & {"deprecated", "removed"})
    return f"{row.cuda} ({', '.join(flags)})" if flags else row.cuda


def render(family: str, tables: Path, the_plan: Plan) -> str:
    table = tables / f"{family}.tsv"
    try:
        source = table.relative_to(REPO).as_posix()
    except ValueError:
        source = table.name
    lines = [
        f"// GENERATED by scripts/gen_hip_on_cuda.py from {source} -- do not edit.",
        "// HIP names as their CUDA counterparts, for the gpuport HIP-on-CUDA layer (see hip/hip_runtime.h).",
        "// Re-generate after changing the tables: python scripts/gen_hip_on_cuda.py",
    ]
    if not table.is_file():
        lines.append(f"// {table.name} does not exist yet: no renames for this family.")
    lines += ["#pragma once", ""]
    choices = [c for c in the_plan.chosen.values() if c.row.family == family]
    for choice in sorted(choices, key=lambda c: c.row.hip):
        row = choice.row
        if choice.losers:
            others = ", ".join(_describe(r) for r in choice.losers)
            lines.append(f"// {row.hip} also maps from {others}; {row.cuda} chosen")
        lines.append(f"#define {row.hip} {row.cuda}")
    clashes = sorted(h for h, rs in the_plan.clashes.items() if rs[0].family == family)
    if clashes:
        lines += ["", "// Left out: these HIP names are also CUDA names, a define would rename CUDA's:"]
        lines += [f"//   {h} (from {', '.join(r.cuda for r in the_plan.clashes[h])})" for h in clashes]
    hand = sorted(h for h, rs in the_plan.hand.items() if rs[0].family == family)
    if hand:
        lines += ["", "// Defined by hand in the layer's headers (more than a rename):"]
        lines += _wrap(hand, "//   ")
    return "\n".join(lines) + "\n"


def _wrap(names: list[str], prefix: str, width: int = 110) -> list[str]:
    out: list[str] = []
    current = prefix
    for name in names:
        if len(current) + len(name) + 1 > width and current != prefix:
            out.append(current.rstrip())
            current = prefix
        current += name + " "
    if current != prefix:
        out.append(current.rstrip())
    return out


def generate(tables: Path, include_dir: Path) -> dict[str, str]:
    """File name -> content for every generated header."""
    rows = read_tables(tables) if tables.is_dir() else []
    the_plan = plan(rows, hand_names(include_dir))
    return {f"{GENERATED_PREFIX}{family}.h": render(family, tables, the_plan) for family in FAMILIES}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=Path, default=DEFAULT_TABLES, help="folder of <family>.tsv")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where the headers go")
    parser.add_argument(
        "--hand",
        type=Path,
        default=DEFAULT_OUT,
        help="include folder whose hand-written headers name the HIP names to leave out",
    )
    parser.add_argument("--check", action="store_true", help="only compare with what is on disk")
    args = parser.parse_args(argv)
    if not args.tables.is_dir():
        print(f"warning: {args.tables} does not exist; writing empty maps", file=sys.stderr)
    files = generate(args.tables, args.hand)
    stale = []
    for name, text in files.items():
        path = args.out / name
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current == text:
            continue
        stale.append(name)
        if not args.check:
            args.out.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    defines = sum(text.count("\n#define ") for text in files.values())
    if args.check:
        if stale:
            print("out of date: " + ", ".join(stale), file=sys.stderr)
            return 1
        print(f"up to date ({len(files)} files, {defines} defines)")
        return 0
    print(f"wrote {len(stale)} of {len(files)} files to {args.out} ({defines} defines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
