"""The rule interface.

A rule is one concern in one module: it looks at the `RuleContext` and returns diagnostics, each carrying
the edits that fix it (or none, when it only reports). Rules never write text; the engine applies edits.
The module docstring of each rule is its documentation, with the sections
What it does / Why / Example / Translated to / Safety / References.
"""

from __future__ import annotations

import inspect
import sys
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import ClassVar

from ..context import RuleContext
from ..diagnostics import Diagnostic, Safety, Status
from ..edits import Edit


class Rule(ABC):
    code: ClassVar[str]  # stable: "GP" + three digits; never reused for another meaning
    name: ClassVar[str]  # kebab-case, e.g. "api-rename"
    targets: ClassVar[frozenset[str]]  # {"hip"}, {"sycl"} or both
    summary: ClassVar[str]  # one line
    # Byte strings at least one of which must occur in the source for this rule to have anything to do
    # (e.g. b"asm" for the inline-PTX rule). Empty: always run. Lets the engine skip whole-tree queries
    # on the many files a rule cannot concern, which is most of the translation time on large trees.
    triggers: ClassVar[tuple[bytes, ...]] = ()
    # True when the rule acts only at CUDA names, at its trigger words and at include lines: then a file
    # with no CUDA name and no trigger word of any rule gives it nothing to do beyond `ctx.includes`, and
    # the engine may translate that file without parsing it. A rule that reads structure anywhere else
    # (a kernel's parameters, every function) must leave this False.
    tree_free_ok: ClassVar[bool] = False
    # True when the rule's warnings are about the text they point at (a `% 32` lane index, a 32-bit mask
    # literal), so one whose text an earlier rule rewrote (made sub-group-relative, dropped) no longer
    # applies and is not reported. False when the concern outlives the rewrite (a 32-slot warp array
    # moved into a kernel argument keeps its size).
    stale_if_rewritten: ClassVar[bool] = False

    @abstractmethod
    def run(self, ctx: RuleContext) -> Iterable[Diagnostic]: ...

    @classmethod
    def doc(cls) -> str:
        module = sys.modules[cls.__module__]
        return inspect.cleandoc(module.__doc__ or cls.summary)

    # Small constructors so rules read as what they decide, not as dataclass plumbing.
    def converted(
        self,
        start: int,
        end: int,
        message: str,
        edits: Iterable[Edit] = (),
        *,
        family: str = "",
        symbol: str = "",
        safety: Safety = Safety.SAFE,
    ) -> Diagnostic:
        return Diagnostic(
            self.code, message, start, end, Status.CONVERTED, family, symbol, safety, tuple(edits)
        )

    def unconverted(
        self, start: int, end: int, message: str, *, family: str = "", symbol: str = ""
    ) -> Diagnostic:
        return Diagnostic(self.code, message, start, end, Status.UNCONVERTED, family, symbol, Safety.REVIEW)

    def warning(
        self,
        start: int,
        end: int,
        message: str,
        edits: Iterable[Edit] = (),
        *,
        family: str = "",
        symbol: str = "",
        safety: Safety = Safety.REVIEW,
    ) -> Diagnostic:
        return Diagnostic(
            self.code, message, start, end, Status.WARNING, family, symbol, safety, tuple(edits)
        )
