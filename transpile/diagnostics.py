"""Diagnostics: what a rule found, where, what it did about it, and how safe that is."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .edits import Edit


class Safety(StrEnum):
    SAFE = "safe"  # meaning preserved
    REVIEW = "review"  # meaning may change (a dropped lane mask, a 64-bit ballot); a person should look


class Status(StrEnum):
    CONVERTED = "converted"  # a CUDA reference rewritten; counted, not listed
    UNCONVERTED = "unconverted"  # CUDA left in place; counted and listed; sets the exit code
    WARNING = "warning"  # portability or semantic concern, listed
    INFO = "info"  # listed only in verbose output


@dataclass(frozen=True)
class Diagnostic:
    code: str  # stable rule code, e.g. "GP001"
    message: str
    start: int  # byte offsets into the *input* source
    end: int
    status: Status
    family: str = ""  # API family for the statistics (runtime, cublas, ...), "" when none
    symbol: str = ""  # the CUDA spelling concerned
    safety: Safety = Safety.SAFE
    edits: tuple[Edit, ...] = field(default_factory=tuple)
    by_model: bool = False  # edits proposed by the LLM fallback rather than a rule


@dataclass(frozen=True)
class Located:
    """A diagnostic with its position resolved to line and column (1-based), for reports."""

    path: str
    line: int
    column: int
    code: str
    message: str
    status: str
    family: str
    symbol: str
    safety: str
    by_model: bool = False

    def format(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.code} {self.message}"
