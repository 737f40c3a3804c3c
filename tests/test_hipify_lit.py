"""The FileCheck emulation of bench/hipify_lit.py on small check files of our own."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import filecheck  # noqa: E402
import hipify_lit  # noqa: E402


def results(check_text: str, output: str) -> list[tuple[int, bool]]:
    return [(o.directive.line, o.passed) for o in filecheck.check(check_text, output)]


def test_parse_directives_kinds_prefix_boundary_and_trim() -> None:
    text = "\n".join(
        [
            "// CHECK:   foo(a,  b)   ",
            "// CHECK-NEXT: bar",
            "// CHECK-SAME: baz",
            "// CHECK-NOT: qux",
            "// CHECK-DAG: one",
            "// CHECK-EMPTY:",
            "MY_CHECK: not a directive",
            "CHECK_ERR(x); CHECKS: neither",
            "// CHECK-COUNT-2: twice",
        ]
    )
    ds = filecheck.parse_directives(text)
    assert [(d.kind, d.pattern) for d in ds] == [
        ("CHECK", "foo(a, b)"),
        ("NEXT", "bar"),
        ("SAME", "baz"),
        ("NOT", "qux"),
        ("DAG", "one"),
        ("EMPTY", ""),
        ("COUNT", "twice"),
    ]
    assert ds[-1].count == 2


def test_whitespace_runs_match_each_other_but_not_absence() -> None:
    check = "// CHECK: int  x =\t1;\n// CHECK: f(a,b)\n"
    assert results(check, "int x = 1;\nf(a, b)\n") == [(1, True), (2, False)]
    assert results(check, "int \t x     = 1;\nf(a,b)\n") == [(1, True), (2, True)]


def test_checks_search_in_order_from_the_last_match() -> None:
    check = "// CHECK: second\n// CHECK: first\n"
    assert results(check, "first\nsecond\n") == [(1, True), (2, False)]
    assert results(check, "first second first\n") == [(1, True), (2, True)]


def test_next_same_and_empty() -> None:
    check = "// CHECK: a\n// CHECK-NEXT: b\n// CHECK-SAME: c\n// CHECK-EMPTY:\n// CHECK-NEXT: d\n"
    assert results(check, "a\nb c\n\nd\n") == [(1, True), (2, True), (3, True), (4, True), (5, True)]
    # b two lines down; c on the next line; no empty line after.
    out = results(check, "a\n\nb\nc\nd\n")
    assert out[1] == (2, False)


def test_failed_next_resyncs_to_the_line_in_its_place() -> None:
    check = "// CHECK: start\n// CHECK-NEXT: hipFoo(x);\n// CHECK-NEXT: hipBar(y);\n"
    out = filecheck.check(check, "start\ncudaFoo(x);\nhipBar(y);\n")
    assert [o.passed for o in out] == [True, False, True]
    assert out[1].best_line == "cudaFoo(x);"


def test_not_between_matches_and_at_the_end() -> None:
    check = "// CHECK: one\n// CHECK-NOT: bad\n// CHECK: two\n// CHECK-NOT: tail\n"
    assert [p for _, p in results(check, "one\nbad\ntwo\n")] == [True, False, True, True]
    assert [p for _, p in results(check, "bad\none\ntwo\n")] == [True, True, True, True]
    assert [p for _, p in results(check, "one\ntwo\ntail\n")] == [True, True, True, False]


def test_dag_any_order_without_overlap() -> None:
    check = "// CHECK: begin\n// CHECK-DAG: y\n// CHECK-DAG: x\n// CHECK: end\n"
    assert all(p for _, p in results(check, "begin\nx\ny\nend\n"))
    check2 = "// CHECK-DAG: x\n// CHECK-DAG: x\n"
    assert [p for _, p in results(check2, "x\n")] == [True, False]
    assert [p for _, p in results(check2, "x x\n")] == [True, True]


def test_regex_blocks_and_variables() -> None:
    check = "// CHECK: hipMalloc({{.*}}, [[N:[0-9]+]])\n// CHECK: size [[N]]\n"
    assert all(p for _, p in results(check, "hipMalloc(&p, 64)\nsize 64\n"))
    assert [p for _, p in results(check, "hipMalloc(&p, 64)\nsize 65\n")] == [True, False]


def test_sed_comments_hides_check_lines_and_classes() -> None:
    out = hipify_lit.sed_comments("x = 1; // CHECK: x = 1;\n//\nint y;")
    assert out == "x = 1; // \n//\nint y;"
    check = "\n".join(
        [
            "// CHECK: #include <hip/hip_runtime.h>",
            "// CHECK: hipLaunchKernelGGL(k, dim3(1), dim3(2), 0, 0, p);",
            "// CHECK: hipError_t e = hipMemcpy(d, s, n, hipMemcpyHostToDevice);",
            "// CHECK: hipblasStatus_t s = hipblasSnrm2(h, n, x, 1, r);",
        ]
    )
    output = "\n".join(
        [
            '#include "hip/hip_runtime.h"',
            "k<<<1, 2>>>(p);",
            "hipError_t e = cudaMemcpy(d, s, n, hipMemcpyHostToDevice);",
            "hipblasStatus_t s = hipblasSnrm2_v2(h, n, x, 1, r);",
        ]
    )
    classes = [hipify_lit.classify(o) for o in filecheck.check(check, output) if not o.passed]
    assert classes == ["include", "launch", "untranslated", "spelling"]


def test_run_line_options() -> None:
    text = (
        '// RUN: %run_test hipify "%s" "%t" %hipify_args 3 --amap --roc --hip-kernel-execution-syntax '
        "%clang_args -D__CUDA_API_VERSION_INTERNAL\n"
    )
    run = hipify_lit.run_options(text)
    assert run["options"] == ["--amap", "--roc", "--hip-kernel-execution-syntax"]
    assert run["roc"] and run["defines"] == ["__CUDA_API_VERSION_INTERNAL"]
    single = hipify_lit.run_options('// RUN: %run_test hipify "%s" "%t" %hipify_args "-roc" %clang_args\n')
    assert single["roc"]
