"""Parsing CUDA source with tree-sitter.

One parser per process: building a `Parser` is cheap, but the grammar object is shared, and workers in a
process pool each get their own through this module's lazy globals.
"""

from __future__ import annotations

import tree_sitter_cuda
from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree

_LANGUAGE: Language | None = None
_PARSER: Parser | None = None
_QUERIES: dict[str, Query] = {}


def language() -> Language:
    global _LANGUAGE
    if _LANGUAGE is None:
        _LANGUAGE = Language(tree_sitter_cuda.language())
    return _LANGUAGE


def parse(source: bytes) -> Tree:
    """Parse CUDA/C++ source bytes. Never raises on bad syntax: errors become ERROR nodes."""
    global _PARSER
    if _PARSER is None:
        _PARSER = Parser(language())
    return _PARSER.parse(source)


def query(pattern: str) -> Query:
    """A compiled tree-sitter query, cached by its text (compiling costs more than running)."""
    q = _QUERIES.get(pattern)
    if q is None:
        q = Query(language(), pattern)
        _QUERIES[pattern] = q
    return q


def captures(pattern: str, node: Node) -> dict[str, list[Node]]:
    """Run a query over `node`; returns capture name -> nodes in document order."""
    result = QueryCursor(query(pattern)).captures(node)
    for nodes in result.values():
        nodes.sort(key=lambda n: n.start_byte)
    return result


def matches(pattern: str, node: Node) -> list[dict[str, list[Node]]]:
    """Run a query; one dict of captures per match (for patterns whose captures belong together)."""
    return [m for _, m in QueryCursor(query(pattern)).matches(node)]


def function_declarator(node: Node) -> Node | None:
    """The `function_declarator` under a function definition or declaration, through the pointer,
    reference and qualifier declarators that wrap it; None when there is none."""
    decl = node.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    return decl


def text(node: Node) -> str:
    raw = node.text
    return raw.decode("utf-8", "replace") if raw is not None else ""


def has_error(tree: Tree) -> bool:
    return tree.root_node.has_error


def _braced_launch_dimension(node: Node) -> bool:
    """`k<<<grid, {32, 4, 1}>>>`: the grammar wants a type before a braced list there and reports a
    MISSING one, but the braced dim3 is valid CUDA C++ (the launch rules read the list)."""
    parent = node.parent
    return (
        node.is_missing
        and parent is not None
        and parent.type == "compound_literal_expression"
        and parent.parent is not None
        and parent.parent.type == "kernel_call_syntax"
    )


def error_nodes(root: Node) -> list[Node]:
    """Outermost ERROR and MISSING nodes, in document order."""
    found: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if not node.has_error:
            continue
        if node.is_error or node.is_missing:
            if not _braced_launch_dimension(node):
                found.append(node)
            continue
        stack.extend(reversed(node.children))
    return found
