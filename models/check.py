"""Compile checks for model-made code: the target's real toolchain in a scratch folder, with limits.

Model output is untrusted. It is written only to a fresh temporary folder, compiled there (never run)
through dataset/sandbox.py (argument list, own process group, wall/CPU/memory limits, capped output), and
the folder is removed afterwards.

- HIP: `HIP_PLATFORM=amd hipcc -std=c++17 --offload-arch=gfx90a -c` (not -fsyntax-only: inline assembly is
  only checked when code is generated, so -fsyntax-only accepts NVIDIA PTX; measured with hipcc 5.2).
- SYCL: `g++ -std=c++17 -fsyntax-only` against the DPC++ headers from intel-sycl-rt (a type-check; no
  SYCL compiler is installable on the CPU machines).
- Neither present: a parse check with tree-sitter only, and the result says so (`compiled=False`).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..transpile import parse as ts

COMPILE_TIMEOUT_S = 120.0
COMPILE_MEM_BYTES = 8 * 1024**3
_ERROR = re.compile(
    r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?:fatal )?error: (?P<msg>.*)$", re.MULTILINE
)


@dataclass(frozen=True)
class CompileError:
    line: int  # 1-based line in the checked file; 0 when the error is in another file
    column: int
    message: str

    def format(self, name: str = "file") -> str:
        return (
            f"{name}:{self.line}:{self.column}: error: {self.message}"
            if self.line
            else f"error: {self.message}"
        )


@dataclass
class CheckResult:
    ok: bool
    errors: list[CompileError]
    checker: str  # "hipcc 5.2 gfx90a -c", "g++ 12 -fsyntax-only (SYCL headers)", "parse-only"
    compiled: bool  # a real compiler ran (False: parse-only check)
    log: str = ""
    reason: str | None = None  # timeout, oom, ... from the sandbox
    notes: list[str] = field(default_factory=list)


class Checker:
    label = "parse-only"
    compiled = False
    suffix = ".cpp"

    def __init__(self, include_dirs: Sequence[str | Path] = ()) -> None:
        self.include_dirs = [str(Path(d).resolve()) for d in include_dirs if d and Path(d).is_dir()]

    def check(self, code: bytes) -> CheckResult:
        """Parse check: every ERROR/MISSING node of tree-sitter becomes an error at its line."""
        root = ts.parse(code).root_node
        errors = [
            CompileError(n.start_point[0] + 1, n.start_point[1] + 1, "syntax error (tree-sitter)")
            for n in ts.error_nodes(root)
        ]
        return CheckResult(not errors, errors, self.label, False)

    def _argv(self, src: Path, work: Path) -> list[str]:
        raise NotImplementedError

    def _env(self) -> dict[str, str]:
        return dict(os.environ)

    def _compile(self, code: bytes) -> CheckResult:
        from ..dataset import sandbox

        work = Path(tempfile.mkdtemp(prefix="gpuport-llm-"))
        try:
            src = work / f"candidate{self.suffix}"
            src.write_bytes(code)
            res = sandbox.run(
                self._argv(src, work),
                work,
                timeout_s=COMPILE_TIMEOUT_S,
                cpu_s=COMPILE_TIMEOUT_S * 2,
                mem_bytes=COMPILE_MEM_BYTES,
                env=self._env(),
            )
        finally:
            shutil.rmtree(work, ignore_errors=True)
        log = res.stdout + res.stderr
        errors = []
        for m in _ERROR.finditer(log):
            mine = Path(m.group("file")).name == src.name
            errors.append(
                CompileError(
                    int(m.group("line")) if mine else 0, int(m.group("col")) if mine else 0, m.group("msg")
                )
            )
        if res.reason is not None and not errors:
            errors.append(CompileError(0, 0, f"compiler stopped: {res.reason}"))
        if res.rc != 0 and not errors:
            errors.append(CompileError(0, 0, f"compiler failed (rc={res.rc}): {log.strip()[-300:]}"))
        return CheckResult(res.ok and not errors, errors, self.label, True, log[-20000:], res.reason)


class HipChecker(Checker):
    suffix = ".hip"
    compiled = True

    def __init__(self, include_dirs: Sequence[str | Path] = (), arch: str = "gfx90a") -> None:
        super().__init__(include_dirs)
        self.arch = arch
        self.hipcc = shutil.which("hipcc")
        self.label = f"hipcc --offload-arch={arch} -c"

    def _env(self) -> dict[str, str]:
        return {**os.environ, "HIP_PLATFORM": "amd"}

    def _argv(self, src: Path, work: Path) -> list[str]:
        argv = [str(self.hipcc), "-std=c++17", f"--offload-arch={self.arch}", "-c", "-w", "-ferror-limit=0"]
        argv += [f"-I{d}" for d in self.include_dirs]
        return [*argv, str(src), "-o", str(work / "candidate.o")]

    def check(self, code: bytes) -> CheckResult:
        return self._compile(code)


class SyclChecker(Checker):
    compiled = True

    def __init__(self, include_dirs: Sequence[str | Path] = (), sycl_include: str | None = None) -> None:
        super().__init__(include_dirs)
        self.sycl_include = sycl_include
        self.label = "g++ -fsyntax-only (SYCL headers)"

    def _argv(self, src: Path, work: Path) -> list[str]:
        from ..dataset.toolchains import sycl_typecheck_argv

        argv = sycl_typecheck_argv(src, self.include_dirs, ["-w", "-fmax-errors=0"])
        if argv is not None:
            return argv
        base = ["g++", "-std=c++17", "-fsyntax-only", "-w", "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING"]
        return [*base, *(f"-I{d}" for d in self.include_dirs), f"-I{self.sycl_include}", str(src)]

    def check(self, code: bytes) -> CheckResult:
        return self._compile(code)


def checker_for(
    target: str, include_dirs: Sequence[str | Path] = (), *, compile: bool = True
) -> tuple[Checker, str]:
    """The best checker this machine has for `target`, and a sentence saying what it is (or why not)."""
    if not compile:
        return Checker(include_dirs), "parse-only check (compiling turned off)"
    from ..dataset import toolchains

    if target == "hip":
        tc = toolchains.hipcc()
        if tc.usable:
            c = HipChecker(include_dirs)
            c.label = f"{tc.label()} --offload-arch=gfx90a -c"
            return c, c.label
        return Checker(include_dirs), f"parse-only check: {tc.why_not}"
    tc = toolchains.sycl_headers()
    if tc.usable and tc.path:
        sc = SyclChecker(include_dirs, tc.path)
        sc.label = f"g++ {tc.details.get('gxx')} -fsyntax-only (intel-sycl-rt {tc.version} headers)"
        return sc, sc.label
    return Checker(include_dirs), f"parse-only check: {tc.why_not}"
