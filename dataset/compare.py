"""Parse a suite program's output (RESULT / TIME_MS / PASS lines) and compare two runs.

The output contract is in bench/suite/README.md: `RESULT <key> <v1> [v2 ...]`, `TIME_MS <float>`, and a
last line `PASS` or `FAIL`. Comparison is positional per key: `exact` compares numbers by value (so
`1e+06` equals `1000000`, and 64-bit integers are compared as integers, never through a float), and
`tolerance` accepts |a - b| <= atol + rtol * |b| with b the reference. NaN equals NaN in the same place.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

MAX_MISMATCHES = 20  # listed in the evidence; the count is always complete


@dataclass
class ParsedOutput:
    results: dict[str, list[str]] = field(default_factory=dict)  # key -> values (repeated keys: key#2 ...)
    times_ms: list[float] = field(default_factory=list)  # every TIME_MS line, in order
    verdict: str | None = None  # "PASS", "FAIL" or None when the last line is neither

    @property
    def passed(self) -> bool:
        return self.verdict == "PASS"

    @property
    def time_ms(self) -> float | None:
        """The program's kernel time: the sum of its TIME_MS lines (one line in suite programs)."""
        return sum(self.times_ms) if self.times_ms else None

    def to_dict(self) -> dict[str, Any]:
        return {"results": self.results, "times_ms": self.times_ms, "verdict": self.verdict}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ParsedOutput:
        return cls(
            results={k: list(v) for k, v in (data.get("results") or {}).items()},
            times_ms=[float(x) for x in data.get("times_ms") or []],
            verdict=data.get("verdict"),
        )


def parse_output(stdout: str) -> ParsedOutput:
    parsed = ParsedOutput()
    last = ""
    for raw in stdout.splitlines():
        line = raw.strip()
        if not line:
            continue
        last = line
        parts = line.split()
        if parts[0] == "RESULT" and len(parts) >= 2:
            key, n = parts[1], 2
            while key in parsed.results:  # a key printed twice keeps both lines, in order
                key = f"{parts[1]}#{n}"
                n += 1
            parsed.results[key] = parts[2:]
        elif parts[0] == "TIME_MS" and len(parts) == 2:
            try:
                parsed.times_ms.append(float(parts[1]))
            except ValueError:
                pass  # a malformed time is no time
    if last in ("PASS", "FAIL"):
        parsed.verdict = last
    return parsed


@dataclass
class Comparison:
    equal: bool
    mode: str
    compared: int = 0  # values compared
    mismatches: list[str] = field(default_factory=list)  # the first MAX_MISMATCHES, human-readable
    mismatch_count: int = 0
    max_abs_err: float = 0.0
    max_rel_err: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "equal": self.equal,
            "mode": self.mode,
            "compared": self.compared,
            "mismatch_count": self.mismatch_count,
            "mismatches": self.mismatches,
            "max_abs_err": self.max_abs_err,
            "max_rel_err": self.max_rel_err,
        }


def _number(text: str) -> int | float | None:
    try:
        return int(text, 0) if text.lstrip("+-")[:2].lower() == "0x" else int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return None


def values_equal(ref: str, got: str, mode: str, rtol: float, atol: float) -> tuple[bool, float, float]:
    """(equal, abs error, rel error) for one value; non-numbers must match as text."""
    a, b = _number(got), _number(ref)
    if a is None or b is None:
        return got == ref, 0.0, 0.0
    if isinstance(a, int) and isinstance(b, int):
        diff = abs(a - b)
        if mode == "exact" or diff == 0:
            return diff == 0, float(diff), (float(diff) / abs(b) if b else float(diff))
        return diff <= atol + rtol * abs(b), float(diff), float(diff) / abs(b) if b else float(diff)
    fa, fb = float(a), float(b)
    if math.isnan(fa) or math.isnan(fb):
        return math.isnan(fa) and math.isnan(fb), 0.0, 0.0
    if math.isinf(fa) or math.isinf(fb):
        return fa == fb, 0.0 if fa == fb else math.inf, 0.0 if fa == fb else math.inf
    fdiff = abs(fa - fb)
    rel = fdiff / abs(fb) if fb else fdiff
    if mode == "exact":
        return fdiff == 0.0, fdiff, rel
    return fdiff <= atol + rtol * abs(fb), fdiff, rel


def compare(
    reference: ParsedOutput,
    candidate: ParsedOutput,
    mode: str = "exact",
    rtol: float = 0.0,
    atol: float = 0.0,
) -> Comparison:
    """Compare `candidate` against `reference` key by key and value by value."""
    cmp = Comparison(equal=True, mode=mode)

    def miss(msg: str) -> None:
        cmp.mismatch_count += 1
        if len(cmp.mismatches) < MAX_MISMATCHES:
            cmp.mismatches.append(msg)

    if not reference.results:
        miss("the reference printed no RESULT lines")
    for key, ref_vals in reference.results.items():
        got_vals = candidate.results.get(key)
        if got_vals is None:
            miss(f"{key}: missing")
            continue
        if len(got_vals) != len(ref_vals):
            miss(f"{key}: {len(got_vals)} values, reference has {len(ref_vals)}")
        for i, (r, g) in enumerate(zip(ref_vals, got_vals, strict=False)):
            ok, abs_err, rel_err = values_equal(r, g, mode, rtol, atol)
            cmp.compared += 1
            if math.isfinite(abs_err):
                cmp.max_abs_err = max(cmp.max_abs_err, abs_err)
            if math.isfinite(rel_err):
                cmp.max_rel_err = max(cmp.max_rel_err, rel_err)
            if not ok:
                miss(f"{key}[{i}]: got {g}, reference {r}")
    for key in candidate.results:
        if key not in reference.results:
            miss(f"{key}: not in the reference")
    cmp.equal = cmp.mismatch_count == 0
    return cmp


def median_time(runs: Iterable[ParsedOutput]) -> float | None:
    """Median of the per-run kernel times; runs without a TIME_MS line are left out."""
    times = [t for t in (r.time_ms for r in runs) if t is not None]
    return statistics.median(times) if times else None


def time_ratio(translated_ms: float | None, original_ms: float | None) -> float | None:
    """translated / original; None when either is missing or the original took no measurable time."""
    if translated_ms is None or original_ms is None or original_ms <= 0:
        return None
    return translated_ms / original_ms
