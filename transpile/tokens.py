"""A small C/C++ tokenizer for text that tree-sitter leaves raw.

Macro bodies (`#define X body`), `#pragma` lines and the inside of ERROR regions are not parsed into
syntax, but we still must not rewrite names inside their comments and string literals. Tokenising them
tells identifiers from strings and comments; it is not a parser.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_TOKEN = re.compile(
    rb"""
    (?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))
  | (?P<string>(?:u8|u|U|L)?R"(?P<delim>[^()\\\s]{0,16})\(.*?\)(?P=delim)"
              |(?:u8|u|U|L)?"(?:\\.|[^"\\\n])*"?)
  | (?P<char>(?:u8|u|U|L)?'(?:\\.|[^'\\\n])*'?)
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<number>\.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.'])*)
  | (?P<space>\s+)
  | (?P<punct><<<|>>>|::|->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||\#\#|[-+*/%&|^~!=<>?:;,.()\[\]{}\#\\])
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


# The same alternation as _TOKEN up to `number`, with only identifiers captured: findall() returns each
# identifier token and b"" for every comment, literal and number, at C speed. Positions where no
# alternative matches (spaces, punctuation) are skipped one byte at a time, which tokenises alike, as no
# multi-byte punctuator of _TOKEN holds a byte that starts a comment, literal, identifier or number.
_IDENTS = re.compile(
    rb"""
    //[^\n]*|/\*.*?(?:\*/|\Z)
  | (?:u8|u|U|L)?R"(?P<delim>[^()\\\s]{0,16})\(.*?\)(?P=delim)"
  | (?:u8|u|U|L)?"(?:\\.|[^"\\\n])*"?
  | (?:u8|u|U|L)?'(?:\\.|[^'\\\n])*'?
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
  | \.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.'])*
    """,
    re.VERBOSE | re.DOTALL,
)
_IDENT_GROUP = _IDENTS.groupindex["ident"]


@dataclass(frozen=True)
class Token:
    kind: str  # comment, string, char, ident, number, space, punct, other
    start: int  # byte offset in the text given to tokenize() plus `base`
    end: int
    text: bytes


def tokenize(text: bytes, base: int = 0) -> Iterator[Token]:
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "other"
        if kind == "delim":  # the raw-string delimiter group is inside `string`
            kind = "string"
        yield Token(kind, base + m.start(), base + m.end(), m.group())


def code_tokens(text: bytes, base: int = 0) -> list[Token]:
    """Tokens that are code (no whitespace, comments or literals)."""
    return [t for t in tokenize(text, base) if t.kind not in ("space", "comment")]


def ident_starts(text: bytes, base: int = 0) -> set[int]:
    """Offsets (plus `base`) where an identifier token of `text` starts: the `ident` tokens of tokenize(),
    found by _IDENTS at C speed with no Token per match (raw-text checks run over large macro bodies)."""
    return {base + m.start() for m in _IDENTS.finditer(text) if m.lastindex == _IDENT_GROUP}


def code_identifiers(text: bytes) -> set[bytes]:
    """The identifier tokens of code (not in comments or literals): the `ident` tokens of code_tokens(),
    found without building a token per match."""
    found = {ident for _, ident in _IDENTS.findall(text)}
    found.discard(b"")
    return found
