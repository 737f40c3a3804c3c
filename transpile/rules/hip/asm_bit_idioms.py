"""GP139 asm-bit-idioms: one-instruction inline PTX bit operations, rewritten as HIP code.

What it does
    Rewrites an inline assembly statement whose whole text is one of these PTX instructions, writing its
    one output operand from input operands or integer literals, to an assignment:
    - `bfe.u32 %0, a, pos, len;` -> `%0 = (pos >= 32u || len == 0u ? 0u : (a >> pos) & mask(len))`, the
      bit-field extract with PTX's zero fill (`mask(len)` all ones from 32 bits on);
    - `bfind.u32 %0, a;` -> `(31 - __clz((int)(a)))`, `bfind.u64` -> `(63 - __clzll((long long)(a)))`: the
      position of the highest set bit, -1 (0xffffffff) for zero as in PTX;
    - `brev.b32` -> `__brev`, `popc.b32` -> `__popc`, `brev.b64` -> `__brevll`, `popc.b64` -> `__popcll`.
    Operands must be plain values (names, members, subscripts with plain indices, literals): an operand
    with a call or a side effect, any other instruction or a multi-instruction block is left to GP308.
Why
    The AMD compiler rejects PTX. These instructions are the bit tools libraries wrap in small device
    functions (AMGX's `sm_utils.inl`: `bfe`, `bfind`), and each has an exact expression in HIP.
Example
    asm("bfind.u32 %0, %1;" : "=r"(msb) : "r"(src));
Translated to
    msb = (31 - __clz((int)(src)));
Safety
    safe: the expressions give PTX's results for every input (operands are read more than once, which is
    why they must be plain values).
References
    PTX ISA, integer arithmetic instructions (bfe, bfind, brev, popc); HIP device functions (`__clz`,
    `__clzll`, `__brev`, `__popc`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._asm import asm_statement

_ASM = "(gnu_asm_expression) @asm"
_INSTRUCTION = re.compile(r"\s*([a-z]+\.[a-z0-9]+)\s+(%0)\s*,\s*([^;]+?)\s*;?\s*")
_ARG = re.compile(r"%(\d+)|(\d+)")
# Node types an operand may be built from: read twice, it must have no side effect.
_PLAIN = frozenset(
    {"identifier", "field_expression", "field_identifier", "number_literal", "subscript_expression",
     "subscript_argument_list", "parenthesized_expression", "qualified_identifier", "namespace_identifier",
     "this", "pointer_expression"}
)  # fmt: skip
_PUNCT = frozenset({".", "->", "[", "]", "(", ")", "::", "*", "&"})


def _bfe(a: str, pos: str, length: str) -> str:
    mask = f"({length} >= 32u ? 0xffffffffu : ((1u << {length}) - 1u))"
    return f"({pos} >= 32u || {length} == 0u ? 0u : ((unsigned int)({a}) >> {pos}) & {mask})"


# instruction -> (number of inputs, the HIP expression of them)
IDIOMS: dict[str, tuple[int, Callable[[list[str]], str]]] = {
    "bfe.u32": (3, lambda a: _bfe(*a)),
    "bfind.u32": (1, lambda a: f"(31 - __clz((int)({a[0]})))"),
    "bfind.u64": (1, lambda a: f"(63 - __clzll((long long)({a[0]})))"),
    "brev.b32": (1, lambda a: f"__brev({a[0]})"),
    "brev.b64": (1, lambda a: f"__brevll({a[0]})"),
    "popc.b32": (1, lambda a: f"__popc({a[0]})"),
    "popc.b64": (1, lambda a: f"__popcll({a[0]})"),
}


def _plain(node: Node) -> bool:
    if node.type not in _PLAIN:
        return False
    return all(c.type in _PUNCT or _plain(c) for c in node.children)


class AsmBitIdioms(Rule):
    code = "GP139"
    name = "asm-bit-idioms"
    targets = frozenset({"hip"})
    summary = "Rewrite one-instruction inline PTX bit operations (bfe, bfind, brev, popc) as HIP code."
    triggers = (b"bfe.", b"bfind.", b"brev.", b"popc.")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for node in ts.captures(_ASM, ctx.root).get("asm", []):
            found = self._idiom(ctx, node)
            if found is None:
                continue
            instruction, target, expr = found
            yield self.converted(
                node.start_byte,
                node.end_byte,
                f"inline PTX `{instruction}` -> `{expr}`",
                [Edit(node.start_byte, node.end_byte, f"{target} = {expr}")],
                family="asm",
                symbol="asm",
            )

    @staticmethod
    def _idiom(ctx: RuleContext, node: Node) -> tuple[str, str, str] | None:
        """(instruction, destination, HIP expression) for a statement this rule rewrites, else None."""
        stmt = asm_statement(ctx, node)
        if stmt is None or len(stmt.outputs) != 1 or stmt.outputs[0][0] not in ("=r", "=l"):
            return None
        m = _INSTRUCTION.fullmatch(stmt.template)
        if m is None or m.group(1) not in IDIOMS:
            return None
        arity, make = IDIOMS[m.group(1)]
        values = []
        for _, v in stmt.inputs:
            if not _plain(v):
                return None
            values.append(ctx.text(v))
        args = [a.strip() for a in m.group(3).split(",")]
        if len(args) != arity:
            return None
        exprs = []
        for a in args:
            am = _ARG.fullmatch(a)
            if am is None:
                return None
            if am.group(1) is not None:
                i = int(am.group(1)) - 1  # %1 is the first input: the one output is %0
                if not 0 <= i < len(values):
                    return None
                exprs.append(f"({values[i]})")
            else:
                exprs.append(f"{am.group(2)}u")
        return m.group(1), ctx.text(stmt.outputs[0][1]), make(exprs)
