"""gpuport: port CUDA to HIP and SYCL 2020, prove the ports with real compilers, grow a verified corpus.

Python API (typed, stable):

    import gpuport
    result = gpuport.translate(code, to="hip", hip_version="5.2")
    result.code, result.diagnostics, result.stats
    report = gpuport.translate_tree("src/", "out/", to="sycl", jobs=2)
"""

from __future__ import annotations

__version__ = "0.1.0"

from .api import Translation, translate, translate_tree  # noqa: E402

__all__ = ["Translation", "__version__", "translate", "translate_tree"]
