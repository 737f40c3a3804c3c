"""A FileCheck emulation that scores every directive instead of stopping at the first failure.

Semantics follow LLVM FileCheck's defaults (no --strict-whitespace, prefix CHECK):

- Both the check file and the input are canonicalised: a run of spaces and tabs becomes one space, and a
  `\\r` before `\\n` is dropped. A directive's pattern is the rest of its line after the colon, with
  leading and trailing horizontal whitespace removed.
- A directive is `PREFIX:`, `PREFIX-NEXT:`, `-SAME:`, `-NOT:`, `-DAG:`, `-EMPTY:`, `-LABEL:` (scored as a
  plain check) or `-COUNT-n:`; the prefix must not follow a word character (`A-Za-z0-9_-`); one
  directive a line, the first one.
- A pattern matches as a substring; `{{re}}` is a regular expression, `[[VAR:re]]` captures, `[[VAR]]`
  uses a captured value.
- Positive checks search forward from the end of the last match. `-NEXT` (and `-EMPTY`) pass when exactly
  one newline lies between the previous match and theirs, `-SAME` when none does. `-NOT` patterns must
  not occur between the previous match and the next positive match (the end of the input after the last
  one). A group of `-DAG` checks matches in any order, without overlaps, after the previous match; the
  next positive check searches from the end of the group.

Where FileCheck stops at the first failure, this one scores each directive and goes on: a failed positive
check leaves the position where it was unless a line that closely resembles its pattern lies ahead (then
the position moves to the end of that line, so that the `-NEXT` lines after it are judged against the
line that stands in its place). Pending `-NOT`s are judged at the next positive match that succeeds.
Every failure carries the best-matching line of the input, for classification.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

KINDS = ("CHECK", "NEXT", "SAME", "NOT", "DAG", "EMPTY", "LABEL", "COUNT")
_WORD = re.compile(r"[A-Za-z0-9_-]")
_HSPACE = re.compile(r"[ \t]+")
_VAR_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_]*")
# How far ahead (lines) a failed check looks for the line that stands in its place, and how close that
# line must be (difflib ratio) for the position to move there.
WINDOW = 40
RESYNC_RATIO = 0.6
DISTANCE_COST = 0.01


def canonicalize(text: str) -> str:
    return _HSPACE.sub(" ", text.replace("\r\n", "\n"))


@dataclass
class Directive:
    kind: str  # one of KINDS
    pattern: str
    line: int  # 1-based line in the check file
    count: int = 1

    @property
    def label(self) -> str:
        return "CHECK" if self.kind == "CHECK" else f"CHECK-{self.kind}"


@dataclass
class Outcome:
    directive: Directive
    passed: bool
    reason: str = ""  # why it failed: not-found, not-next-line, not-same-line, found (NOT), bad-pattern
    best_line: str = ""  # the input line most like the pattern (failures only)
    best_ratio: float = 0.0


def parse_directives(check_text: str, prefix: str = "CHECK") -> list[Directive]:
    """Every directive of `check_text`, in order."""
    out: list[Directive] = []
    for lineno, line in enumerate(canonicalize(check_text).split("\n"), 1):
        start = 0
        while True:
            at = line.find(prefix, start)
            if at < 0:
                break
            start = at + 1
            if at > 0 and _WORD.match(line[at - 1]):
                continue
            rest = line[at + len(prefix) :]
            kind, count, consumed = _directive_kind(rest)
            if kind is None:
                continue
            pattern = rest[consumed:].strip(" \t")
            out.append(Directive(kind, pattern, lineno, count))
            break
    return out


def _directive_kind(rest: str) -> tuple[str | None, int, int]:
    if rest.startswith(":"):
        return "CHECK", 1, 1
    m = re.match(r"-(NEXT|SAME|NOT|DAG|EMPTY|LABEL):", rest)
    if m:
        return m.group(1), 1, m.end()
    m = re.match(r"-COUNT-(\d+):", rest)
    if m:
        return "COUNT", int(m.group(1)), m.end()
    return None, 0, 0


def pattern_regex(pattern: str, variables: dict[str, str]) -> tuple[str, list[str], bool]:
    """(regex source, names it defines in order, whether it is a plain fixed string)."""
    parts: list[str] = []
    defines: list[str] = []
    fixed = True
    rest = pattern
    while rest:
        if rest.startswith("{{"):
            end = rest.find("}}", 2)
            if end < 0:
                raise ValueError("unterminated {{")
            parts.append("(?:" + rest[2:end] + ")")
            rest = rest[end + 2 :]
            fixed = False
            continue
        if rest.startswith("[["):
            end = rest.find("]]", 2)
            if end < 0:
                raise ValueError("unterminated [[")
            body = rest[2:end]
            rest = rest[end + 2 :]
            fixed = False
            name, colon, rx = body.partition(":")
            if not _VAR_NAME.fullmatch(name):
                raise ValueError(f"unsupported variable block [[{body}]]")
            if colon:
                defines.append(name)
                parts.append(f"(?P<v_{name.replace('$', '_')}>{rx})")
            elif name in defines:
                parts.append(f"(?P=v_{name.replace('$', '_')})")
            elif name in variables:
                parts.append(re.escape(variables[name]))
            else:
                raise ValueError(f"undefined variable {name}")
            continue
        cut = [i for i in (rest.find("{{"), rest.find("[[")) if i >= 0]
        end = min(cut) if cut else len(rest)
        parts.append(re.escape(rest[:end]))
        rest = rest[end:]
    return "".join(parts), defines, fixed


def literal_of(pattern: str) -> str:
    """The pattern with its regex and variable blocks dropped: what a reader expects to see."""
    return re.sub(r"\{\{.*?\}\}|\[\[.*?\]\]", "", pattern)


@dataclass
class _State:
    text: str
    pos: int = 0
    variables: dict[str, str] = field(default_factory=dict)


def _search(state: _State, pattern: str, start: int) -> tuple[int, int] | None:
    """First match of `pattern` at or after `start`: (position, length)."""
    rx, defines, fixed = pattern_regex(pattern, state.variables)
    if fixed:
        at = state.text.find(pattern, start)
        return None if at < 0 else (at, len(pattern))
    m = re.compile(rx, re.M).search(state.text[start:])
    if not m:
        return None
    for name in defines:
        state.variables[name] = m.group(f"v_{name.replace('$', '_')}")
    return start + m.start(), m.end() - m.start()


def _search_empty(text: str, start: int) -> tuple[int, int] | None:
    """CHECK-EMPTY: a newline followed by a newline or the end; the match starts after the first one."""
    at = start
    while True:
        nl = text.find("\n", at)
        if nl < 0:
            return None
        if nl + 1 == len(text) or text[nl + 1] == "\n":
            return nl + 1, 0
        at = nl + 1


def best_line(text: str, start: int, pattern: str) -> tuple[int, float, str]:
    """The line at or after `start` (within WINDOW lines) most like the pattern: (end offset, ratio,
    line). Lines that are blank or only `//` are passed over; of two alike lines the nearer wins (each
    line of distance costs DISTANCE_COST of ratio)."""
    want = literal_of(pattern).strip()
    line_start = text.rfind("\n", 0, start) + 1
    best = (-1, 0.0, "")
    best_score = 0.0
    seen = 0
    at = line_start
    while at <= len(text) and seen < WINDOW:
        nl = text.find("\n", at)
        end = len(text) if nl < 0 else nl
        stripped = text[at:end].strip()
        if stripped and stripped != "//":
            cost = DISTANCE_COST * seen
            seen += 1
            sm = difflib.SequenceMatcher(None, want, stripped, autojunk=False)
            if sm.real_quick_ratio() - cost > best_score and sm.quick_ratio() - cost > best_score:
                ratio = sm.ratio()
                if ratio - cost > best_score:
                    best = (end, ratio, stripped)
                    best_score = ratio - cost
        if nl < 0:
            break
        at = nl + 1
    return best


def run_checks(directives: list[Directive], output: str) -> list[Outcome]:
    """Score every directive against `output` (already as FileCheck would read it)."""
    state = _State(canonicalize(output))
    text = state.text
    outcomes: list[Outcome] = []
    pending_not: list[tuple[Directive, int]] = []  # NOT directives and where their region starts
    dag_group: list[Directive] = []

    def settle_nots(region_end: int) -> None:
        for directive, region_start in pending_not:
            try:
                hit = _search(state, directive.pattern, region_start)
            except (ValueError, re.error) as exc:
                outcomes.append(Outcome(directive, False, f"bad-pattern: {exc}"))
                continue
            if hit is not None and hit[0] + hit[1] <= region_end:
                line = _line_at(text, hit[0])
                outcomes.append(Outcome(directive, False, "found", line, 1.0))
            else:
                outcomes.append(Outcome(directive, True))
        pending_not.clear()

    def flush_dags() -> None:
        if not dag_group:
            return
        taken: list[tuple[int, int]] = []
        first_start = len(text)
        for directive in dag_group:
            start = state.pos
            hit = None
            try:
                while True:
                    hit = _search(state, directive.pattern, start)
                    if hit is None:
                        break
                    overlap = next((t for t in taken if hit[0] < t[1] and t[0] < hit[0] + hit[1]), None)
                    if overlap is None:
                        break
                    start = overlap[1]
            except (ValueError, re.error) as exc:
                outcomes.append(Outcome(directive, False, f"bad-pattern: {exc}"))
                continue
            if hit is None:
                _, ratio, line = best_line(text, state.pos, directive.pattern)
                outcomes.append(Outcome(directive, False, "not-found", line, ratio))
            else:
                taken.append((hit[0], hit[0] + hit[1]))
                first_start = min(first_start, hit[0])
                outcomes.append(Outcome(directive, True))
        dag_group.clear()
        if taken:
            settle_nots(first_start)
            state.pos = max(end for _, end in taken)

    for directive in directives:
        if directive.kind == "NOT":
            flush_dags()
            pending_not.append((directive, state.pos))
            continue
        if directive.kind == "DAG":
            dag_group.append(directive)
            continue
        flush_dags()
        outcomes.append(_positive(state, directive, settle_nots))
    flush_dags()
    settle_nots(len(text))
    # Outcomes were appended as directives settled; report them in check-file order.
    outcomes.sort(key=lambda o: o.directive.line)
    return outcomes


def _positive(state: _State, directive: Directive, settle: Callable[[int], None]) -> Outcome:
    text = state.text
    if directive.kind == "EMPTY":
        if directive.pattern:
            return Outcome(directive, False, "bad-pattern: CHECK-EMPTY with text")
        hit = _search_empty(text, state.pos)
    else:
        if not directive.pattern:
            return Outcome(directive, False, "bad-pattern: empty check string")
        try:
            hit = _search(state, directive.pattern, state.pos)
            if hit is not None and directive.count > 1:
                first, end = hit[0], hit[0] + hit[1]
                for _ in range(directive.count - 1):
                    more = _search(state, directive.pattern, end)
                    if more is None:
                        hit = None
                        break
                    end = more[0] + more[1]
                if hit is not None:
                    hit = (first, end - first)
        except (ValueError, re.error) as exc:
            return Outcome(directive, False, f"bad-pattern: {exc}")
    reason = ""
    if hit is None:
        reason = "not-found"
    else:
        newlines = text.count("\n", state.pos, hit[0])
        if directive.kind in ("NEXT", "EMPTY") and newlines != 1:
            reason = "not-next-line"
        elif directive.kind == "SAME" and newlines != 0:
            reason = "not-same-line"
    if not reason and hit is not None:
        settle(hit[0])
        state.pos = hit[0] + hit[1]
        return Outcome(directive, True)
    # Failed: find the line that stands in its place; move there when it is close.
    if directive.kind == "EMPTY":
        nl = text.find("\n", state.pos)
        line = _line_at(text, nl + 1) if nl >= 0 else ""
        if nl >= 0:
            settle(nl + 1)
            end = text.find("\n", nl + 1)
            state.pos = len(text) if end < 0 else end
        return Outcome(directive, False, reason, line, 0.0)
    if directive.kind == "SAME":
        end = text.find("\n", state.pos)
        line = text[state.pos : len(text) if end < 0 else end].strip()
        return Outcome(directive, False, reason, line, 0.0)
    if directive.kind == "NEXT":
        # The line that stands in its place is the next one, whatever it holds.
        nl = text.find("\n", state.pos)
        if nl < 0:
            return Outcome(directive, False, reason, "", 0.0)
        end = text.find("\n", nl + 1)
        end = len(text) if end < 0 else end
        line = text[nl + 1 : end].strip()
        settle(nl + 1)
        state.pos = end
        ratio = difflib.SequenceMatcher(
            None, literal_of(directive.pattern).strip(), line, autojunk=False
        ).ratio()
        if ratio < RESYNC_RATIO:
            # Unlike it (the check before matched the wrong line, or a line is missing): report the line
            # nearby that is most like it, a few lines back included.
            back = state.pos
            for _ in range(3):
                back = max(0, text.rfind("\n", 0, back))
            _, near_ratio, near_line = best_line(text, back, directive.pattern)
            if near_ratio > ratio:
                line, ratio = near_line, near_ratio
        return Outcome(directive, False, reason, line, ratio)
    end, ratio, line = best_line(text, state.pos, directive.pattern)
    if ratio >= RESYNC_RATIO and end >= 0:
        settle(text.rfind("\n", 0, end) + 1)
        state.pos = end
    return Outcome(directive, False, reason, line, ratio)


def _line_at(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text[start : len(text) if end < 0 else end].strip()


def check(check_text: str, output: str, prefix: str = "CHECK") -> list[Outcome]:
    """Parse the directives of `check_text` and score them against `output`."""
    return run_checks(parse_directives(check_text, prefix), output)
