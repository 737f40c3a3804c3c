"""Where corpus tasks come from besides the hand-written kernel suite.

- `pypi_sdist`: CUDA translation units extracted from PyPI source distributions (with licence and origin).
- `local`: the same extraction from any folder or git checkout.
- `augment`: new self-checking CUDA programs generated from parameterised templates and random operator
  DAGs whose expected outputs are computed with NumPy at generation time.

Every task written here is a folder with a `task.toml` that `gpuport.dataset.suite.load_task` accepts, and
a sidecar `origin.toml` recording where it came from (the suite schema is strict and allows no extra keys).
"""

ORIGIN_FILE = "origin.toml"
