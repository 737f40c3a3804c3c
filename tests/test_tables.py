"""The mapping tables: well-formed, a handful of known facts, and reproducible from the torch wheel."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "transpile" / "tables"
sys.path.insert(0, str(ROOT / "scripts"))

import check_tables  # noqa: E402
import seed_tables  # noqa: E402

WHEEL = seed_tables.DEFAULT_WHEEL


def load(family: str) -> dict[str, seed_tables.Row]:
    return {row.cuda: row for row in seed_tables.read_tsv(TABLES / f"{family}.tsv")}


def test_tables_have_no_problems() -> None:
    assert check_tables.check(TABLES) == []


def test_every_family_has_a_file() -> None:
    assert {p.stem for p in TABLES.glob("*.tsv")} == set(seed_tables.FAMILIES)


def test_checker_finds_problems(tmp_path: Path) -> None:
    header = "\t".join(check_tables.HEADER)
    (tmp_path / "runtime.tsv").write_text(
        f"# x\n{header}\ncudaFoo\t-\t\tfunction\t\t\t\ncudaBar\thipBar\t\tthing\tbogus\t6\t\n"
    )
    (tmp_path / "driver.tsv").write_text(f"{header}\ncudaBar\thipBar\t\tfunction\t\t\t\n")
    (tmp_path / "nofamily.tsv").write_text("cuda\thip\n")
    problems = "\n".join(check_tables.check(tmp_path))
    assert "needs flag unsupported-hip" in problems
    assert "kind 'thing'" in problems
    assert "flag 'bogus'" in problems
    assert "min_hip '6' is not X.Y" in problems
    assert "CUDA name 'cudaBar' already in" in problems
    assert "not a known family" in problems
    assert "header must be" in problems


def test_known_facts() -> None:
    assert load("runtime")["cudaMalloc"].hip == "hipMalloc"
    assert load("cublas")["cublasSgemm"].hip == "hipblasSgemm"
    shfl = load("device")["__shfl_down_sync"]
    assert (shfl.hip, shfl.min_hip) == ("=", "6.2")
    assert load("device")["__shfl_down"].min_hip == ""
    cudnn = load("cudnn")["cudnnCreate"]  # hipDNN's spelling, used only under --dnn hipdnn (GP126)
    assert cudnn.hip == "hipdnnCreate" and cudnn.flags.split(",") == ["hipdnn", "unsupported-sycl"]
    assert load("cudnn")["cudnnBackendDescriptor_t"].hip == "-"  # hipDNN has no backend API
    header = load("headers")["cuda_runtime.h"]
    assert (header.hip, header.sycl, header.kind) == ("hip/hip_runtime.h", "sycl/sycl.hpp", "header")
    assert load("math")["rsqrtf"].sycl == "sycl::rsqrt"
    assert "unsupported-sycl" in load("math")["j0f"].flags
    assert load("types")["__nv_bfloat16"].min_hip == "5.7"


def test_warp_sync_functions_absent_from_hip_5_2() -> None:
    """The device table's min_hip for the _sync family matches the installed HIP 5.2 headers."""
    hip = Path("/usr/include/hip")
    if not (hip / "hip_version.h").exists():
        pytest.skip("HIP headers not installed at /usr/include/hip")
    if seed_tables.hip_include_version(hip) != "5.2":
        pytest.skip(f"installed HIP is {seed_tables.hip_include_version(hip)}, not 5.2")
    tokens = seed_tables.header_tokens(hip)
    device = load("device")
    for name in ("__shfl_sync", "__shfl_down_sync", "__ballot_sync", "__activemask"):
        assert name not in tokens and device[name].min_hip == "6.2"
    for name in ("__shfl_down", "__ballot", "__syncthreads", "__popc"):
        assert name in tokens and device[name].min_hip == ""


@pytest.mark.slow
def test_importer_adds_nothing_the_tables_lack(tmp_path: Path) -> None:
    # The family files are the one data set; the torch importer only adds rows for names they lack, and
    # every name of the wheel's map that the tables keep is there already (rows edited by hand win).
    if not WHEEL.exists():
        pytest.skip(f"torch wheel not found at {WHEEL}")
    for path in TABLES.glob("*.tsv"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    # The HIP headers only date rows the run adds; with none to add, they change nothing.
    assert seed_tables.main(["--wheel", str(WHEEL), "--out", str(tmp_path), "--no-hip-include"]) == 0
    for family in seed_tables.FAMILIES:
        committed = (TABLES / f"{family}.tsv").read_text(encoding="utf-8").splitlines()
        fresh = (tmp_path / f"{family}.tsv").read_text(encoding="utf-8").splitlines()
        assert [r for r in committed if not r.startswith("#")] == [
            r for r in fresh if not r.startswith("#")
        ], family


# HIP names the tables give for every HIP version (no min_hip) that the installed HIP 5.2 headers lack:
# known, each flagged for review or waiting for a verified first version (16). A new name here is a typo or a
# missing min_hip (HIPIFY's tables wrote hipDeviceAttributeMaxBlocksPerMultiprocessor and
# hipDeviceAttributeMultiGpuBoardGroupId, which HIP spells ...MultiProcessor and ...GroupID).
KNOWN_ABSENT_FROM_HIP_52 = frozenset(
    """/*CUDART_CB*/ HIPRAND_H_ _HIPSPARSE_H_ hipErrorInvalidChannelDescriptor hipErrorInvalidTexture
    hipErrorLossyQuery hipGraphNodeTypeConditional HIP_R_8F_E4M3 HIP_R_8F_E5M2 hipGraphAddBatchMemOpNode
    hipGraphBatchMemOpNodeGetParams hipGraphBatchMemOpNodeSetParams hipGraphDebugDotFlagsRuntimeTypes
    hipGraphExecBatchMemOpNodeSetParams hipStreamBatchMemOp hipStreamBatchMemOpType""".split()
)


def test_unversioned_hip_names_exist_in_the_installed_headers() -> None:
    hip = Path("/usr/include/hip")
    version = hip / "hip_version.h"
    if not version.exists() or "HIP_VERSION_MINOR 2" not in version.read_text():
        pytest.skip("HIP 5.2's headers (Debian's) are not installed at /usr/include/hip")
    text = "\n".join(p.read_text(errors="replace") for p in sorted(hip.rglob("*.h")))
    words = set(re.findall(r"[A-Za-z_]\w*", text))
    missing = []
    for family in ("runtime", "driver", "types", "device"):
        for row in seed_tables.read_tsv(TABLES / f"{family}.tsv"):
            name = row.hip
            if (
                name in ("-", "=", "")
                or row.min_hip
                or "unsupported-hip" in row.flags
                or row.kind == "header"
            ):
                continue
            if name not in words and name not in KNOWN_ABSENT_FROM_HIP_52:
                missing.append(f"{family}: {row.cuda} -> {name}")
    assert not missing, missing


# -- the SYCL column routes names to rules (issue 19) ----------------------------------------------------


def test_sycl_routes_name_existing_sycl_rules() -> None:
    from gpuport.transpile.rules.registry import by_code
    from gpuport.transpile.tables import load_tables

    rules = by_code()
    tables = load_tables()
    routed = {e.sycl_rule for e in tables.symbols.values() if e.sycl_rule is not None}
    assert routed, "no row routes a name to a SYCL rule"
    for code in sorted(routed):
        assert code in rules and "sycl" in rules[code].targets, code  # type: ignore[attr-defined]
    # The table-driven library rules take their whole name set, with spellings, from the rows.
    for code in ("GP254", "GP255"):
        names = tables.handled_by(code)
        assert len(names) > 40 and all(names.values()), code
    assert tables.handled_by("GP254")["cublasSgemm"] == "gpuport_blas_gemm<float>"


def _sycl_name_handlers() -> list[tuple[bytes, str, set[tuple[str, str]]]]:
    """Per table name met in a SYCL golden input or suite program: (source, name, {(code, status)}) of the
    diagnostics whose span is exactly that use of the name (the rules that took it, or reported it)."""
    from gpuport.transpile.engine import translate_source
    from gpuport.transpile.tables import load_tables

    from gpuport.api import make_options

    tables = load_tables()
    repo = Path(__file__).resolve().parent.parent
    cases = sorted((repo / "tests" / "golden" / "sycl").glob("*/*.cu")) + sorted(
        (repo / "bench" / "suite").rglob("*.cu")
    )
    out = []
    for case in cases:
        source = case.read_bytes()
        result = translate_source(source, make_options("sycl", "6.2", "keep"), case.name)
        spans: dict[tuple[int, int], set[tuple[str, str]]] = {}
        for d in result.diagnostics:
            spans.setdefault((d.start, d.end), set()).add((d.code, str(d.status)))
        for m in re.finditer(rb"[A-Za-z_]\w*", source):
            name = m.group().decode()
            if tables.lookup(name) is not None and (m.start(), m.end()) in spans:
                out.append((source, name, spans[(m.start(), m.end())]))
    return out


# Rules that act on the program's own names, not on the API: a CUDA name they convert is not theirs.
_NOT_API_RULES = frozenset({"GP001", "GP218"})


def test_every_name_a_rule_converts_is_routed_to_it_and_vice_versa() -> None:
    from gpuport.transpile.rules.registry import rules_for
    from gpuport.transpile.tables import load_tables

    tables = load_tables()
    triggers = {r.code: r.triggers for r in rules_for("sycl")}
    unrouted: set[tuple[str, str, str | None]] = set()
    unhandled: set[tuple[str, str, str]] = set()
    for source, name, found in _sycl_name_handlers():
        entry = tables.lookup(name)
        assert entry is not None
        converted = {code for code, status in found if status == "converted"} - _NOT_API_RULES
        # A name a rule converts is routed to that rule, or has a plain SYCL spelling the rule refines
        # where it knows more (GP247 gives `fmaxf` its argument types, elsewhere it is `sycl::fmax`).
        for code in converted:
            if entry.sycl_rule != code and entry.sycl_name() is None:
                unrouted.add((name, code, entry.sycl_rule))
        # ...and vice versa: a name routed to a rule is never left to another rule or to the generic report
        # in a file the rule runs on (a rule with trigger words runs where one is mentioned).
        rule = entry.sycl_rule
        runs = rule is not None and (not triggers[rule] or any(w in source for w in triggers[rule]))
        if rule is not None and runs and found and rule not in {code for code, _ in found}:
            unhandled.add((name, entry.sycl_rule, ",".join(sorted(code for code, _ in found))))
    # Names several rules convert, each in its own context (a copy kind is an argument of GP210's
    # cudaMemcpy, GP249's cudaMemcpy2D and GP252's array copies): no one rule owns them; listed here.
    shared = {
        "cudaMemcpyHostToDevice",
        "cudaMemcpyDeviceToHost",
        "cudaMemcpyDeviceToDevice",
        "cudaMemAttachGlobal",
    }
    # GP261 keeps host code's `clock()` as `<ctime>`'s: the C library's function, not the device one the
    # row describes (which has no SYCL counterpart and stays reported in device code).
    host_c_library = {("clock", "GP261", None)}
    assert {u for u in unrouted if u[0] not in shared} - host_c_library == set()
    assert unhandled == set()


def test_every_row_names_a_sycl_handler() -> None:
    # Every row says how SYCL handles it: a spelling, a rule, or unsupported with a reason.
    from gpuport.transpile.tables import load_tables

    rows = list(load_tables().symbols.values())
    assert len(rows) > 9000
    silent = [e.cuda for e in rows if not e.sycl]
    assert silent == []
    assert all(e.sycl_unsupported for e in rows if e.sycl.startswith("-")), (
        "an unsupported row without a reason"
    )


def test_half_precision_names_are_the_rows_routed_to_gp239() -> None:
    # GP239's names and spellings are the tables' rows; its helper functions are named as the rows say,
    # and the names it reports with a reason are routed to it without a spelling.
    from gpuport.transpile.rules.sycl import _half_table as half
    from gpuport.transpile.tables import load_tables

    routed = load_tables().handled_by("GP239")
    for cuda in (*half.SCALAR_OPS, *half.PAIR_OPS, *half.CUSTOM):
        assert routed[cuda] == half.helper_name(cuda) == half.names()[cuda].sycl
    assert set(half.names()) - set(half.PLAIN_TYPES) == {n for n, s in routed.items() if s}
    assert {n for n, s in routed.items() if s is None} == set(half.UNSUPPORTED)
    assert half.names()["__bfloat162float"].family == "bf16" and half.names()["__half2float"].call


def test_names_rules_still_list_in_python_are_routed_to_them() -> None:
    # Rules whose per-name data is logic (an argument count, a lambda body, a method per call) keep it in
    # Python, keyed by name; every such name has its row routed to the rule, or a plain SYCL spelling the
    # rule refines (GP238's lambdas stand in for sycl::mul_hi where implementations lack it).
    from gpuport.transpile.rules.sycl import (
        _memory_helpers,
        _texture,
        atomics,
        barriers,
        bit_intrinsics,
        device_queries,
        host_callbacks,
        mapped_host,
        memory_api,
        memory_hints,
        pitched_memory,
    )
    from gpuport.transpile.tables import load_tables

    tables = load_tables()
    listed = {
        "GP207": {*barriers.FENCES, *barriers.VOTES},
        "GP208": {b + s for b in (*atomics.OPS, *atomics.WRAPPING) for s in atomics.SCOPES},
        "GP210": {m[1:] for m in dir(memory_api.MemoryApi) if m.startswith("_cuda")},
        "GP237": set(device_queries.HANDLED),
        "GP238": set(bit_intrinsics.LAMBDAS),
        "GP249": {*pitched_memory.COPIES, *pitched_memory.ARITY, *pitched_memory.UNSUPPORTED_3D},
        "GP250": {*memory_hints.NO_OPS, *_memory_helpers.LOCATION_NAMES, *_memory_helpers.PREFETCH_CALLS},
        "GP251": set(mapped_host.NAMES),
        "GP252": {*_texture.HOST_COPIES, *_texture.UNSUPPORTED},
        "GP259": set(host_callbacks.ARITY),
    }
    for code, names in listed.items():
        routed = tables.handled_by(code)
        stray = sorted(n for n in names if n not in routed and tables.symbols[n].sycl_name() is None)
        assert stray == [], code


def test_sycl_report_gives_the_sycl_reason_not_the_hip_note() -> None:
    # A driver-API call in SYCL mode: the report says why SYCL has no form, and never speaks of HIP.
    import gpuport

    code = "void f(CUcontext *c, CUdevice d) { cuCtxCreate(c, 0, d); }\n"
    sycl = gpuport.translate(code, to="sycl")
    said = {d.symbol: d.message for d in sycl.diagnostics if d.code == "GP003"}
    assert "driver API" in said["cuCtxCreate"] and "hip" not in said["cuCtxCreate"].lower(), said
    hip = gpuport.translate(code, to="hip")
    assert not [d for d in hip.diagnostics if d.code == "GP003" and d.symbol == "cuCtxCreate"]
