"""RESULT parsing and comparison: exact by value, tolerance, NaN/inf, missing keys, timing medians."""

from __future__ import annotations

import math

from gpuport.dataset.compare import compare, median_time, parse_output, time_ratio, values_equal

OUT = """\
loading input
RESULT total 123456789012345678
RESULT sample 1.5 2.25 -3e-05
TIME_MS 2.5
RESULT sample 7
PASS
"""


def test_parse_output() -> None:
    p = parse_output(OUT)
    assert p.results == {
        "total": ["123456789012345678"],
        "sample": ["1.5", "2.25", "-3e-05"],
        "sample#2": ["7"],
    }
    assert p.times_ms == [2.5] and p.time_ms == 2.5
    assert p.verdict == "PASS" and p.passed


def test_verdict_must_be_last_line() -> None:
    assert parse_output("PASS\nRESULT a 1\n").verdict is None
    assert parse_output("RESULT a 1\nFAIL\n").verdict == "FAIL"
    assert not parse_output("").passed


def test_several_time_lines_are_summed() -> None:
    assert parse_output("TIME_MS 1\nTIME_MS 2.5\nTIME_MS bad\nPASS").time_ms == 3.5


def test_exact_compares_values_not_spelling() -> None:
    assert values_equal("1000000", "1e+06", "exact", 0, 0)[0]
    assert not values_equal("0.1", "0.100001", "exact", 0, 0)[0]
    # 64-bit integers beyond float precision must not compare equal through a float.
    assert not values_equal("9007199254740993", "9007199254740992", "exact", 0, 0)[0]
    assert values_equal("abc", "abc", "exact", 0, 0)[0] and not values_equal("abc", "abd", "exact", 0, 0)[0]


def test_tolerance() -> None:
    assert values_equal("100", "100.009", "tolerance", 1e-4, 0)[0]
    assert not values_equal("100", "100.02", "tolerance", 1e-4, 0)[0]
    assert values_equal("0", "1e-6", "tolerance", 0, 1e-5)[0]
    assert values_equal("nan", "nan", "tolerance", 1e-3, 0)[0]
    assert not values_equal("nan", "1", "tolerance", 1e-3, 0)[0]
    assert (
        values_equal("inf", "inf", "exact", 0, 0)[0] and not values_equal("inf", "-inf", "tolerance", 1, 1)[0]
    )


def test_compare_reports_each_problem() -> None:
    ref = parse_output("RESULT a 1 2 3\nRESULT b 5\nPASS")
    good = parse_output("RESULT a 1 2 3\nRESULT b 5.0\nPASS")
    assert compare(ref, good).equal
    bad = parse_output("RESULT a 1 2 4\nRESULT c 1\nPASS")
    c = compare(ref, bad)
    assert not c.equal
    assert c.mismatch_count == 3  # a[2], b missing, c extra
    assert any("a[2]" in m for m in c.mismatches) and any("b: missing" in m for m in c.mismatches)
    short = compare(ref, parse_output("RESULT a 1 2\nRESULT b 5\nPASS"))
    assert not short.equal and "2 values" in short.mismatches[0]


def test_compare_tolerance_errors_are_measured() -> None:
    ref = parse_output("RESULT x 1.0 2.0\nPASS")
    got = parse_output("RESULT x 1.00001 2.0\nPASS")
    c = compare(ref, got, "tolerance", rtol=1e-4, atol=0)
    assert c.equal and math.isclose(c.max_abs_err, 1e-5, rel_tol=1e-3)
    assert not compare(ref, got, "exact").equal


def test_an_empty_reference_never_matches() -> None:
    assert not compare(parse_output("PASS"), parse_output("PASS")).equal


def test_median_and_ratio() -> None:
    runs = [parse_output(f"TIME_MS {t}\nPASS") for t in (5, 1, 3, 100, 2)] + [parse_output("PASS")]
    assert median_time(runs) == 3
    assert time_ratio(6.0, 3.0) == 2.0
    assert time_ratio(None, 3.0) is None and time_ratio(1.0, 0.0) is None
