"""The mapping tables' schema for the development scripts: the package's own definition
(`gpuport.transpile.tables`: columns, families, kinds, flags, cell patterns), so the loader, the checker and
the importers read one schema. Without the package installed, the module is loaded from the checkout (it
needs nothing beyond the standard library)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def _load() -> ModuleType:
    try:
        from gpuport.transpile import tables
    except ImportError:
        path = Path(__file__).resolve().parent.parent / "transpile" / "tables.py"
        spec = importlib.util.spec_from_file_location("gpuport_table_schema", path)
        assert spec is not None and spec.loader is not None
        tables = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = tables
        spec.loader.exec_module(tables)
    return tables


schema = _load()
