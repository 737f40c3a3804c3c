"""The CUDA -> SYCL 2020 rule pack (GP201-GP259): standard SYCL only, no dpct/syclcompat helpers.

Conventions every SYCL rule follows (other packs building on this one keep them):
- `#include <sycl/sycl.hpp>` and, once per file, an inline `gpuport_queue()` returning one program-wide
  in-order, profiling queue (CUDA's default stream); a `cudaStream_t` is a `sycl::queue *`.
- CUDA x/y/z are SYCL dimensions 2/1/0 of 3-D ranges; `dim3` values are `sycl::range<3>`.
- Kernels are plain functions taking `const sycl::nd_item<3> &item` after their own parameters, then
  shared-memory pointers, then device-global pointers; launches are `parallel_for` over an `nd_range<3>`.
- `cudaError_t` is `int`, success `0`; SYCL errors are exceptions.
Order matters: rules that replace whole expressions (launch, dim3) run before the rules that translate
names inside them (indices), whose edits would otherwise overlap.
"""

from __future__ import annotations

from ..base import Rule
from .api_alias import ApiAlias
from .atomics import Atomics
from .barriers import Barriers
from .bit_intrinsics import BitIntrinsics
from .builtin_assume import BuiltinAssume
from .builtin_index import BuiltinIndex
from .c_as_cpp import CAsCpp
from .coop_groups import CoopGroups
from .cuda_compiler import CudaCompiler
from .device_globals import DeviceGlobals
from .device_item import DeviceFunctionItem
from .device_properties import DeviceProperties
from .device_queries import DeviceQueries
from .dim3_range import Dim3Range
from .error_api import ErrorApi
from .events import Events
from .gl_interop import GlInterop
from .half_helpers import HalfHelpers
from .half_precision import HalfPrecision
from .host_callbacks import HostCallbacks
from .host_math import HostMath
from .host_printf import Printf
from .item_name import ItemName
from .kernel_launch import KernelLaunch
from .kernel_pointers import KernelPointers
from .kernel_signature import KernelSignature
from .launch_config import LaunchConfig
from .lib_complex import LibComplex
from .lib_cub import LibCub
from .lib_cublas import LibCublas
from .lib_cufft import LibCufft
from .lib_curand import LibCurand
from .lib_pipeline import LibPipeline
from .lib_thrust import LibThrust
from .lib_wmma import LibWmma
from .low_precision import LowPrecision
from .mapped_host import MappedHost
from .math_args import MathArgTypes
from .math_constants import MathConstants
from .memory_api import MemoryApi
from .memory_hints import MemoryHints
from .pitched_memory import PitchedMemory
from .prelude import SyclPrelude
from .ptx_lane import PtxLaneRegisters
from .qualifiers import FunctionQualifiers
from .rounding_intrinsics import RoundingIntrinsics
from .shadowed_names import ShadowedNames
from .shared_memory import SharedMemory
from .std_math import StdMath
from .streams import Streams
from .texture_fetch import TextureFetch
from .texture_objects import TextureObjects
from .vector_types import VectorTypes
from .warp_block_reduce import BlockReduceWarps
from .warp_lane import WarpLaneIndex
from .warp_match import WarpMatch
from .warp_reduce import WarpReduceLoop
from .warp_reduce_sync import WarpReduceSync
from .warp_scan import WarpScanLoop
from .warp_shuffle import WarpShuffle
from .warp_smem_tail import WarpSmemTail
from .warp_vote import WarpVote

SYCL_RULES: list[type[Rule]] = [
    ApiAlias,
    SyclPrelude,
    CAsCpp,
    CudaCompiler,
    HostMath,
    LibCub,
    LibCublas,
    LibCurand,
    LibComplex,
    LibCufft,
    LibThrust,
    LibWmma,
    LibPipeline,
    MathConstants,
    LowPrecision,
    GlInterop,
    DeviceGlobals,
    KernelSignature,
    KernelPointers,
    KernelLaunch,
    LaunchConfig,
    Dim3Range,
    SharedMemory,
    WarpSmemTail,
    BlockReduceWarps,
    DeviceFunctionItem,
    WarpReduceLoop,
    WarpScanLoop,
    WarpVote,
    WarpLaneIndex,
    WarpShuffle,
    CoopGroups,
    WarpReduceSync,
    WarpMatch,
    PtxLaneRegisters,
    VectorTypes,
    HalfPrecision,
    HalfHelpers,
    Atomics,
    Barriers,
    TextureObjects,
    TextureFetch,
    PitchedMemory,
    MemoryHints,
    BuiltinAssume,
    MappedHost,
    MemoryApi,
    ErrorApi,
    Events,
    Streams,
    DeviceQueries,
    DeviceProperties,
    HostCallbacks,
    BuiltinIndex,
    FunctionQualifiers,
    Printf,
    BitIntrinsics,
    RoundingIntrinsics,
    MathArgTypes,
    StdMath,
    ShadowedNames,
    ItemName,
]
