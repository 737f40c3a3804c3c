"""A tiny TOML writer for the flat files this package writes (task.toml, origin.toml).

tomllib only reads; the values we write are strings, numbers, booleans, lists of those and one level of
tables, so a few lines here beat a new dependency. Output is deterministic (keys in the order given).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"TOML cannot hold {v!r} here")
        return repr(v)
    if isinstance(v, str):
        # A JSON string literal is a valid TOML basic string for the characters we emit (\uXXXX escapes).
        return json.dumps(v, ensure_ascii=True)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def dumps(data: Mapping[str, Any]) -> str:
    """Top-level scalars first, then `[table]`s (one level deep), in insertion order."""
    lines: list[str] = []
    tables: list[tuple[str, Mapping[str, Any]]] = []
    for key, v in data.items():
        if isinstance(v, Mapping):
            tables.append((key, v))
        else:
            lines.append(f"{key} = {_value(v)}")
    for name, table in tables:
        lines += ["", f"[{name}]"]
        for key, v in table.items():
            lines.append(f"{key} = {_value(v)}")
    return "\n".join(lines) + "\n"
