"""The LLM fallback: what the rules left unconverted, translated by a model and proven by a compiler.

For one translated file:

1. Regions. Every unconverted diagnostic is widened to its enclosing statement (or top-level item: a
   macro definition, a declaration) in the input's syntax tree; overlapping regions merge. A region whose
   code tree-sitter cannot parse makes the whole file one region (whole-file mode). A region is kept in
   input byte offsets, so a model's answer becomes one ordinary `Edit` over the source that replaces the
   rule edits inside the region: the result stays "source + edits", like the engine's own.
2. Ask. The prompt (prompts.py) shows the rule-translated code with the region marked; the answer must be
   one fenced code block with the replacement.
3. Check. The answer is spliced in and the file is checked: no CUDA may remain inside the replacement
   (the rule engine is re-run over the candidate), and the target's compiler (check.py) must report no
   error inside the replacement and no new error elsewhere, except inside other regions still pending
   (they are known to be broken; fixing one region can unmask errors the compiler had not reached).
4. Repair. A rejected answer goes back to the model with the reasons (compiler errors with line numbers
   of the candidate), at most `repairs` times. A region still failing keeps the rule output (reverted)
   and its diagnostics stay unconverted, with the reason attached.
5. Final check. After all regions, the whole file is compiled once more; an accepted region that now has
   errors inside it (hidden before by errors elsewhere) is reverted.

Budgets (tokens, wall time, regions) are shared across the files of one run. Every model-made change is
marked: its diagnostics have `by_model=True` and safety "review", and `FallbackResult.llm_dict()` (the
FileReport's `llm`) counts regions tried, accepted and failed, and tokens.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tree_sitter import Node

from ..transpile import parse as ts
from ..transpile.context import _line_col, line_starts
from ..transpile.diagnostics import Diagnostic, Safety, Status
from ..transpile.edits import Edit, apply_edits
from ..transpile.engine import TranslationResult, _stats, translate_source
from ..transpile.options import Options
from .backends import Backend, BackendError, parse_backend
from .cache import CachedBackend, CompletionCache
from .check import Checker, CheckResult, checker_for
from .prompts import BUILTIN_EXAMPLES, parse_answer, region_prompt, repair_prompt
from .retrieval import Example, ExampleIndex

# Node types that are one unit a region may grow to (the smallest such ancestor of a diagnostic).
_UNIT_TYPES = frozenset(
    {
        "declaration",
        "field_declaration",
        "type_definition",
        "preproc_def",
        "preproc_function_def",
        "preproc_call",
        "preproc_include",
        "function_definition",
        "template_declaration",
        "alias_declaration",
        "using_declaration",
        "static_assert_declaration",
    }
)


@dataclass
class FallbackConfig:
    repairs: int = 2  # follow-up prompts after a rejected answer, per region
    max_tokens: int = 1024  # per completion
    temperature: float = 0.0
    token_budget: int = 500_000  # prompt + completion tokens for the whole run
    time_budget_s: float = 1800.0  # wall time for the whole run
    max_regions: int = 100  # per file
    examples: int = 2  # few-shot examples per prompt
    store: str | Path | None = None  # corpus store for few-shot examples (default: ./corpus.db if present)
    cache: str | Path | None = None  # completion cache file (default ~/.cache/gpuport/llm.sqlite)
    use_cache: bool = True
    compile: bool = True  # False: parse-only checks
    include_dirs: tuple[str, ...] = ()


@dataclass
class Budget:
    """Tokens and wall time left for a run; shared by every file of it."""

    tokens: int
    seconds: float
    started: float = field(default_factory=time.monotonic)
    used_tokens: int = 0

    def spend(self, tokens: int) -> None:
        self.used_tokens += tokens

    def exhausted(self) -> str | None:
        if self.used_tokens >= self.tokens:
            return f"token budget spent ({self.used_tokens} of {self.tokens})"
        if time.monotonic() - self.started >= self.seconds:
            return f"time budget spent ({self.seconds:.0f} s)"
        return None


@dataclass
class RegionOutcome:
    start: int  # input byte offsets
    end: int
    line: int  # 1-based line of `start` in the input
    codes: list[str]
    symbols: list[str]
    whole_file: bool = False
    status: str = "pending"  # accepted | failed | skipped
    attempts: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cache_hits: int = 0
    problems: list[str] = field(default_factory=list)  # why the last answer was rejected
    replacement: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "start": self.start,
            "end": self.end,
            "codes": self.codes,
            "symbols": self.symbols,
            "whole_file": self.whole_file,
            "status": self.status,
            "attempts": self.attempts,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "cache_hits": self.cache_hits,
            "problems": self.problems[:10],
        }


@dataclass
class FallbackResult:
    result: TranslationResult  # the file after the fallback (model edits included in `edits`)
    original: TranslationResult  # the rules' translation
    regions: list[RegionOutcome]
    model: str
    checker: str
    compiled: bool  # a real compiler checked the answers (False: parse-only)
    final_ok: bool | None  # the final file compiled (None: not checked)
    final_errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def code(self) -> str:
        return self.result.code

    @property
    def output(self) -> bytes:
        return self.result.output

    @property
    def changed(self) -> bool:
        return self.result.output != self.original.output

    def count(self, status: str) -> int:
        return sum(1 for r in self.regions if r.status == status)

    def llm_dict(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "checker": self.checker,
            "compiled": self.compiled,
            "regions": len(self.regions),
            "accepted": self.count("accepted"),
            "failed": self.count("failed"),
            "skipped": self.count("skipped"),
            "calls": sum(r.attempts for r in self.regions),
            "cache_hits": sum(r.cache_hits for r in self.regions),
            "prompt_tokens": sum(r.prompt_tokens for r in self.regions),
            "completion_tokens": sum(r.completion_tokens for r in self.regions),
            "final_compiles": self.final_ok,
            "final_errors": self.final_errors[:20],
            "notes": self.notes,
            "details": [r.to_dict() for r in self.regions],
        }


# ---------------------------------------------------------------- regions


def _unit_node(root: Node, start: int, end: int) -> Node:
    """The smallest statement-like ancestor of [start, end) (a statement, declaration, macro, ...)."""
    node = root.descendant_for_byte_range(start, max(start, end - 1) if end > start else start)
    best = node
    while node is not None and node.type != "translation_unit":
        t = node.type
        if (t.endswith("_statement") and t != "compound_statement") or t in _UNIT_TYPES:
            return node
        best = node
        node = node.parent
    return best if best is not None else root


def _in_error(node: Node) -> bool:
    n: Node | None = node
    while n is not None:
        if n.is_error or n.is_missing:
            return True
        n = n.parent
    return node.has_error


def find_regions(result: TranslationResult) -> list[RegionOutcome]:
    """Unconverted diagnostics grouped into regions (input offsets), merged where they overlap."""
    unconverted = result.unconverted
    if not unconverted:
        return []
    root = ts.parse(result.source).root_node
    raw: list[tuple[int, int, bool, Diagnostic]] = []
    for d in unconverted:
        node = _unit_node(root, d.start, d.end)
        if _in_error(node):
            raw.append((0, len(result.source), True, d))
        else:
            raw.append((min(node.start_byte, d.start), max(node.end_byte, d.end), False, d))
    raw.sort(key=lambda r: (r[0], -r[1]))
    starts = line_starts(result.source)
    regions: list[RegionOutcome] = []
    for start, end, whole, d in raw:
        last = regions[-1] if regions else None
        if last is not None and start < last.end:
            last.end = max(last.end, end)
            last.whole_file = last.whole_file or whole
            last.diagnostics.append(d)
            continue
        regions.append(RegionOutcome(start, end, _line_col(starts, start)[0], [], [], whole, diagnostics=[d]))
    for r in regions:
        r.codes = sorted({d.code for d in r.diagnostics})
        r.symbols = sorted({d.symbol for d in r.diagnostics if d.symbol})
    return regions


# ---------------------------------------------------------------- offsets through edits


def _out_offset(edits: Sequence[Edit], offset: int) -> int:
    """Input offset -> offset in apply_edits(source, edits); same convention as TranslationResult."""
    shift = 0
    for e in sorted(edits):
        if e.start >= offset:
            break
        if e.end > offset:
            return e.start + shift
        shift += len(e.text.encode("utf-8")) - (e.end - e.start)
    return offset + shift


def _without(edits: Sequence[Edit], start: int, end: int) -> list[Edit]:
    """The edits that stay when [start, end) is replaced as a whole (inserts on its borders stay)."""
    kept = []
    for e in edits:
        inside = e.start < end and e.end > start if e.start != e.end else start < e.start < end
        if not inside:
            kept.append(e)
    return kept


def _line_of(code: bytes, offset: int) -> int:
    return code.count(b"\n", 0, offset) + 1


# ---------------------------------------------------------------- the engine


class _Engine:
    def __init__(
        self,
        result: TranslationResult,
        backend: Backend,
        options: Options,
        config: FallbackConfig,
        budget: Budget,
        checker: Checker,
        checker_label: str,
        examples: ExampleIndex | None,
    ) -> None:
        self.result = result
        self.source = result.source
        self.backend = backend
        self.options = options
        self.config = config
        self.budget = budget
        self.checker = checker
        self.checker_label = checker_label
        self.examples = examples
        self.edits: list[Edit] = list(result.edits)
        self.notes: list[str] = []

    def text(self, edits: Sequence[Edit] | None = None) -> bytes:
        return apply_edits(self.source, list(self.edits if edits is None else edits))

    def _diag_lines(self, region: RegionOutcome, code: bytes) -> list[str]:
        out = []
        for d in region.diagnostics:
            line = _line_of(code, _out_offset(self.edits, d.start))
            out.append(f"line {line}: {d.code} {d.message}")
        return out

    def _examples(self, region: RegionOutcome) -> list[Example]:
        k = self.config.examples
        if k <= 0:
            return []
        found = []
        if self.examples is not None:
            query = self.source[region.start : region.end].decode("utf-8", "replace")
            found = self.examples.nearest(self.options.target, query, region.symbols, k)
        return found or BUILTIN_EXAMPLES.get(self.options.target, [])[:k]

    def _ask(self, region: RegionOutcome, prompt: str) -> str | None:
        """One completion; None (with the reason in region.problems) when the backend failed."""
        c = self.config
        try:
            completion = self.backend.complete(
                prompt, max_tokens=c.max_tokens, temperature=c.temperature, stop=()
            )
        except BackendError as err:
            region.problems = [f"backend error: {err}"]
            return None
        region.attempts += 1
        region.prompt_tokens += completion.prompt_tokens
        region.completion_tokens += completion.completion_tokens
        region.cache_hits += int(completion.cached)
        if not completion.cached:
            self.budget.spend(completion.total_tokens)
        return completion.text

    def _problems(
        self, region: RegionOutcome, replacement: str, pending: list[RegionOutcome], baseline: CheckResult
    ) -> tuple[list[str], list[Edit], CheckResult | None]:
        """Why a replacement is rejected ([] when accepted), the candidate's edits and its check."""
        edits = _without(self.edits, region.start, region.end)
        edits.append(Edit(region.start, region.end, replacement))
        candidate = self.text(edits)
        ca = _out_offset(edits, region.start)
        cb = ca + len(replacement.encode("utf-8"))
        la, lb = _line_of(candidate, ca), _line_of(candidate, max(ca, cb - 1))
        problems: list[str] = []
        # CUDA left inside the replacement: the rules, run over the candidate, would still find some.
        again = translate_source(candidate, self.options, "candidate")
        left = sorted(
            {
                d.symbol or candidate[d.start : d.end].decode("utf-8", "replace")
                for d in again.diagnostics
                if d.status in (Status.CONVERTED, Status.UNCONVERTED) and ca <= d.start and d.end <= cb
            }
        )
        if left:
            problems.append(f"the replacement still uses CUDA: {', '.join(left[:10])}")
        check = self.checker.check(candidate)
        tolerated: list[tuple[int, int]] = []
        for p in pending:
            if p is region:
                continue
            pa = _out_offset(edits, p.start)
            pb = _out_offset(edits, p.end)
            tolerated.append((_line_of(candidate, pa), _line_of(candidate, max(pa, pb - 1))))
        inside = [e for e in check.errors if la <= e.line <= lb]
        outside = [
            e
            for e in check.errors
            if not (la <= e.line <= lb) and not any(a <= e.line <= b for a, b in tolerated)
        ]
        new_outside = Counter(e.message for e in outside) - Counter(e.message for e in baseline.errors)
        for e in inside[:15]:
            problems.append(f"{e.format('candidate')} (inside the replacement)")
        if new_outside:
            for e in outside:
                if new_outside[e.message] > 0:
                    problems.append(f"{e.format('candidate')} (new, outside the replacement)")
                    new_outside[e.message] -= 1
        return problems, edits, check

    def run(self) -> tuple[list[RegionOutcome], CheckResult | None]:
        regions = find_regions(self.result)
        if len(regions) > self.config.max_regions:
            for r in regions[self.config.max_regions :]:
                r.status = "skipped"
                r.problems = [f"more than {self.config.max_regions} regions in the file"]
        todo = [r for r in regions if r.status == "pending"]
        if not todo:
            return regions, None
        baseline = self.checker.check(self.text())
        backend_down = False
        for region in todo:
            why = self.budget.exhausted()
            if why or backend_down:
                region.status = "skipped"
                region.problems = [why or "the backend failed on an earlier region"]
                continue
            code = self.text()
            out_a, out_b = _out_offset(self.edits, region.start), _out_offset(self.edits, region.end)
            if region.whole_file:
                out_a, out_b = 0, len(code)
            base = region_prompt(
                self.options.target,
                code,
                out_a,
                out_b,
                self._diag_lines(region, code),
                self._examples(region),
                hip_version=self.options.hip_version if self.options.target == "hip" else None,
                whole_file=region.whole_file,
            ).text
            prompt = base
            for _ in range(1 + max(0, self.config.repairs)):
                if self.budget.exhausted():
                    region.problems.append(self.budget.exhausted() or "")
                    break
                answer = self._ask(region, prompt)
                if answer is None:
                    backend_down = True
                    break
                replacement = parse_answer(answer)
                if replacement is None:
                    problems = ["the answer holds no complete fenced code block (```cpp ... ```)"]
                    check = None
                    edits: list[Edit] = []
                else:
                    if not region.whole_file:
                        replacement = replacement.strip()
                    elif not replacement.endswith("\n"):
                        replacement += "\n"
                    problems, edits, check = self._problems(
                        region, replacement, [r for r in todo if r.status != "accepted"], baseline
                    )
                if not problems and check is not None and replacement is not None:
                    self.edits = edits
                    baseline = check
                    region.status = "accepted"
                    region.replacement = replacement
                    region.problems = []
                    break
                region.problems = problems
                prompt = repair_prompt(base, answer, problems)
            if region.status != "accepted":
                region.status = "failed"
        final = self._final_sweep(regions) if any(r.status == "accepted" for r in regions) else None
        return regions, final

    def _final_sweep(self, regions: list[RegionOutcome]) -> CheckResult:
        """Revert accepted regions that hold errors once the whole file is checked; repeat until stable."""
        while True:
            code = self.text()
            check = self.checker.check(code)
            bad = []
            for r in regions:
                if r.status != "accepted":
                    continue
                a = _out_offset(self.edits, r.start)
                b = a + len((r.replacement or "").encode("utf-8"))
                la, lb = _line_of(code, a), _line_of(code, max(a, b - 1))
                errs = [e for e in check.errors if la <= e.line <= lb]
                if errs:
                    bad.append((r, errs))
            if not bad:
                return check
            for r, errs in bad:
                r.status = "failed"
                r.problems = [f"{e.format('file')} (found by the final whole-file check)" for e in errs[:10]]
                model_edit = Edit(r.start, r.end, r.replacement or "")
                self.edits = [e for e in self.edits if e != model_edit]
                self.edits += [e for e in self.result.edits if e in _rule_edits_in(self.result.edits, r)]
            self.notes.append(f"{len(bad)} accepted region(s) reverted by the final check")


def _rule_edits_in(edits: Sequence[Edit], r: RegionOutcome) -> list[Edit]:
    keep = set(_without(edits, r.start, r.end))
    return [e for e in edits if e not in keep]


def _finish(
    result: TranslationResult, edits: list[Edit], regions: list[RegionOutcome], model: str, checker: str
) -> TranslationResult:
    """The TranslationResult after the fallback: edits applied, diagnostics re-marked, stats recounted."""
    by_diag: dict[int, RegionOutcome] = {}
    for region in regions:
        for diag in region.diagnostics:
            by_diag[id(diag)] = region
    accepted = [a for a in regions if a.status == "accepted"]
    diagnostics: list[Diagnostic] = []
    for d in result.diagnostics:
        r = by_diag.get(id(d))
        if r is not None and r.status == "accepted":
            d = replace(
                d,
                message=f"{d.message} -> translated by the LLM fallback ({model}; checked: {checker}); review it",
                status=Status.CONVERTED,
                safety=Safety.REVIEW,
                by_model=True,
                edits=(Edit(r.start, r.end, r.replacement or ""),),
            )
        elif r is not None:
            reason = r.problems[0] if r.problems else r.status
            d = replace(d, message=f"{d.message} [LLM fallback {r.status}: {reason}]")
        elif d.edits and any(a.start <= d.start and d.end <= a.end for a in accepted):
            d = replace(d, edits=())  # its rule edit was superseded by the model's region
        diagnostics.append(d)
    edits = sorted(edits)
    output = apply_edits(result.source, edits)
    stats = _stats(diagnostics, edits, result.source)
    return TranslationResult(
        result.path, result.target, result.source, output, diagnostics, edits, stats, result.parse_error
    )


def _default_store(config: FallbackConfig) -> Path | None:
    if config.store is not None:
        return Path(config.store)
    here = Path("corpus.db")
    return here if here.is_file() else None


def make_backend(backend: Backend | str, config: FallbackConfig) -> Backend:
    """A backend from a spec or object, wrapped in the completion cache unless the config turns it off."""
    b = parse_backend(backend) if isinstance(backend, str) else backend
    if config.use_cache and not isinstance(b, CachedBackend):
        b = CachedBackend(b, CompletionCache(config.cache))
    return b


def repair_source(
    result: TranslationResult,
    backend: Backend | str,
    options: Options,
    config: FallbackConfig | None = None,
    *,
    budget: Budget | None = None,
    examples: ExampleIndex | None = None,
) -> FallbackResult:
    """Run the LLM fallback over one translation. `backend` is a Backend or a `--llm` spec string.

    The returned result's `.result` is a TranslationResult like the engine's (source + edits = output),
    with the model's regions as edits and their diagnostics marked `by_model=True`.
    """
    config = config or FallbackConfig()
    budget = budget or Budget(config.token_budget, config.time_budget_s)
    b = make_backend(backend, config)
    if examples is None:
        examples = ExampleIndex.from_store(_default_store(config))
    checker, label = checker_for(result.target, config.include_dirs, compile=config.compile)
    engine = _Engine(result, b, options, config, budget, checker, label, examples)
    if not result.unconverted:
        return FallbackResult(result, result, [], b.model_id, label, checker.compiled, None)
    regions, final = engine.run()
    new = _finish(result, engine.edits, regions, b.model_id, label)
    notes = list(engine.notes)
    if not checker.compiled:
        notes.append(f"answers were not compiled: {label}")
    final_ok = None if final is None else (final.ok if checker.compiled else None)
    final_errors = [e.format(result.path) for e in final.errors] if final is not None else []
    return FallbackResult(
        new, result, regions, b.model_id, label, checker.compiled, final_ok, final_errors, notes
    )


# ---------------------------------------------------------------- a run's fallback (the CLI's entry point)


def config_from_args(args: Any) -> FallbackConfig:
    """A FallbackConfig from `gpuport translate`'s --llm-* options (absent ones keep the defaults)."""
    c = FallbackConfig()
    for attr, key in (
        ("llm_repairs", "repairs"),
        ("llm_max_tokens", "max_tokens"),
        ("llm_token_budget", "token_budget"),
        ("llm_time_budget", "time_budget_s"),
        ("llm_store", "store"),
        ("llm_cache", "cache"),
    ):
        value = getattr(args, attr, None)
        if value is not None:
            setattr(c, key, value)
    if getattr(args, "llm_no_cache", False):
        c.use_cache = False
    return c


@dataclass
class TreeFallback:
    """The LLM fallback of one `gpuport translate` run: a `transpile.tree.Fallback`.

    Built from the `--llm` spec before anything is translated (a bad spec or backend is a usage error
    while nothing is written yet); holds what the run's files share (the backend and its completion
    cache, the budget, the few-shot examples) and counts the outcomes for the run's summary note.
    """

    backend: Backend
    config: FallbackConfig
    budget: Budget
    examples: ExampleIndex
    # One file given alone: its own folder is an include folder of the checks too (its headers sit
    # there, untranslated, where no output folder holds their translations).
    beside_source: bool = False
    files: int = 0
    regions: int = 0
    accepted: int = 0

    @classmethod
    def from_spec(
        cls, spec: Backend | str, config: FallbackConfig | None = None, *, beside_source: bool = False
    ) -> TreeFallback:
        """Raises ValueError (a bad spec) or BackendError (a backend that cannot start)."""
        config = config or FallbackConfig()
        return cls(
            make_backend(spec, config),
            config,
            Budget(config.token_budget, config.time_budget_s),
            ExampleIndex.from_store(_default_store(config)),
            beside_source,
        )

    def __call__(
        self, result: TranslationResult, options: Options, src: Path, out_dir: Path | None
    ) -> tuple[TranslationResult, dict[str, Any]]:
        dirs = [str(out_dir)] if out_dir is not None else []
        if self.beside_source and src.is_file():
            dirs.append(str(src.parent))
        config = replace(self.config, include_dirs=tuple(self.config.include_dirs) + tuple(dirs))
        fb = repair_source(result, self.backend, options, config, budget=self.budget, examples=self.examples)
        self.files += 1
        self.regions += len(fb.regions)
        self.accepted += fb.count("accepted")
        return fb.result, fb.llm_dict()

    def summary(self) -> str | None:
        """The run's note (None when no file needed the model)."""
        if not self.files:
            return None
        hits = getattr(self.backend, "hits", None)
        cached = f", {hits} answers from the cache" if hits is not None else ""
        return (
            f"LLM fallback ({self.backend.model_id}): {self.regions} regions in {self.files} files,"
            f" {self.accepted} accepted, {self.regions - self.accepted} not; {self.budget.used_tokens} tokens"
            f"{cached}"
        )
