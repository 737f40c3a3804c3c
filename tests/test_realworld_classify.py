"""The real-world harness's failure classifier (bench/realworld/classify.py): owner and class from the
first error of real compiler output (the lines below are from nvcc, hipcc and g++ runs on the corpus)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "realworld"))
from classify import Failure, classify, first_error, need_of_header  # noqa: E402

CASES = [
    # (stderr, original files, cuda_ok) -> (owner, kind)
    (
        "backprop_cuda.cpp:12:10: fatal error: backprop_cuda_kernel.cu: No such file or directory\n",
        {"backprop_cuda_kernel.cu"},
        True,
        "translator",
        "renamed-include",
    ),
    (
        "x.hip:3:10: fatal error: 'hipcub/hipcub.hpp' file not found\n#include <hipcub/hipcub.hpp>\n",
        set(),
        True,
        "environment",
        "hipcub",
    ),
    (
        "x.hip:2:10: fatal error: 'thrust/device_vector.h' file not found\n",
        set(),
        True,
        "environment",
        "rocthrust",
    ),
    (
        "a.cpp:9:10: fatal error: torch/extension.h: No such file or directory\n",
        set(),
        True,
        "environment",
        "torch",
    ),
    ("util.h:4:1: error: 'sycl' does not name a type\n", set(), True, "translator", "sycl-undeclared"),
    ("k.h:3:1: error: '__device__' does not name a type\n", set(), True, "translator", "cuda-qualifier-left"),
    (
        "m.cpp:40:5: error: 'cudaDeviceProp' was not declared in this scope\n",
        set(),
        True,
        "translator",
        "cuda-name-left",
    ),
    (
        "m.cpp:130:127: error: too few arguments to function 'void k(float*, const sycl::_V1::nd_item<3>&, float*)'\n",
        set(),
        True,
        "translator",
        "arity",
    ),
    ("c.hip:2:19: error: redefinition of 'atomicAdd'\n", set(), True, "translator", "redefinition"),
    (
        "x.hip:7:10: fatal error: 'gpuport_missing.h' file not found\n",
        set(),
        True,
        "translator",
        "missing-header",
    ),
    (
        'main.cu(130): error: identifier "cudaThreadSynchronize" is undefined\n',
        set(),
        False,
        "original",
        "cuda-fails",
    ),
    ("q.cpp:5:3: error: something nobody anticipated\n", set(), True, "translator", "other"),
]


@pytest.mark.parametrize(("stderr", "names", "cuda_ok", "owner", "kind"), CASES)
def test_classify(stderr: str, names: set[str], cuda_ok: bool, owner: str, kind: str) -> None:
    f = classify(stderr, original_files=names, cuda_ok=cuda_ok)
    assert (f.owner, f.kind) == (owner, kind)


def test_first_error_skips_notes_and_warnings() -> None:
    text = "a.h:1:1: warning: unused\nIn file included from m.cpp:2:\nb.h:7:3: error: 'x' was not declared\nnote: y\n"
    assert first_error(text) == "b.h:7:3: error: 'x' was not declared"
    f = classify(text)
    assert f.file == "b.h" and f.owner == "translator" and f.kind == "undeclared"


def test_needs_vocabulary() -> None:
    assert need_of_header("hip/hip_bf16.h") == "hip_bf16"
    assert need_of_header("hip/hip_math_constants.h") == "hip-newer"
    assert need_of_header("GL/glut.h") == "opengl"
    assert need_of_header("mykernels.h") is None


def test_rocm_libraries_are_the_translators_for_sycl() -> None:
    err = "m.cpp:3:10: fatal error: thrust/sort.h: No such file or directory\n"
    assert classify(err).owner == "environment"  # HIP: rocThrust exists, Debian lacks it
    f = classify(err, target="sycl")  # SYCL: no such library; the translation must not need it
    assert (f.owner, f.kind) == ("translator", "no-sycl-rocthrust")


def test_reported_symbols_own_their_failures() -> None:
    """A failure at a name or header the translation reported unconverted is `reported`; any other
    failure of the same program stays the translator's."""
    wmma = "g.cu:65:10: fatal error: 'mma.h' file not found\n#include <mma.h>\n"
    member = "g.cu:417:22: error: no member named 'sharedMemPerBlockOptin' in 'hipDeviceProp_t'\n"
    other = "t.cu:131:5: error: use of undeclared identifier 'print_NVCC_min_spec'\n"
    reported = {"mma.h", "sharedMemPerBlockOptin", "CUDART_VERSION"}
    assert _owner_kind(classify(wmma, reported=reported)) == ("reported", "mma.h")
    assert _owner_kind(classify(member, reported=reported)) == ("reported", "sharedMemPerBlockOptin")
    assert _owner_kind(classify(other, reported=reported)) == ("translator", "undeclared")
    assert _owner_kind(classify(wmma)) == ("translator", "missing-header")
    hipcub = "x.hip:3:10: fatal error: 'hipcub/hipcub.hpp' file not found\n"
    assert _owner_kind(classify(hipcub, reported={"hipcub/hipcub.hpp"})) == ("environment", "hipcub")


def _owner_kind(f: Failure) -> tuple[str, str]:
    return (f.owner, f.kind)
