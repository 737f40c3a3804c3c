"""Every rule, in the order the engine runs them.

Order matters twice: an earlier rule's edits win an overlap, and a rule that handles a name claims it so
later rules (the generic rename, the unconverted report) leave it alone. So: structural and
version-specific rules first, then table renames, then reports.
"""

from __future__ import annotations

import functools
import inspect
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from ..options import Options
from .base import Rule
from .common.api_rename import ApiRename
from .common.c_keywords import CKeywords
from .common.cub_inplace_scan import CubInplaceScan
from .common.cuda_version import CudaVersion
from .common.encoding import NotUtf8
from .common.include_rewrite import IncludeRewrite
from .common.narrowing_init import NarrowingInit
from .common.paste_macro import PasteMacro
from .common.portability_ballot_32 import Ballot32
from .common.portability_dynamic_parallelism import DynamicParallelism
from .common.portability_inline_asm import InlineAsm
from .common.portability_lane_index import LaneIndex32
from .common.portability_mask_literal import WarpMaskLiteral
from .common.portability_shuffle_loop import ShuffleLoop16
from .common.portability_texture_ref import TextureReference
from .common.portability_warp_array import WarpArray32
from .common.portability_warp_index import WarpIndex32
from .common.register_storage import RegisterStorage
from .common.renamed_include import RenamedInclude
from .common.syntax_error import SyntaxErrorRegion
from .common.unconverted import Unconverted
from .hip.asm_bit_idioms import AsmBitIdioms
from .hip.asm_special_registers import AsmSpecialRegisters
from .hip.builtin_minmax import BuiltinMinMax
from .hip.builtin_redefinition import BuiltinRedefinition
from .hip.cache_hint_loads import CacheHintLoads
from .hip.call_arity import CallArity
from .hip.complex_operators import ComplexOperators
from .hip.coop_groups_include import CoopGroupsInclude
from .hip.coop_groups_reduce import CoopGroupsReduce
from .hip.cublas_legacy import CublasLegacy
from .hip.cublas_math_mode import CublasMathMode
from .hip.cuda_arch import CudaArch
from .hip.cuda_functional import CudaFunctional
from .hip.device_prop_members import DevicePropMembers
from .hip.dim3_brace_init import Dim3BraceInit
from .hip.drv_error_string import DrvErrorStringLegacy
from .hip.graph_instantiate import GraphInstantiate
from .hip.half2_members import Half2Members
from .hip.hipdnn_not_in_rocm import HipdnnNotInRocm
from .hip.hiprtc_include import HiprtcInclude
from .hip.hipsolver_blas_enums import HipsolverBlasEnums
from .hip.host_malloc_flags import HostMallocFlags
from .hip.launch_braced_dim3 import LaunchBracedDim3
from .hip.launch_ggl import LaunchGGL
from .hip.launch_spaced_chevrons import LaunchSpacedChevrons
from .hip.mem_prefetch_location import MemPrefetchLocation
from .hip.meta_group import MetaGroup
from .hip.min_version import NeedsNewerHip
from .hip.pointer_arg_cast import PointerArgCast
from .hip.portable_intrinsics import PortableIntrinsics
from .hip.printf_builtin_args import PrintfBuiltinArgs
from .hip.runtime_include import RuntimeInclude
from .hip.specialization_targets import SpecializationTargets
from .hip.symbol_arg import SymbolArg
from .hip.thrust_system import ThrustSystem
from .hip.unavailable_case import UnavailableCase
from .hip.warp_mask_64 import WarpMask64
from .hip.warp_reduce_sync import WarpReduceSync
from .hip.warp_sync_legacy import WarpSyncLegacy

# Rule packs register their rules here; see rules/sycl/__init__.py for the SYCL pack's list (imported
# when first wanted: a HIP translation does not pay for loading the SYCL pack, a tenth of a second that
# every run spends on one core before it can fan out).
HIP_FIRST: list[type[Rule]] = [
    LaunchBracedDim3,
    Dim3BraceInit,
    LaunchGGL,
    LaunchSpacedChevrons,
    PointerArgCast,
    PrintfBuiltinArgs,
    PortableIntrinsics,
    WarpSyncLegacy,
    WarpMask64,
    WarpReduceSync,
    AsmSpecialRegisters,
    AsmBitIdioms,
    CoopGroupsReduce,
    CudaFunctional,
    ThrustSystem,
    CublasMathMode,
    MemPrefetchLocation,
    SymbolArg,
    HostMallocFlags,
    GraphInstantiate,
    DrvErrorStringLegacy,
    CallArity,
    CublasLegacy,
    Half2Members,
    CudaArch,
    MetaGroup,
    UnavailableCase,
    DevicePropMembers,
    ComplexOperators,
    CacheHintLoads,
    NeedsNewerHip,
    CoopGroupsInclude,
    RuntimeInclude,
    HiprtcInclude,
    HipsolverBlasEnums,
    BuiltinRedefinition,
    BuiltinMinMax,
    SpecializationTargets,
]
PORTABILITY: list[type[Rule]] = [
    WarpMaskLiteral,
    LaneIndex32,
    WarpIndex32,
    WarpArray32,
    ShuffleLoop16,
    Ballot32,
    InlineAsm,
    TextureReference,
    DynamicParallelism,
]


def sycl_rules() -> list[type[Rule]]:
    from .sycl import SYCL_RULES

    return SYCL_RULES


def _sycl_project_options(contents: dict[str, bytes], options: Options) -> dict[str, Options]:
    from .sycl.project_kernels import project_options

    return project_options(contents, options)


COMMON: list[type[Rule]] = [
    PasteMacro,
    CudaVersion,
    RenamedInclude,
    IncludeRewrite,
    NarrowingInit,
    RegisterStorage,
    CKeywords,
    CubInplaceScan,
    ApiRename,
]
LAST: list[type[Rule]] = [NotUtf8, SyntaxErrorRegion, HipdnnNotInRocm, Unconverted]


# Whole-tree passes, by target: given every C/C++ file of a tree (relative path -> bytes) and the options,
# the options each file translates with when it depends on other files (SYCL: device globals and device
# functions shared across files). The tree driver runs the target's pass, if it has one, before
# translating; it knows no target's rules itself.
ProjectPass = Callable[[dict[str, bytes], Options], dict[str, Options]]
PROJECT_PASSES: dict[str, ProjectPass] = {"sycl": _sycl_project_options}


def all_rules() -> list[type[Rule]]:
    return [*HIP_FIRST, *sycl_rules(), *PORTABILITY, *COMMON, *LAST]


@functools.cache
def rules_for(target: str) -> tuple[Rule, ...]:
    # Rules keep no state between files (each run sees only its RuleContext): one instance per process.
    # The SYCL pack's rules are SYCL's alone (tests/test_layers.py checks), so other targets skip it.
    classes = all_rules() if target == "sycl" else [*HIP_FIRST, *PORTABILITY, *COMMON, *LAST]
    return tuple(cls() for cls in classes if target in cls.targets)


@functools.cache
def trigger_words(target: str) -> tuple[tuple[bytes, bytes | None], ...]:
    """The distinct trigger words of the target's rules, each with its longest identifier-shaped piece
    (the whole word when it is one; None when it has none, like `<<<`)."""
    words = sorted({w for rule in rules_for(target) for w in rule.triggers})
    return tuple((w, max(re.findall(rb"[A-Za-z_0-9]+", w), key=len, default=None)) for w in words)


class Documented(Protocol):
    """What `gpuport rules` and the HTML report need of a code: rule classes and build-file codes alike."""

    @property
    def code(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def targets(self) -> frozenset[str]: ...

    def doc(self) -> str: ...


def by_code() -> dict[str, Documented]:
    """Every documented diagnostic code: the source rules and the build-file codes (GP4xx)."""
    from ..buildsys.codes import CODES  # build-file migration documents its findings the same way

    table: dict[str, Documented] = {cls.code: cls for cls in all_rules()}
    table.update(CODES)
    return table


def module_of(code: str) -> tuple[str, Path] | None:
    """The module that implements a code, as (dotted name, source file): the rule's own module, or for a
    build-file code (GP4xx) the module that documents it (buildsys/codes.py, whose constant the CMake and
    Makefile migrations report). None for an unknown code."""
    item = by_code().get(code)
    if item is None:
        return None
    module = sys.modules[item.__module__]  # a rule class's module; a BuildCode's is codes.py
    return module.__name__, Path(inspect.getfile(module)).resolve()
