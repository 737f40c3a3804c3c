"""Rule codes are stable identifiers: unique, well-formed, and each rule documented."""

from __future__ import annotations

import re
from collections import Counter

from gpuport.transpile.rules.registry import all_rules

SECTIONS = ("What it does", "Why", "Example", "Translated to", "Safety", "References")


def test_codes_are_unique_and_well_formed() -> None:
    codes = Counter(r.code for r in all_rules())
    duplicates = [c for c, n in codes.items() if n > 1]
    assert not duplicates, f"rule codes used twice: {duplicates}"
    assert all(re.fullmatch(r"GP\d{3}", c) for c in codes), sorted(codes)
    names = Counter(r.name for r in all_rules())
    assert not [n for n, k in names.items() if k > 1]


def test_every_rule_doc_has_the_sections() -> None:
    missing = {}
    for rule in all_rules():
        doc = rule.doc()
        absent = [s for s in SECTIONS if not re.search(rf"^{re.escape(s)}\s*$", doc, re.MULTILINE)]
        if absent or not doc.startswith(f"{rule.code} {rule.name}"):
            missing[rule.code] = absent or ["first line must be 'CODE name: ...'"]
    assert not missing, missing


def test_rules_doc_is_current() -> None:
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "scripts" / "gen_rules_doc.py"
    proc = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
