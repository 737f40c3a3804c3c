"""The mapping tables' schema for the development scripts: the package's own definition
(`transpile/tables.py`: columns, families, kinds, flags, cell patterns), so the loader, the checker and
the importers read one schema. It is loaded from this checkout by path, never from an installed gpuport
(which may be another version): the module needs nothing beyond the standard library."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def _load() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "transpile" / "tables.py"
    spec = importlib.util.spec_from_file_location("gpuport_table_schema", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


schema = sys.modules.get("gpuport_table_schema") or _load()
