"""SYCL translation stays linear in file size (issue 21): no rule runs a whole-tree query once per kernel.

Counted, not timed: the number of tree-sitter queries run over a file with 20 kernels and with 80
kernels must be the same (a query per kernel made 400 KB files take minutes). The queries run for real;
the counter only wraps them.
"""

from __future__ import annotations

import pytest
from gpuport.transpile import parse

import gpuport

UNIT = """__global__ void k{i}(float *p, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = __shfl_down_sync(0xffffffff, p[i], 1);
  if (i < n) p[i] = v + {i};
}}
void h{i}(float *p) {{ k{i}<<<4, 32>>>(p, 128); cudaDeviceSynchronize(); }}
"""


def _source(kernels: int) -> bytes:
    return ("#include <cuda_runtime.h>\n" + "".join(UNIT.format(i=i) for i in range(kernels))).encode()


def _whole_tree_queries(monkeypatch: pytest.MonkeyPatch, kernels: int) -> int:
    calls = 0
    real = parse.matches

    def counting(pattern: str, node):  # type: ignore[no-untyped-def]
        nonlocal calls
        if node.parent is None:  # over the whole tree
            calls += 1
        return real(pattern, node)

    monkeypatch.setattr(parse, "matches", counting)
    gpuport.translate(_source(kernels), to="sycl")
    return calls


def test_whole_tree_queries_do_not_grow_with_kernels(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _whole_tree_queries(monkeypatch, 20) == _whole_tree_queries(monkeypatch, 80)
