"""Byte-range edits and the one place that applies them.

Rules never write text. They return edits; this module applies a set of them to the source, rejecting any
edit that overlaps one already accepted, so two rules can never corrupt each other's output. Insertions at
one point do not conflict: they are applied in the order they were accepted (rule order), so a rule that
adds a file-scope block after the includes need not know which other rules add one there too.
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


def line_end_kept(source: bytes, end: int) -> int:
    """`end`, or one byte before it when the span ending there ends with its line's newline: replacing a
    directive (tree-sitter spans it newline included) while the line itself stays."""
    return end - 1 if source[end - 1 : end] == b"\n" else end


def overlaps(a: Edit, b: Edit) -> bool:
    """True when applying both would be ambiguous."""
    a_ins, b_ins = a.start == a.end, b.start == b.end
    if a_ins and b_ins:
        return False  # two insertions at one point: the EditSet orders them as it accepted them
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
        # (start, end, acceptance number, edit): by position, then insertions before a replacement that
        # starts at the same point, then in acceptance order.
        self._sorted: list[tuple[int, int, int, Edit]] = []

    def add_group(self, edits: list[Edit]) -> bool:
        """Add edits that belong together (one finding): all are accepted, or none. A group whose own
        edits overlap is refused too: applying it would corrupt the output (a rule's bug, reported by
        the engine as a rewrite not applied, never a crash)."""
        if any(self._conflicts(e) for e in edits) or _overlapping(edits):
            self.rejected.extend(edits)
            return False
        for e in edits:
            bisect.insort(self._sorted, (e.start, e.end, len(self.accepted), e))
            self.accepted.append(e)
        return True

    def _conflicts(self, e: Edit) -> bool:
        items = self._sorted
        first = bisect.bisect_left(items, (e.start,))
        # Accepted edits starting where e starts or inside it.
        j = first
        while j < len(items) and (items[j][0] < e.end or items[j][0] == e.start):
            if overlaps(items[j][3], e):
                return True
            j += 1
        # Of those starting before e, only the last replacement can reach into it (replacements never
        # overlap each other; an insertion before e's start is not inside e).
        j = first - 1
        while j >= 0 and items[j][0] == items[j][1]:
            j -= 1
        return j >= 0 and overlaps(items[j][3], e)

    def replaced(self, start: int, end: int) -> bool:
        """True when [start, end) lies inside the replaced range of an accepted edit (its text is gone)."""
        # Accepted replacements never overlap, so only the last one starting at or before `start` can
        # hold it (insertions hold nothing).
        i = bisect.bisect_right(self._sorted, (start, 1 << 62))
        while i > 0:
            s, e, _, _ = self._sorted[i - 1]
            if s < e:
                return s <= start and end <= e
            i -= 1
        return False

    def apply(self, source: bytes) -> bytes:
        return _apply_ordered(source, [item[3] for item in self._sorted])

    def restyle_line_ends(self, line_end: str) -> None:
        """Give every accepted edit's text the file's line ends (rules write `\n`)."""

        def restyle(e: Edit) -> Edit:
            if "\n" not in e.text and "\r" not in e.text:
                return e
            text = e.text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", line_end)
            return Edit(e.start, e.end, text)

        mapped = {id(e): restyle(e) for e in self.accepted}
        self.accepted = [mapped[id(e)] for e in self.accepted]
        self._sorted = [(s, end, n, mapped[id(e)]) for s, end, n, e in self._sorted]


def _overlapping(edits: list[Edit]) -> bool:
    """True when two edits of one group overlap (groups are small: every pair is compared)."""
    return len(edits) > 1 and any(
        overlaps(a, b) or (a.start == b.start and a.end == b.end and a.start < a.end)
        for i, a in enumerate(edits)
        for b in edits[i + 1 :]
    )


def apply_edits(source: bytes, edits: list[Edit]) -> bytes:
    """Apply non-overlapping edits (any order; insertions at one point in the order given) to `source`.
    Raises ValueError on overlap."""
    return _apply_ordered(source, sorted(edits, key=lambda e: (e.start, e.end)))


def _apply_ordered(source: bytes, ordered: list[Edit]) -> bytes:
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
