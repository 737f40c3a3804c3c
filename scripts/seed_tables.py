#!/usr/bin/env python3
"""Import rows into the CUDA→HIP mapping tables from the identifier map in PyTorch's wheel.

Development script, not part of the installed package. It reads
``torch/utils/hipify/cuda_to_hip_mappings.py`` and ``torch/utils/hipify/constants.py`` straight out of
the wheel (zipfile), parses them with ``ast`` and evaluates only literal structures: torch is never
imported and the file is never executed. Entries are classified into the family files of
``transpile/tables``, which are the one data set (edited by hand): a row already there, for a CUDA name in
any family, wins, so the script only adds rows for names the tables lack. Output is deterministic: rows
sorted by CUDA name, one header comment whose only varying line is ``# date:``.

Optional inputs that add facts (both recorded in each file's header, so a rerun can repeat them):

* ``--hip-include DIR`` (default ``/usr/include/hip`` when present): the installed HIP headers, taken as
  the baseline HIP version (their ``hip_version.h``). A seeded row whose HIP name is absent there is
  either dated with ``--hip-git`` or flagged ``review``.
* ``--hip-git DIR``: a git directory of ROCm/HIP; its ``rocm-X.Y.0`` tags date when a HIP name first
  appeared in ``include/hip`` (the ``min_hip`` column).

Usage: ``python scripts/seed_tables.py [--wheel W] [--out transpile/tables] [--hip-git DIR]``
"""

from __future__ import annotations

import argparse
import ast
import datetime as _dt
import re
import subprocess
import sys
import zipfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_WHEEL = Path("/opt/wheels/torch-2.13.0+cpu-cp311-cp311-manylinux_2_28_x86_64.whl")
DEFAULT_OUT = ROOT / "transpile" / "tables"
DEFAULT_HIP_INCLUDE = Path("/usr/include/hip")
MAPPINGS_PATH = "torch/utils/hipify/cuda_to_hip_mappings.py"
CONSTANTS_PATH = "torch/utils/hipify/constants.py"
VERSION_PATH = "torch/utils/hipify/version.py"

# The schema: one definition, in the package (the loader and scripts/check_tables.py read it too).
sys.path.insert(0, str(ROOT / "scripts"))
from table_schema import schema  # noqa: E402

HEADER: tuple[str, ...] = schema.COLUMNS
FAMILIES: tuple[str, ...] = schema.FAMILIES
KINDS: tuple[str, ...] = schema.KIND_LIST
FLAGS: tuple[str, ...] = schema.FLAG_LIST
IDENT_RE: re.Pattern[str] = schema.IDENT_RE
HEADER_RE: re.Pattern[str] = schema.HEADER_PATH_RE

TOKEN_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# cuComplex.h: the complex types and their helper functions (cuCaddf, cuCreal, make_cuDoubleComplex...).
COMPLEX_RE = re.compile(
    r"^(cu(Float|Double)?Complex|make_cu(Float|Double)?Complex|cuC(real|imag|add|sub|mul|div|abs|onj|fma)f?"
    r"|cuComplex(FloatToDouble|DoubleToFloat))$"
)

# Maps in cuda_to_hip_mappings.py that only serve PyTorch/Caffe2 builds; our tool ports general CUDA.
PYTORCH_MAPS = {
    "PYTORCH_SPECIFIC_MAPPINGS",
    "C10_MAPPINGS",
    "CAFFE2_SPECIFIC_MAPPINGS",
    "CAFFE2_PATH_MAPPINGS",
}
# Older torch wheels tag each entry with constants; these API tags mark PyTorch-only entries.
PYTORCH_TAGS = {"API_PYTORCH", "API_CAFFE2", "API_C10"}
API_FAMILY = {
    "API_RUNTIME": "runtime",
    "API_DRIVER": "driver",
    "API_BLAS": "cublas",
    "API_RAND": "curand",
    "API_FFT": "cufft",
    "API_SPARSE": "cusparse",
    "API_SOLVER": "cusolver",
    "API_DNN": "cudnn",
}
# Names that look general but belong to PyTorch's own build (macros it defines, product names).
PYTORCH_NAMES = {"AT_CUSPARSELT_ENABLED", "cuSPARSELt", "CUDA_VERSION", "USE_CUDA"}
PYTORCH_HEADER_PREFIXES = ("c10/", "gloo/", "tensorpipe/", "caffe2/", "ATen/", "THC")

CUDNN_NOTE = "MIOpen's API differs; no mechanical rename"

# --- kind inference -------------------------------------------------------------------------------
# Current torch wheels carry no CONV_*/API_* tags, so the kind comes from the spelling and from the map
# an entry sits in. These lists are facts from the CUDA headers (which names are #defines, which are
# enumerators, which are types without a _t suffix).
TYPE_NAMES = {
    "cuComplex",
    "cuDoubleComplex",
    "cuFloatComplex",
    "cufftReal",
    "cufftDoubleReal",
    "cufftComplex",
    "cufftDoubleComplex",
    "cufftHandle",
    "cufftResult",
    "cufftType",
    "cufftCompatibility",
    "cudaDataType",
    "cudaMemcpy3DParms",
    "cudaMemcpy3DPeerParms",
    "cudaMemAccessDesc",
    "cudaMemPoolProps",
    "cudaMemLocation",
    "cudaMemPoolAttr",
    "cudaMemAllocationHandleType",
    "cudaMemAllocationType",
    "cudaMemLocationType",
    "cudaHostNodeParams",
    "cudaKernelNodeParams",
    "cudaMemsetParams",
    "cudaFuncAttributes",
    "cudaStreamCaptureStatus",
    "cudaStreamCaptureMode",
    "cudaGraphDebugDotFlags",
    "cudaGraphDependencyType",
    "cudaGraphEdgeData",
    "cudaGraphExecUpdateResult",
    "cudaGraphInstantiateFlags",
    "cudaGraphInstantiateParams",
    "cudaGraphInstantiateResult",
    "cudaGraphMemAttributeType",
    "cudaGraphNodeParams",
    "cudaGraphNodeType",
    "cudaLaunchParams",
    "cudaAccessPolicyWindow",
    "cudaMemAccessFlags",
    "cudaMemcpyKind",
    "cudaDeviceProp",
    "mtgp32_kernel_params",
}
RUNTIME_MACROS = {
    "cudaHostAllocDefault",
    "cudaHostAllocPortable",
    "cudaHostAllocMapped",
    "cudaHostAllocWriteCombined",
    "cudaHostRegisterDefault",
    "cudaHostRegisterPortable",
    "cudaHostRegisterMapped",
    "cudaHostRegisterIoMemory",
    "cudaHostRegisterReadOnly",
    "cudaEventDefault",
    "cudaEventBlockingSync",
    "cudaEventDisableTiming",
    "cudaEventInterprocess",
    "cudaEventRecordDefault",
    "cudaEventRecordExternal",
    "cudaEventWaitDefault",
    "cudaEventWaitExternal",
    "cudaStreamDefault",
    "cudaStreamNonBlocking",
    "cudaStreamLegacy",
    "cudaStreamPerThread",
    "cudaDeviceScheduleAuto",
    "cudaDeviceScheduleSpin",
    "cudaDeviceScheduleYield",
    "cudaDeviceScheduleBlockingSync",
    "cudaDeviceBlockingSync",
    "cudaDeviceScheduleMask",
    "cudaDeviceMapHost",
    "cudaDeviceLmemResizeToMax",
    "cudaDeviceMask",
    "cudaMemAttachGlobal",
    "cudaMemAttachHost",
    "cudaMemAttachSingle",
    "cudaOccupancyDefault",
    "cudaOccupancyDisableCachingOverride",
    "cudaCpuDeviceId",
    "cudaInvalidDeviceId",
    "cudaIpcMemLazyEnablePeerAccess",
    "cudaArrayDefault",
    "cudaArrayLayered",
    "cudaArraySurfaceLoadStore",
    "cudaArrayCubemap",
    "cudaArrayTextureGather",
    "cudaTextureType1D",
    "cudaTextureType2D",
    "cudaTextureType3D",
    "cudaTextureTypeCubemap",
    "cudaTextureType1DLayered",
    "cudaTextureType2DLayered",
    "cudaTextureTypeCubemapLayered",
    "cudaGraphKernelNodePortDefault",
    "cudaGraphKernelNodePortLaunchCompletion",
    "cudaGraphKernelNodePortProgrammatic",
}
# Enumerator prefixes of runtime enums: a name that extends one of these is an enumerator.
RUNTIME_ENUM_PREFIXES = (
    "cudaError",
    "cudaDevAttr",
    "cudaMemcpyHostTo",
    "cudaMemcpyDeviceTo",
    "cudaMemAdviseSet",
    "cudaMemAdviseUnset",
    "cudaMemRangeAttribute",
    "cudaFuncCachePrefer",
    "cudaFuncAttribute",
    "cudaLimit",
    "cudaComputeMode",
    "cudaSharedMemBankSize",
    "cudaResViewFormat",
    "cudaAddressMode",
    "cudaFilterMode",
    "cudaReadMode",
    "cudaChannelFormatKind",
    "cudaResourceType",
    "cudaBoundaryMode",
    "cudaFormatMode",
    "cudaGraphNodeType",
    "cudaStreamCaptureStatus",
    "cudaStreamCaptureMode",
    "cudaMemoryType",
    "cudaMemPoolAttr",
    "cudaMemPoolReuse",
    "cudaGraphExecUpdate",
    "cudaGraphInstantiateFlag",
    "cudaGraphInstantiateSuccess",
    "cudaGraphInstantiateError",
    "cudaGraphInstantiateInvalid",
    "cudaGraphInstantiateMultiple",
    "cudaGraphInstantiateNodeOperation",
    "cudaGraphDebugDotFlags",
    "cudaGraphDependencyType",
    "cudaGraphMemAttr",
    "cudaMemAccessFlags",
    "cudaMemLocationType",
    "cudaMemAllocationType",
    "cudaMemHandleType",
    "cudaDevP2PAttr",
    "cudaUserObjectNoDestructor",
    "cudaGraphicsCubeFace",
    "cudaGraphicsMapFlags",
    "cudaGraphicsRegisterFlags",
    "cudaGLMapFlags",
    "cudaGLDeviceList",
)
RUNTIME_ENUMS = {"cudaSuccess", "cudaMemcpyDefault", "cudaMemcpyHostToHost", "cudaKeyValuePair", "cudaCSV"}
# Driver/library names in capitals that are #defines rather than enumerators.
MACRO_PREFIXES = (
    "CU_LAUNCH_PARAM_",
    "CU_MEMHOSTALLOC_",
    "CU_MEMHOSTREGISTER_",
    "CU_TRSA_",
    "CU_TRSF_",
    "CUDA_ARRAY3D_",
    "CU_DEVICE_CPU",
    "CU_DEVICE_INVALID",
    "CU_STREAM_LEGACY",
    "CU_STREAM_PER_THREAD",
    "CU_IPC_HANDLE_SIZE",
    "CU_PARAM_TR_DEFAULT",
    "CUDA_VERSION",
    "CUDART_VERSION",
    "CUBLAS_VER_",
    "CUFFT_VER_",
    "CURAND_VER_",
    "CUSPARSE_VER_",
    "CUSOLVER_VER_",
)


@dataclass(frozen=True)
class Row:
    cuda: str
    hip: str
    sycl: str = ""
    kind: str = "function"
    flags: str = ""
    min_hip: str = ""
    note: str = ""

    def cells(self) -> tuple[str, ...]:
        return (self.cuda, self.hip, self.sycl, self.kind, self.flags, self.min_hip, self.note)


@dataclass(frozen=True)
class Entry:
    """One mapping as torch wrote it: the map it sits in, the two spellings, and its tags (old wheels)."""

    source: str
    cuda: str
    hip: str
    tags: tuple[str, ...]


class NotLiteral(Exception):
    """An expression that the literal evaluator refuses (calls, attributes we do not model)."""


# --- reading the wheel ----------------------------------------------------------------------------


def read_wheel(wheel: Path) -> tuple[str, str, str, str]:
    """Return (mappings source, constants source, hipify version, torch version) from the wheel."""
    with zipfile.ZipFile(wheel) as zf:
        mappings = zf.read(MAPPINGS_PATH).decode("utf-8")
        constants = zf.read(CONSTANTS_PATH).decode("utf-8")
        names = zf.namelist()
        hipify_version = ""
        if VERSION_PATH in names:
            match = re.search(r"""__version__\s*=\s*['"]([^'"]+)""", zf.read(VERSION_PATH).decode("utf-8"))
            hipify_version = match.group(1) if match else ""
        torch_version = ""
        for name in names:
            if name.endswith(".dist-info/METADATA") and name.startswith("torch-"):
                meta = zf.read(name).decode("utf-8")
                match = re.search(r"^Version:\s*(\S+)", meta, re.M)
                torch_version = match.group(1) if match else ""
                break
    return mappings, constants, hipify_version, torch_version


class LiteralEvaluator:
    """Evaluate the literal subset of Python that the mapping file uses, with a name environment.

    Supported: constants, tuples, lists, dicts, names bound earlier, ``collections.OrderedDict([...])``
    and ``dict(...)`` of literals, ``os.environ.get(key, default)`` (taken as its default: we model a
    clean build environment), ``==``/``!=`` comparisons and ``a if c else b``.
    """

    def __init__(self, env: dict[str, object]) -> None:
        self.env = env

    def eval(self, node: ast.expr) -> object:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Tuple):
            return tuple(self.eval(e) for e in node.elts)
        if isinstance(node, ast.List):
            return [self.eval(e) for e in node.elts]
        if isinstance(node, ast.Dict):
            return {self.eval(k): self.eval(v) for k, v in zip(node.keys, node.values, strict=True) if k}
        if isinstance(node, ast.Name):
            if node.id in self.env:
                return self.env[node.id]
            raise NotLiteral(f"unbound name {node.id}")
        if isinstance(node, ast.IfExp):
            return self.eval(node.body) if self.eval(node.test) else self.eval(node.orelse)
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            left, right = self.eval(node.left), self.eval(node.comparators[0])
            if isinstance(node.ops[0], ast.Eq):
                return left == right
            if isinstance(node.ops[0], ast.NotEq):
                return left != right
            raise NotLiteral("comparison")
        if isinstance(node, ast.Call):
            func = ast.unparse(node.func)
            if func in ("collections.OrderedDict", "OrderedDict", "dict") and len(node.args) <= 1:
                if not node.args:
                    return {}
                value = self.eval(node.args[0])
                if isinstance(value, dict):
                    return dict(value)
                # Keep the pairs as a list: duplicates matter to us (first one wins, as in a rename pass).
                return [tuple(pair) for pair in value]  # type: ignore[union-attr]
            if func == "os.environ.get" and len(node.args) == 2:
                return self.eval(node.args[1])
            raise NotLiteral(f"call {func}")
        raise NotLiteral(type(node).__name__)


def eval_module(source: str, env: dict[str, object]) -> dict[str, object]:
    """Bind every top-level ``NAME = <literal>`` of ``source`` into ``env``; skip what is not literal."""
    evaluator = LiteralEvaluator(env)
    for stmt in ast.parse(source).body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            try:
                env[stmt.targets[0].id] = evaluator.eval(stmt.value)
            except NotLiteral:
                pass
    return env


def load_entries(mappings: str, constants: str) -> tuple[list[Entry], dict[str, int]]:
    """All (map, cuda, hip, tags) entries in CUDA_TO_HIP_MAPPINGS order, plus the constants used."""
    const_env = eval_module(constants, {})
    tag_names: dict[object, str] = {}
    for name, value in const_env.items():
        if name.isupper() and isinstance(value, int | tuple):
            tag_names.setdefault(value, name)
    env = eval_module(mappings, dict(const_env))
    order = [n for n in _list_names(mappings, "CUDA_TO_HIP_MAPPINGS")]
    # MATH_TRANSPILATIONS is not in CUDA_TO_HIP_MAPPINGS but is still a mapping torch applies.
    extra = [n for n in ("MATH_TRANSPILATIONS",) if n in env and n not in order]
    entries: list[Entry] = []
    for map_name in order + extra:
        pairs = env.get(map_name)
        items = pairs.items() if isinstance(pairs, dict) else (pairs or [])
        for item in items:  # type: ignore[union-attr]
            cuda, value = item[0], item[1]
            if isinstance(value, tuple):
                hip, tag_values = value[0], value[1:]
            else:
                hip, tag_values = value, ()
            tags = tuple(tag_names.get(t, str(t)) for t in tag_values)
            entries.append(Entry(map_name, str(cuda), str(hip), tags))
    used = {n: v for n, v in const_env.items() if isinstance(v, int)}
    return entries, used


def _list_names(source: str, target: str) -> list[str]:
    for stmt in ast.parse(source).body:
        if (
            isinstance(stmt, ast.Assign)
            and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id == target
            and isinstance(stmt.value, ast.List)
        ):
            return [e.id for e in stmt.value.elts if isinstance(e, ast.Name)]
    return []


# --- classification -------------------------------------------------------------------------------


def strip_header(name: str) -> str:
    if len(name) > 2 and name[0] in '<"' and name[-1] in '>"':
        return name[1:-1]
    return name


def family_of(entry: Entry, cuda: str, is_header: bool) -> str | None:
    """The family file for an entry, or None when it belongs to no family we keep."""
    if is_header:
        return "headers"
    for tag in entry.tags:
        if tag.startswith("CONV_INCLUDE"):
            return "headers"
    low = cuda.lower()
    if low.startswith("cudnn"):
        return "cudnn"
    for prefix, family in (
        ("cublas", "cublas"),
        ("curand", "curand"),
        ("mtgp32", "curand"),
        ("cufft", "cufft"),
        ("cusparse", "cusparse"),
        ("cusolver", "cusolver"),
        ("syevj", "cusolver"),
        ("gesvdj", "cusolver"),
    ):
        if low.startswith(prefix):
            return family
    if COMPLEX_RE.match(cuda):
        return "complex"
    for tag in entry.tags:
        if tag in API_FAMILY:
            family = API_FAMILY[tag]
            if family in ("runtime", "driver") and "CONV_TYPE" in entry.tags:
                return "types"
            return family
    if entry.source == "CUDA_TYPE_NAME_MAP" and not cuda.isupper():
        return "types"
    if cuda.startswith(("cuda", "make_cuda")) or cuda == "__CUDACC__":
        return "runtime"
    if cuda.startswith(("cu", "CU", "CUDA_")):
        return "driver"
    return None


def kind_of(entry: Entry, cuda: str, family: str) -> str:
    if family == "headers":
        return "header"
    if "CONV_TYPE" in entry.tags:
        return "type"
    if cuda.startswith("__") and cuda.endswith("__"):
        return "macro"
    if cuda in RUNTIME_MACROS or cuda.startswith(MACRO_PREFIXES):
        return "macro"
    if cuda == "mtgp32dc_params_fast_11213":
        return "variable"
    if cuda in TYPE_NAMES or cuda.endswith(("_t", "_st", "_enum")):
        return "type"
    if re.fullmatch(r"[A-Z0-9_]+", cuda):
        return "enum"
    if cuda in RUNTIME_ENUMS or any(cuda.startswith(p) and len(cuda) > len(p) for p in RUNTIME_ENUM_PREFIXES):
        return "enum"
    if entry.source == "CUDA_TYPE_NAME_MAP":
        return "type"
    if family == "curand" and re.fullmatch(r"curand(_[a-z0-9]+)*", cuda):
        return "device-function"
    return "function"


@dataclass
class Seeded:
    rows: dict[str, list[Row]]
    read: int
    dropped: Counter[str]


def classify(entries: Iterable[Entry]) -> Seeded:
    rows: dict[str, list[Row]] = {f: [] for f in FAMILIES}
    seen: set[str] = set()
    dropped: Counter[str] = Counter()
    read = 0
    for entry in entries:
        read += 1
        if entry.source in PYTORCH_MAPS and not entry.cuda.lower().startswith("cudnn"):
            dropped["PyTorch/Caffe2/c10-specific map"] += 1
            continue
        if any(tag in PYTORCH_TAGS for tag in entry.tags):
            dropped["PyTorch/Caffe2/c10-specific tag"] += 1
            continue
        cuda = entry.cuda
        is_header = entry.source == "CUDA_INCLUDE_MAP" or any(
            t.startswith("CONV_INCLUDE") for t in entry.tags
        )
        if is_header:
            cuda = strip_header(cuda)
            if not HEADER_RE.match(cuda):
                dropped["include rule that is a text pattern or path prefix, not a header path"] += 1
                continue
            if cuda.startswith(PYTORCH_HEADER_PREFIXES):
                dropped["PyTorch/Caffe2/c10-specific name"] += 1
                continue
        elif not IDENT_RE.match(cuda):
            if "::" in cuda:
                dropped["qualified C++ name (cub::X, thrust::cuda, std::X)"] += 1
            else:
                dropped["not a C identifier (regex text or several tokens)"] += 1
            continue
        if cuda in PYTORCH_NAMES or cuda.startswith("AT_"):
            dropped["PyTorch/Caffe2/c10-specific name"] += 1
            continue
        family = family_of(entry, cuda, is_header)
        if family is None:
            dropped["no family for this API (NVRTC, NVTX, NVML, NVSHMEM)"] += 1
            continue
        if cuda in seen:
            dropped["duplicate CUDA name (first mapping kept)"] += 1
            continue
        seen.add(cuda)
        hip = strip_header(entry.hip) if is_header else entry.hip.strip()
        flags: list[str] = []
        note = ""
        if family == "cudnn":
            hip, note = "-", CUDNN_NOTE
        if "HIP_UNSUPPORTED" in entry.tags:
            hip = "-"
        if hip == "-":
            flags.append("unsupported-hip")
        elif hip == cuda:
            hip = "="
        rows[family].append(
            Row(cuda=cuda, hip=hip, kind=kind_of(entry, cuda, family), flags=",".join(flags), note=note)
        )
    return Seeded(rows, read, dropped)


# --- HIP availability ------------------------------------------------------------------------------


def _strip_comments(text: str) -> str:
    return re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.S)


# HIP's NVIDIA-platform shims spell CUDA-backed names that AMD's HIP lacks: not evidence of support.
NVIDIA_DIRS = ("nvidia_detail", "nvcc_detail")


def header_tokens(directory: Path) -> set[str]:
    tokens: set[str] = set()
    for path in sorted(directory.rglob("*.h")):
        if any(part in NVIDIA_DIRS for part in path.parts):
            continue
        tokens.update(TOKEN_RE.findall(_strip_comments(path.read_text(encoding="utf-8", errors="replace"))))
    return tokens


def hip_include_version(directory: Path) -> str:
    path = directory / "hip_version.h"
    if not path.exists():
        return ""
    text = path.read_text(encoding="utf-8", errors="replace")
    major = re.search(r"#define\s+HIP_VERSION_MAJOR\s+(\d+)", text)
    minor = re.search(r"#define\s+HIP_VERSION_MINOR\s+(\d+)", text)
    return f"{major.group(1)}.{minor.group(1)}" if major and minor else ""


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def git_history(git_dir: Path, after: str) -> tuple[list[tuple[str, set[str]]], str]:
    """Per release (``rocm-X.Y.0`` tags newer than ``after``, oldest first) the tokens of include/hip."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(git_dir), *args], check=True, capture_output=True, text=True
        ).stdout

    head = git("rev-parse", "HEAD").strip()
    versions = []
    for tag in git("tag", "--list", "rocm-*.*.0").split():
        match = re.fullmatch(r"rocm-(\d+)\.(\d+)\.0", tag)
        if match and (not after or _version_key(f"{match[1]}.{match[2]}") > _version_key(after)):
            versions.append((f"{match[1]}.{match[2]}", tag))
    versions.sort(key=lambda v: _version_key(v[0]))
    history = []
    for version, tag in versions:
        files = [
            f
            for f in git("ls-tree", "-r", "--name-only", tag, "--", "include/hip").split()
            if f.endswith(".h") and not any(d in f for d in NVIDIA_DIRS)
        ]
        tokens: set[str] = set()
        for name in files:
            tokens.update(TOKEN_RE.findall(_strip_comments(git("show", f"{tag}:{name}"))))
        history.append((version, tokens))
    # The branch head (past the last release tag) tells "coming in the next release" from "never there".
    tokens = set()
    for name in git("ls-tree", "-r", "--name-only", "HEAD", "--", "include/hip").split():
        if name.endswith(".h") and not any(d in name for d in NVIDIA_DIRS):
            tokens.update(TOKEN_RE.findall(_strip_comments(git("show", f"HEAD:{name}"))))
    history.append(("develop", tokens))
    return history, head


# Families whose HIP names live in the HIP runtime headers (the library families live elsewhere).
HIP_CORE_FAMILIES = ("runtime", "driver", "types", "complex")


def date_rows(
    rows: dict[str, list[Row]], baseline: set[str], base_version: str, history: list[tuple[str, set[str]]]
) -> Counter[str]:
    """Set min_hip (or flag review) on seeded core rows whose HIP name the baseline headers lack."""
    stats: Counter[str] = Counter()
    for family in HIP_CORE_FAMILIES:
        out = []
        for row in rows[family]:
            name = row.cuda if row.hip == "=" else row.hip
            token = TOKEN_RE.match(name)
            if row.hip == "-" or not token or token.group(0) in baseline:
                out.append(row)
                continue
            name = token.group(0)
            first = next((v for v, toks in history if name in toks), "")
            released = [v for v, _ in history if v != "develop"]
            if first and first != "develop":
                stats[f"dated {first}"] += 1
                out.append(replace(row, min_hip=first))
            elif first == "develop":
                # On the development branch after the last release tag: real, version not yet known.
                stats["review (develop only)"] += 1
                note = f"{name} is on ROCm/HIP develop after rocm-{released[-1]}.0 only; check min_hip"
                out.append(replace(row, flags=_add_flag(row.flags, "review"), note=note))
            elif history:
                # torch's map spells a HIP name that no HIP release declares: report it unconverted.
                stats["unsupported (absent from HIP headers)"] += 1
                note = f"torch maps it to {name}, which HIP {base_version}..{released[-1]} headers lack"
                out.append(replace(row, hip="-", flags=_add_flag(row.flags, "unsupported-hip"), note=note))
            else:
                stats["review (absent from baseline)"] += 1
                note = f"{name} not found in HIP {base_version} headers"
                out.append(replace(row, flags=_add_flag(row.flags, "review"), note=note))
        rows[family] = out
    return stats


def _add_flag(flags: str, flag: str) -> str:
    parts = [f for f in flags.split(",") if f]
    if flag not in parts:
        parts.append(flag)
    return ",".join(parts)


# --- TSV input/output ------------------------------------------------------------------------------


def read_tsv(path: Path) -> list[Row]:
    """Rows of a table file (comments skipped, header checked)."""
    rows: list[Row] = []
    header_seen = False
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header_seen:
            if tuple(cells) != HEADER:
                raise ValueError(f"{path}:{lineno}: header must be {' '.join(HEADER)}")
            header_seen = True
            continue
        if len(cells) != len(HEADER):
            raise ValueError(f"{path}:{lineno}: expected {len(HEADER)} cells, got {len(cells)}")
        rows.append(Row(*cells))
    return rows


def render(family: str, rows: list[Row], header_lines: list[str]) -> str:
    lines = [f"# {line}" if line else "#" for line in header_lines]
    lines.append("\t".join(HEADER))
    for row in sorted(rows, key=lambda r: r.cuda):
        lines.append("\t".join(row.cells()))
    return "\n".join(lines) + "\n"


def seed(
    wheel: Path,
    out_dir: Path,
    hip_include: Path | None,
    hip_git: Path | None,
    today: str,
) -> dict[str, tuple[int, int]]:
    """Add the torch map's rows for names ``out_dir``'s family files lack (their rows win) and rewrite
    the files sorted; return {family: (added, kept)} counts."""
    mappings, constants, hipify_version, torch_version = read_wheel(wheel)
    entries, _ = load_entries(mappings, constants)
    seeded = classify(entries)

    base_version, baseline_note, history_note = "", "none", "none"
    dating: Counter[str] = Counter()
    if hip_include is not None and hip_include.is_dir():
        base_version = hip_include_version(hip_include)
        baseline = header_tokens(hip_include)
        baseline_note = f"{hip_include} (HIP {base_version})"
        history: list[tuple[str, set[str]]] = []
        if hip_git is not None:
            history, head = git_history(hip_git, base_version)
            history_note = f"ROCm/HIP git {head[:12]}, tags rocm-X.Y.0 after {base_version}"
        dating = date_rows(seeded.rows, baseline, base_version, history)

    ours: dict[str, list[Row]] = {}
    for family in FAMILIES:
        path = out_dir / f"{family}.tsv"
        ours[family] = read_tsv(path) if path.exists() else []
    our_names = {row.cuda for rows in ours.values() for row in rows}

    drop_text = "; ".join(f"{count} {why}" for why, count in sorted(seeded.dropped.items()))
    dated_text = ", ".join(f"{count} {what}" for what, count in sorted(dating.items())) or "none"
    out_dir.mkdir(parents=True, exist_ok=True)
    counts: dict[str, tuple[int, int]] = {}
    for family in FAMILIES:
        added = [r for r in seeded.rows[family] if r.cuda not in our_names]
        rows = added + ours[family]
        header = [
            f"gpuport mapping table: {family}. Edit the rows here; scripts/seed_tables.py only adds rows for",
            "names the tables lack (rows here win).",
            f"source: {wheel.name} (torch {torch_version}, hipify {hipify_version or '?'}), {MAPPINGS_PATH}",
            "read with ast as literal data; torch is never imported.",
            f"date: {today}",
            f"rows: {len(added)} added from torch by this run, {len(ours[family])} kept "
            "(seeded earlier, or from the CUDA, HIP and SYCL 2020 documentation and the HIP headers)",
            f"torch map: {seeded.read} entries read, dropped: {drop_text}",
            f"hip-include: {baseline_note}; hip-git: {history_note}; seeded rows dated/flagged: {dated_text}",
            "kind of seeded rows: from the map an entry sits in and its spelling (see seed_tables.py).",
        ]
        (out_dir / f"{family}.tsv").write_text(render(family, rows, header), encoding="utf-8")
        counts[family] = (len(added), len(ours[family]))
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel_pos", nargs="?", type=Path, help="torch wheel (same as --wheel)")
    parser.add_argument("--wheel", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument(
        "--hip-include",
        type=Path,
        default=DEFAULT_HIP_INCLUDE if DEFAULT_HIP_INCLUDE.is_dir() else None,
        help="installed HIP headers taken as the baseline version (default /usr/include/hip)",
    )
    parser.add_argument("--no-hip-include", action="store_true", help="skip the HIP header check")
    parser.add_argument("--hip-git", type=Path, default=None, help="ROCm/HIP git dir to date HIP names")
    parser.add_argument("--date", default=_dt.date.today().isoformat())
    args = parser.parse_args(argv)
    wheel = args.wheel or args.wheel_pos or DEFAULT_WHEEL
    hip_include = None if args.no_hip_include else args.hip_include
    counts = seed(wheel, args.out, hip_include, args.hip_git, args.date)
    for family, (n_added, n_kept) in counts.items():
        print(f"{family:20s} added {n_added:5d}  kept {n_kept:5d}  total {n_added + n_kept:5d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
