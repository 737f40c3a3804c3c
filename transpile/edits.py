"""Byte-range edits and the one place that applies them.

Rules never write text. They return edits; this module applies a set of them to the source, rejecting any
edit that overlaps one already accepted, so two rules can never corrupt each other's output.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Edit:
    """Replace source bytes [start, end) with `text`. start == end inserts."""

    start: int
    end: int
    text: str

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"bad edit range [{self.start}, {self.end})")


def overlaps(a: Edit, b: Edit) -> bool:
    """True when applying both would be ambiguous."""
    a_ins, b_ins = a.start == a.end, b.start == b.end
    if a_ins and b_ins:
        # Two insertions at one point: their order would be arbitrary.
        return a.start == b.start
    if a_ins:
        return b.start < a.start < b.end
    if b_ins:
        return a.start < b.start < a.end
    return a.start < b.end and b.start < a.end


@dataclass
class EditSet:
    """Accepts edits in priority order; keeps the first of any overlapping pair."""

    accepted: list[Edit]
    rejected: list[Edit]

    def __init__(self) -> None:
        self.accepted = []
        self.rejected = []
        self._sorted: list[Edit] = []

    def add_group(self, edits: list[Edit]) -> bool:
        """Add edits that belong together (one finding): all are accepted, or none."""
        for e in edits:
            i = bisect.bisect_left(self._sorted, e)
            for j in (i - 1, i):
                if 0 <= j < len(self._sorted) and overlaps(self._sorted[j], e):
                    self.rejected.extend(edits)
                    return False
        for e in edits:
            bisect.insort(self._sorted, e)
            self.accepted.append(e)
        return True

    def replaced(self, start: int, end: int) -> bool:
        """True when [start, end) lies inside the replaced range of an accepted edit (its text is gone)."""
        # Accepted edits never overlap, so only the last one starting at or before `start` can hold it.
        i = bisect.bisect_right(self._sorted, Edit(start, 1 << 62, ""))
        if i == 0:
            return False
        e = self._sorted[i - 1]
        return e.start < e.end and e.start <= start and end <= e.end

    def apply(self, source: bytes) -> bytes:
        return apply_edits(source, self._sorted)


def apply_edits(source: bytes, edits: list[Edit]) -> bytes:
    """Apply non-overlapping edits (any order) to `source`. Raises ValueError on overlap."""
    ordered = sorted(edits)
    out: list[bytes] = []
    pos = 0
    for e in ordered:
        if e.start < pos or e.end > len(source):
            raise ValueError(f"overlapping or out-of-range edit {e!r}")
        out.append(source[pos : e.start])
        out.append(e.text.encode("utf-8"))
        pos = e.end
    out.append(source[pos:])
    return b"".join(out)
