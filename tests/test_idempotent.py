"""Translating output again changes nothing (issue 21: SYCL->SYCL gave `sycl::sycl::half`, a second
`#include <sycl/sycl.hpp>` and a second queue prelude).

Every golden case's expected output (tests/golden/<target>/<rule>/<case>.hip / .sycl.cpp) is translated
again to the same target with the case's options and must come back byte for byte; so must the SYCL and
HIP translations of the benchmark suite's programs (bench/suite).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_golden import CASES, EXPECTED_SUFFIX, GOLDEN, case_options

import gpuport
from gpuport.api import make_options

SUITE = sorted((Path(__file__).parent.parent / "bench" / "suite").rglob("*.cu"))


def _options(case: Path, target: str):  # type: ignore[no-untyped-def]
    opts = case_options(case.read_text(encoding="utf-8"))
    options = make_options(
        target, opts.get("hip_version", "6.2"), opts.get("launch", "keep"), dnn=opts.get("dnn", "hipdnn")
    )
    if "include_renames" in opts:
        pairs = tuple(tuple(p.split(":", 1)) for p in opts["include_renames"].split(","))
        options = replace(options, include_renames=pairs)  # type: ignore[arg-type]
    if "runtime_from" in opts:
        options = replace(options, runtime_from=tuple(opts["runtime_from"].split(",")))
    return options


@pytest.mark.parametrize("case", CASES, ids=[c.relative_to(GOLDEN).as_posix() for c in CASES])
def test_golden_output_translates_to_itself(case: Path) -> None:
    target = case.relative_to(GOLDEN).parts[0]
    expected = case.with_suffix(EXPECTED_SUFFIX[target])
    if not expected.exists():
        pytest.skip(f"no expected output {expected.name}")
    text = expected.read_text(encoding="utf-8")
    again = gpuport.translate(text, options=_options(case, target), path=expected.name)
    assert again.code == text


@pytest.mark.parametrize("target", ["sycl", "hip"])
def test_suite_translations_translate_to_themselves(target: str) -> None:
    changed = []
    for program in SUITE:
        once = gpuport.translate(program.read_bytes(), to=target, path=program.name).code
        if gpuport.translate(once, to=target, path=program.name).code != once:
            changed.append(program.relative_to(program.parents[2]).as_posix())
    assert not changed, f"{len(changed)} of {len(SUITE)} programs change when translated again: {changed}"


def test_sycl_output_with_code_before_its_includes_translates_to_itself() -> None:
    """The CUDA samples declare a name before their includes: translated again, the prelude took that
    declaration for the first use of SYCL, found the header after it and included it a second time."""
    source = (
        'const char *sample = "copy";\n'
        "#include <stdio.h>\n#include <cuda_runtime.h>\n#include <helper_cuda.h>\n"
        "__global__ void k(float *p) { p[threadIdx.x] = 1.0f; }\n"
        "void run(float *p) { k<<<1, 32>>>(p); cudaDeviceSynchronize(); }\n"
        "float host_abs(float x) { return fabs(x); }\n"
    )
    once = gpuport.translate(source, to="sycl").code
    assert gpuport.translate(once, to="sycl").code == once
