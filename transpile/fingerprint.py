"""The translator fingerprint: which translator (rules, tables, options) made an output.

Like the fingerprint `datasets` gives a transform, it is a hash of everything that decides what a
translation writes: the source of every module of the translation package (the engine, the rules, the
build-file migration), every mapping table, the gpuport version and, when given, the translation options.
Changing a rule or a table row changes it, so it keys the tree cache (`.gpuport-cache.json`), is stored on
every corpus row (`gpuport build` redoes rows whose fingerprint differs) and names the translator in
recorded benchmark results.
"""

from __future__ import annotations

import functools
import hashlib
import subprocess
from pathlib import Path

from .options import Options

PACKAGE_DIR = Path(__file__).resolve().parent
FINGERPRINT_LENGTH = 16  # hex digits kept (64 bits)


def translator_sources() -> list[Path]:
    """The files whose bytes decide a translation: the package's modules and its tables, sorted."""
    return sorted(
        p
        for p in PACKAGE_DIR.rglob("*")
        if p.suffix in (".py", ".tsv") and p.is_file() and "__pycache__" not in p.parts
    )


@functools.cache
def _code_fingerprint() -> str:
    from .. import __version__

    h = hashlib.sha256(b"gpuport " + __version__.encode() + b"\0")
    for p in translator_sources():
        h.update(p.relative_to(PACKAGE_DIR).as_posix().encode() + b"\0")
        h.update(p.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def translator_fingerprint(options: Options | None = None) -> str:
    """A 16-hex-digit hash of the rule sources, the tables, the version and (given) the options.

    Without options: the translator alone (what a benchmark harness records beside its results). With
    options: what one translation's output depends on besides its input.
    """
    h = hashlib.sha256(_code_fingerprint().encode())
    if options is not None:
        # key() leaves out the AMD targets (no source file depends on them); build-file migration does.
        h.update(b"\0" + options.key().encode() + b"|" + ",".join(options.offload_arch).encode())
    return h.hexdigest()[:FINGERPRINT_LENGTH]


def checkout_commit(folder: Path) -> str | None:
    """The commit of the git checkout holding `folder`: its hash when the checkout is clean, in words
    when it is not ("uncommitted changes on <hash>": a hash alone, or `<hash>+dirty`, would name a state
    nobody can check out), None when `folder` is in no checkout or git is absent."""
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=folder, capture_output=True, text=True, timeout=30
        )
        if sha.returncode != 0:
            return None
        status = subprocess.run(
            ["git", "status", "--porcelain"], cwd=folder, capture_output=True, text=True, timeout=60
        )
    except (OSError, subprocess.SubprocessError):
        return None
    head = sha.stdout.strip()
    if status.returncode != 0:
        return None
    return f"uncommitted changes on {head}" if status.stdout.strip() else head


@functools.cache
def gpuport_commit() -> str | None:
    """The commit gpuport runs from (see checkout_commit), or None when it is not run from its own git
    checkout (an installed wheel; a checkout of some other project that happens to hold it)."""
    root = PACKAGE_DIR.parent
    if not (root / "pyproject.toml").is_file() or not (root / ".git").exists():
        return None
    return checkout_commit(root)
