"""Calls of CUDA intrinsics that become immediately called lambdas (GP238, GP275): which occurrences."""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import Occurrence, RuleContext


def lambda_calls(ctx: RuleContext, lambdas: dict[str, str]) -> Iterator[tuple[Occurrence, str | None]]:
    """(occurrence, lambda text) for each call of a name in `lambdas` the rules should replace, and
    (occurrence, None) for a definition of such a name under a toolkit-version test (llm.c's own `__ldcs`:
    its name stays CUDA's, its calls are translated). Skipped: names the file declares as its own, fields,
    claimed ranges and uses that are not calls."""
    for occ in ctx.occurrences:
        lam = lambdas.get(occ.name)
        if lam is None or ctx.is_claimed(occ.start, occ.end):
            continue
        if occ.node is not None and occ.node.type == "field_identifier":
            continue
        if occ.name in ctx.declared_names:
            continue
        if call_at(ctx, occ) is not None:
            yield occ, lam
        elif (
            occ.node is not None
            and occ.node.parent is not None
            and occ.node.parent.type == "function_declarator"
        ):
            yield occ, None
