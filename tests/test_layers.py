"""Layers you can see: no hard-coded machine paths, no dead modules, build-file codes as constants."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gpuport.dataset import toolchains

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture()
def fresh_detection():
    toolchains.clear_cache()
    yield
    toolchains.clear_cache()


def _fake_acpp(folder: Path, version: str) -> Path:
    folder.mkdir()
    exe = folder / "acpp"
    exe.write_text(f"#!/bin/sh\necho 'AdaptiveCpp version: {version}'\n")
    exe.chmod(0o755)
    return exe


def test_acpp_is_named_by_the_environment_before_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_detection: None
) -> None:
    on_path = _fake_acpp(tmp_path / "bin", "1.0")
    named = _fake_acpp(tmp_path / "named", "2.0")
    monkeypatch.setenv("PATH", str(on_path.parent))
    monkeypatch.delenv(toolchains.ACPP_ENV, raising=False)
    found = toolchains.acpp()
    assert (found.path, found.version, found.usable) == (str(on_path), "1.0", True)
    toolchains.clear_cache()
    monkeypatch.setenv(toolchains.ACPP_ENV, str(named))
    found = toolchains.acpp()
    assert (found.path, found.version, found.usable) == (str(named), "2.0", True)
    toolchains.clear_cache()
    monkeypatch.setenv(toolchains.ACPP_ENV, str(tmp_path / "missing"))
    found = toolchains.acpp()
    assert not found.usable and toolchains.ACPP_ENV in (found.why_not or "")


def test_no_acpp_without_path_or_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_detection: None
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv(toolchains.ACPP_ENV, raising=False)
    found = toolchains.acpp()
    assert not found.usable and found.path is None


def test_package_code_names_no_machine_paths() -> None:
    # A path of one machine (a build folder, a home) in the package works there and nowhere else.
    machine = re.compile(r"""["'](?:/work/|/home/|/root/|/Users/)""")
    offenders = [
        p.relative_to(REPO).as_posix()
        for folder in ("gpuport", "transpile", "models", "dataset")
        for p in sorted((REPO / folder).rglob("*.py"))
        if machine.search(p.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_build_file_codes_are_named_constants() -> None:
    from gpuport.transpile.buildsys import codes

    named = {v: k for k, v in vars(codes).items() if isinstance(v, str) and re.fullmatch(r"GP4\d\d", v)}
    assert set(named) == set(codes.CODES), "one constant per documented build-file code"
    for code, const in named.items():
        assert codes.CODES[code].name.upper().replace("-", "_") == const  # named after the code's name
    # The modules that report the codes use the constants: a literal appears only where it is defined.
    literal = re.compile(r"""["']GP4\d\d["']""")
    for p in sorted((REPO / "transpile" / "buildsys").glob("*.py")):
        lines = [ln for ln in p.read_text(encoding="utf-8").splitlines() if literal.search(ln)]
        if p.name == "codes.py":
            assert all(re.fullmatch(r'[A-Z_]+ = "GP4\d\d"', ln) for ln in lines), lines
        else:
            assert lines == [], (p.name, lines)


def test_bench_records_a_command_that_reruns_and_a_commit_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shlex
    import subprocess
    import sys

    monkeypatch.syspath_prepend(str(REPO / "bench"))
    sys.modules.pop("common", None)
    import common

    argv = [str(REPO / "bench" / "gpu_runs.py"), "s.db", "--run-command", "gpuport build --to hip", "--x=a b"]
    cmd = common.command(argv)
    assert cmd.startswith("python3 bench/gpu_runs.py ")  # from the repository root, not this machine's path
    assert shlex.split(cmd) == ["python3", "bench/gpu_runs.py", *argv[1:]]  # a shell reads back the same argv
    assert common.command(["/elsewhere/tool.py", "x"]) == "python3 /elsewhere/tool.py x"

    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    (repo / "f").write_text("a")
    subprocess.run([*git, "add", "f"], check=True)
    subprocess.run([*git, "commit", "-qm", "x"], check=True)
    head = subprocess.run(
        [*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    monkeypatch.setattr(common, "REPO", repo)
    assert common.commit() == head
    (repo / "f").write_text("b")
    assert common.commit() == f"uncommitted changes on {head}"
    prov = common.provenance(["bench/x.py"])
    assert "+dirty" not in json.dumps(prov) and prov["commit"].startswith("uncommitted changes")


def test_recorded_results_name_no_dirty_commit() -> None:
    offenders = [
        p.name
        for p in sorted((REPO / "bench" / "results").glob("*"))
        if p.suffix in (".md", ".json") and "+dirty" in p.read_text(encoding="utf-8", errors="replace")
    ]
    assert offenders == []


def _sycl_imports() -> dict[str, set[str]]:
    """Module of rules/sycl -> the modules of the same package it imports (at top level or in a function)."""
    import ast

    folder = REPO / "transpile" / "rules" / "sycl"
    mods = {p.stem: p for p in folder.glob("*.py") if p.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                got = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
                deps.update(g for g in got if g in mods)
            elif isinstance(node, ast.ImportFrom | ast.Import):
                for full in (
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                ):
                    parts = full.split(".")
                    if parts[:4] == ["gpuport", "transpile", "rules", "sycl"] and len(parts) > 4:
                        deps.add(parts[4])
        graph[name] = deps - {name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (each holds an import cycle)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


# The tree pass (not a rule): it reads what the rules will need from other files; like a rule, it imports
# helpers only.
_SYCL_PASSES = frozenset({"project_kernels"})


def test_sycl_rules_form_layers_without_cycles() -> None:
    # Helpers (`_*.py`) form a layer that imports no rule module; a rule (and the tree pass) imports
    # helpers, never another rule; the import graph has no cycle. A rule that needs another's function
    # needs it moved to a helper.
    graph = _sycl_imports()
    assert _cycles(graph) == []
    helpers = {m for m in graph if m.startswith("_")}
    assert _SYCL_PASSES <= set(graph)
    assert {(m, d) for m in helpers for d in graph[m] if d not in helpers} == set()
    assert {(m, d) for m in set(graph) - helpers for d in graph[m] if d not in helpers} == set()
    # ...and the check sees a cycle and a rule importing a rule when there is one.
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c"]]


def test_sycl_rule_order_is_declared_once() -> None:
    # Rule order lives in rules/sycl/__init__.py's SYCL_RULES, and the registry takes that list whole: every
    # SYCL rule class of the pack is in it, once.
    import importlib

    from gpuport.transpile.rules import registry
    from gpuport.transpile.rules.base import Rule
    from gpuport.transpile.rules.sycl import SYCL_RULES

    assert registry.sycl_rules() is SYCL_RULES
    # rules_for() skips the pack for other targets, which is right only while its rules are SYCL's alone
    assert all(cls.targets == frozenset({"sycl"}) for cls in SYCL_RULES)
    assert len(set(SYCL_RULES)) == len(SYCL_RULES)
    defined: set[type[Rule]] = set()
    for path in (REPO / "transpile" / "rules" / "sycl").glob("[!_]*.py"):
        mod = importlib.import_module(f"gpuport.transpile.rules.sycl.{path.stem}")
        defined |= {
            v
            for v in vars(mod).values()
            if isinstance(v, type)
            and issubclass(v, Rule)
            and v.__module__ == mod.__name__
            and "code" in vars(v)
        }
    assert defined == set(SYCL_RULES)
