"""Reading one inline assembly statement (`asm("...": outputs : inputs)`), for the HIP rules that replace
a PTX instruction with HIP code: its template text and operands, or nothing when the statement is not a
plain one (its value used in an expression, a clobber list, a template that is not one string)."""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from ...context import RuleContext


@dataclass(frozen=True)
class AsmStatement:
    template: str  # the assembly text, string pieces joined
    outputs: tuple[tuple[str, Node], ...]  # (constraint without quotes, value) per output operand
    inputs: tuple[tuple[str, Node], ...]  # the same per input operand


def _operands(ctx: RuleContext, node: Node | None, kind: str) -> tuple[tuple[str, Node], ...] | None:
    if node is None:
        return ()
    found = []
    for c in node.named_children:
        if c.type != kind:
            continue
        constraint = c.child_by_field_name("constraint")
        value = c.child_by_field_name("value")
        if constraint is None or value is None:
            return None
        found.append((ctx.text(constraint).strip('"'), value))
    return tuple(found)


def asm_statement(ctx: RuleContext, node: Node) -> AsmStatement | None:
    """The statement `node` (a gnu_asm_expression) as an AsmStatement, or None when it is not a whole
    statement, has clobbers, or its template is not one string literal."""
    if node.parent is None or node.parent.type != "expression_statement":
        return None  # the asm's value is used in an expression: leave it
    code = node.child_by_field_name("assembly_code")
    if code is None or code.type != "string_literal" or node.child_by_field_name("clobbers") is not None:
        return None
    outputs = _operands(ctx, node.child_by_field_name("output_operands"), "gnu_asm_output_operand")
    inputs = _operands(ctx, node.child_by_field_name("input_operands"), "gnu_asm_input_operand")
    if outputs is None or inputs is None:
        return None
    template = "".join(ctx.text(c) for c in code.named_children if c.type == "string_content")
    return AsmStatement(template, outputs, inputs)
