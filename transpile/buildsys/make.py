"""Makefile migration: nvcc -> hipcc (or a SYCL compiler), flag by flag, keeping everything else.

A small tokenizer, not a make parser: it splits the file into logical lines (joining backslash
continuations), tells recipe lines (TAB first) from the rest, cuts `#` comments off non-recipe lines, and
splits the code into words with byte ranges (quotes keep their spaces; `$(...)` may hold spaces, so a word
never crosses an unclosed `$(` either). Words go through the shared nvcc flag translator; comments never
change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..diagnostics import Safety, Status
from ..edits import Edit
from .codes import BUILD_ARCH_FLAG, BUILD_CUDA_PATH, BUILD_NVCC_OPTION, MAKE_SOURCE_RENAME, MAKE_UNCONVERTED
from .flags import SM_WORD, Finding, FlagTranslator, Word, is_cuda_path

_ASSIGN = re.compile(r"\s*(?:(?:export|override)\s+)*([^\s:#=]+)\s*(?:::=|:=|\?=|\+=|!=|=)\s*")
_CUDA_ROOT_VALUE = re.compile(r"^/usr/local/cuda(?:-[\d.]+)?/?$|^/opt/cuda/?$")
_CUDA_ROOT_NAMES = re.compile(
    r"^(?:CUDA_PATH|CUDA_HOME|CUDA_DIR|CUDA_ROOT|CUDA_INSTALL_PATH|CUDA_TOOLKIT_ROOT_DIR)$"
)
_CU_SUFFIX = re.compile(r"(?<=[\w%*)}:])\.cu(?![\w.])")
_LEFT = re.compile(r"^(?:.*/)?nvcc$|^-lcu\w+|^-lnv\w+|(?:^|[=,])(?:sm|compute)_\d+")


@dataclass
class Line:
    start: int  # byte offset of the logical line
    code_end: int  # where its comment starts (or the line ends)
    recipe: bool
    words: list[Word]
    assign_name: str | None


def logical_lines(text: str) -> list[Line]:
    """Split a Makefile (decoded as latin-1, so offsets are bytes) into logical lines with words."""
    lines: list[Line] = []
    pos, n = 0, len(text)
    while pos < n:
        # Find the logical end: a newline not escaped by an odd run of backslashes.
        end = pos
        while True:
            nl = text.find("\n", end)
            if nl < 0:
                end = n
                break
            k = nl - 1
            while k >= pos and text[k] == "\\":
                k -= 1
            if (nl - 1 - k) % 2 == 1:
                end = nl + 1
                continue
            end = nl
            break
        recipe = text.startswith("\t", pos)
        code_end = end
        if not recipe:
            i = pos
            while i < end:
                if text[i] == "#" and (i == pos or text[i - 1] != "\\"):
                    code_end = i
                    break
                i += 1
        words = _words(text, pos, code_end, recipe)
        m = None if recipe else _ASSIGN.match(text, pos, code_end)
        lines.append(Line(pos, code_end, recipe, words, m.group(1) if m else None))
        pos = end + 1
    return lines


def _words(text: str, start: int, end: int, recipe: bool) -> list[Word]:
    words: list[Word] = []
    i = start
    while i < end:
        c = text[i]
        if c in " \t\n" or (c == "\\" and i + 1 < end and text[i + 1] == "\n"):
            i += 2 if c == "\\" else 1
            continue
        if recipe and c == "#":  # a shell comment: leave the rest alone
            break
        j, depth, quote = i, 0, ""
        while j < end:
            d = text[j]
            if quote:
                if d == quote:
                    quote = ""
            elif d in "\"'":
                quote = d
            elif d == "$" and j + 1 < end and text[j + 1] in "({":
                depth += 1
                j += 1
            elif d in ")}" and depth:
                depth -= 1
            elif d in " \t\n" and not depth:
                break
            elif d == "\\" and j + 1 < end and text[j + 1] == "\n" and not depth:
                break
            j += 1
        words.append(Word(i, j, text[i:j]))
        i = j
    return words


def _split_assignment(line: Line, text: str) -> list[Word]:
    """The words of an assignment's value (the name and operator are not flags)."""
    m = _ASSIGN.match(text, line.start, line.code_end)
    assert m is not None
    return [w for w in line.words if w.start >= m.end()]


def migrate(text: str, target: str, arches: tuple[str, ...]) -> list[Finding]:
    """Findings (with edits) for one Makefile, in file order."""
    translator = FlagTranslator(target, arches)
    findings: list[Finding] = []
    for line in logical_lines(text):
        words = _split_assignment(line, text) if line.assign_name else line.words
        found = translator.run(words)
        taken = [(f.start, f.end) for f in found]
        for w in words:
            if any(s <= w.start and w.end <= e for s, e in taken):
                continue
            f = _other(w, line, target, arches)
            if f is not None:
                found.append(f)
        findings.extend(found)
    if target == "hip":
        findings.extend(_rdc_links(text))
    for f in findings:
        f.edits = [_tidy(text, e) for e in f.edits]
    return findings


# nvcc words that make relocatable device code (hipcc: -fgpu-rdc, on the compiles and on the link).
_RDC = frozenset({"-dc", "--device-c", "-rdc=true", "--relocatable-device-code=true", "-fgpu-rdc"})
_NOT_A_LINK = frozenset({"-c", "-dc", "--device-c", "-E", "-M", "-MM", "-ptx", "-cubin", "-fatbin", "-dlink"})
_VAR_REF = re.compile(r"\$[({]([A-Za-z_][\w.-]*)[)}]")


def _rdc_links(text: str) -> list[Finding]:
    """When the Makefile compiles relocatable device code (`nvcc -dc`, `-rdc=true`), every nvcc recipe line
    that links (no `-c`) and gets no `-fgpu-rdc` from its own words or its variables gets one after the
    compiler: hipcc links relocatable objects only with it ("undefined reference to __hip_fatbin")."""
    lines = logical_lines(text)
    values: dict[str, list[str]] = {}
    for line in lines:
        if line.assign_name:
            values.setdefault(line.assign_name, []).extend(w.text for w in _split_assignment(line, text))

    def words_of(texts: list[str], seen: frozenset[str] = frozenset()) -> set[str]:
        """The words, with the variables they reference expanded (transitively, as far as assigned here)."""
        out = set(texts)
        for t in texts:
            for name in _VAR_REF.findall(t):
                if name not in seen:
                    out |= words_of(values.get(name, []), seen | {name})
        return out

    compilers = {n for n, v in values.items() if any(re.search(r"(?:^|/)nvcc$", t) for t in v)}
    everything = words_of([w.text for line in lines for w in line.words])
    if not everything & _RDC:
        return []
    found: list[Finding] = []
    for line in lines:
        if not line.recipe or not line.words:
            continue
        first = line.words[0]
        head = first.text.lstrip("@-+")
        refs = _VAR_REF.findall(head)
        is_nvcc = re.search(r"(?:^|/)nvcc$", head) is not None or (len(refs) == 1 and refs[0] in compilers)
        if not is_nvcc:
            continue
        words = words_of([w.text for w in line.words])
        if words & _NOT_A_LINK or words & _RDC:
            continue
        found.append(
            Finding(
                BUILD_NVCC_OPTION,
                "link of relocatable device code: `-fgpu-rdc` added (the objects were compiled with nvcc -dc or "
                '-rdc=true; hipcc links them only with it, else "undefined reference to __hip_fatbin")',
                first.start,
                first.end,
                Status.CONVERTED,
                first.text,
                Safety.SAFE,
                [Edit(first.end, first.end, " -fgpu-rdc")],
            )
        )
    return found


def _tidy(text: str, edit: Edit) -> Edit:
    """A deletion that empties a continued physical line takes the line with it, so no `\\`-only lines
    are left; the last line of a continuation is emptied but kept (it ends the logical line)."""
    if edit.text or edit.start == edit.end:
        return edit
    line_start = text.rfind("\n", 0, edit.start) + 1
    nl = text.find("\n", edit.end)
    line_end = len(text) if nl < 0 else nl
    before, after = text[line_start : edit.start], text[edit.end : line_end].strip()
    if before.strip() or line_start == 0 or text[: line_start - 1].rstrip(" \t")[-1:] != "\\":
        return edit
    if after == "\\" and nl >= 0:
        return Edit(line_start, nl + 1, "")
    if after == "":
        return Edit(line_start, line_end, "")
    return edit


def _other(w: Word, line: Line, target: str, arches: tuple[str, ...]) -> Finding | None:
    t = w.text
    if line.assign_name and _CUDA_ROOT_NAMES.match(line.assign_name) and _CUDA_ROOT_VALUE.match(t):
        if target == "sycl":
            return None  # unused once the paths that referred to it are dropped
        return Finding(
            BUILD_CUDA_PATH,
            f"`{t}` -> `/opt/rocm`: the CUDA root variable now names ROCm's",
            w.start,
            w.end,
            Status.CONVERTED,
            t,
            Safety.REVIEW,
            [Edit(w.start, w.end, "/opt/rocm")],
        )
    if SM_WORD.match(t) and line.assign_name:
        if target == "sycl":
            return Finding(
                BUILD_ARCH_FLAG,
                f"`{t}`: a CUDA architecture with no SYCL meaning",
                w.start,
                w.end,
                Status.WARNING,
                t,
                Safety.REVIEW,
            )
        return Finding(
            BUILD_ARCH_FLAG,
            f"`{t}` -> `{arches[0]}`",
            w.start,
            w.end,
            Status.CONVERTED,
            t,
            Safety.REVIEW,
            [Edit(w.start, w.end, arches[0])],
        )
    if target == "sycl" and _CU_SUFFIX.search(t):
        edits = [Edit(w.start + m.start(), w.start + m.end(), ".cpp") for m in _CU_SUFFIX.finditer(t)]
        return Finding(
            MAKE_SOURCE_RENAME,
            f"`{t}`: .cu -> .cpp (the SYCL tree renames .cu files)",
            w.start,
            w.end,
            Status.CONVERTED,
            t,
            Safety.SAFE,
            edits,
        )
    if _LEFT.search(t) or (is_cuda_path(t) and not line.assign_name):
        return Finding(
            MAKE_UNCONVERTED,
            f"`{t}`: CUDA left in the Makefile",
            w.start,
            w.end,
            Status.UNCONVERTED,
            t,
            Safety.REVIEW,
        )
    return None
