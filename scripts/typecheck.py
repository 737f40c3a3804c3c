#!/usr/bin/env python3
"""Type-check the package with mypy (strict on gpuport.transpile, per pyproject.toml).

The source folders are mapped into the `gpuport` package by setuptools' package-dir; mypy does not read
that mapping, so this script lays the same package out with symlinks in a temporary folder and checks it.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SUBPACKAGES = {"transpile": "transpile", "models": "models", "dataset": "dataset"}


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="gpuport-mypy-") as tmp:
        pkg = Path(tmp) / "gpuport"
        pkg.mkdir()
        for entry in (REPO / "gpuport").iterdir():
            if entry.name != "__pycache__":
                (pkg / entry.name).symlink_to(entry)
        for name, folder in SUBPACKAGES.items():
            (pkg / name).symlink_to(REPO / folder)
        cmd = [sys.executable, "-m", "mypy", "--config-file", str(REPO / "pyproject.toml"), "-p", "gpuport"]
        return subprocess.run(cmd, cwd=tmp).returncode


if __name__ == "__main__":
    sys.exit(main())
