"""`gpuport doctor`: what this machine can verify, for which targets and levels, and why not the rest."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..dataset import isolation, toolchains


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "doctor",
        help="show the toolchains and hardware found, and which verification levels they allow",
        description="Detect nvcc, hipcc, the SYCL headers, acpp, icpx, cuobjdump and GPUs (with versions) and "
        "say which verification levels `gpuport build` can reach here for each target, and why not the others.",
    )
    p.add_argument("--json", action="store_true", help="print the findings as JSON")
    p.set_defaults(run=run)


def _level(ok: bool, how: str, why_not: str) -> dict[str, Any]:
    return {"possible": ok, "how": how if ok else None, "why_not": None if ok else why_not}


def assess() -> dict[str, Any]:
    """Per target and level: possible or not, and how / why not. Shares its rules with dataset.build."""
    nvcc, hipcc = toolchains.nvcc(), toolchains.hipcc()
    sycl, acpp, icpx = toolchains.sycl_headers(), toolchains.acpp(), toolchains.icpx()
    cuobjdump = toolchains.cuobjdump()
    gpus = toolchains.nvidia_gpus()
    gpu_name = gpus[0].label() if gpus else None
    no_gpu = "no NVIDIA GPU (nvidia-smi finds none)"
    can_run_cuda = nvcc.usable and bool(gpus)
    run_why = no_gpu if nvcc.usable else f"{nvcc.why_not}"

    hip_compile = []
    if hipcc.usable:
        hip_compile.append(f"{hipcc.label()} (clang {hipcc.details.get('clang')}) for gfx90a, gfx1030")
    if can_run_cuda:
        hip_compile.append(f"{nvcc.label()} through gpuport's HIP-on-CUDA headers")
    sycl_compile = []
    if sycl.usable:
        sycl_compile.append(f"g++ -fsyntax-only type-check with intel-sycl-rt {sycl.version} headers")
    if acpp.usable:
        sycl_compile.append(f"{acpp.label()} (CPU, OpenMP)")
    sycl_run = acpp.usable
    levels = {
        "cuda-original": {
            "compiles": _level(nvcc.usable, f"{nvcc.label()} sm_90", nvcc.why_not or ""),
            "runs": _level(can_run_cuda, f"on {gpu_name}", run_why),
            "sass": _level(cuobjdump.usable, cuobjdump.label(), cuobjdump.why_not or ""),
        },
        "hip": {
            "translated": _level(True, "gpuport rules", ""),
            "compiles": _level(bool(hip_compile), "; ".join(hip_compile), hipcc.why_not or ""),
            "runs-equal": _level(
                can_run_cuda, f"HIP-on-CUDA binary vs the CUDA original on {gpu_name}", run_why
            ),
            "perf-measured": _level(can_run_cuda, f"median TIME_MS ratio on {gpu_name}", run_why),
            "amd-isa": _level(
                hipcc.usable, "hipcc --cuda-device-only -S --offload-arch=gfx90a", hipcc.why_not or ""
            ),
        },
        "sycl": {
            "translated": _level(True, "gpuport rules", ""),
            "compiles": _level(
                bool(sycl_compile), "; ".join(sycl_compile), f"{sycl.why_not}; {acpp.why_not}; {icpx.why_not}"
            ),
            "runs-equal": _level(
                sycl_run,
                "acpp CPU run compared with the CUDA results "
                + (
                    "of this build's GPU run"
                    if can_run_cuda
                    else "stored by a GPU build, else the self-check"
                ),
                f"{acpp.why_not} (icpx runs are not wired in yet)",
            ),
            "perf-measured": _level(
                False, "", "SYCL runs on the CPU here, the original on a GPU: a time ratio would mean nothing"
            ),
        },
    }
    iso_ok, iso_how = isolation.availability()
    return {
        "isolation": {"available": iso_ok, "how" if iso_ok else "why_not": iso_how},
        "toolchains": {k: v.to_dict() for k, v in toolchains.all_toolchains().items()},
        "gpus": [g.label() for g in gpus + toolchains.amd_gpus()],
        "levels": levels,
    }


def run(args: argparse.Namespace) -> int:
    data = assess()
    if args.json:
        json.dump(data, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console()
    tools = Table(title="toolchains")
    for col in ("tool", "version", "usable", "path / why not"):
        tools.add_column(col, overflow="fold")
    for t in data["toolchains"].values():
        tools.add_row(
            t["name"],
            t["version"] or "",
            "yes" if t["usable"] else "no",
            t["path"] if t["usable"] else (t["why_not"] or ""),
        )
    console.print(tools)
    console.print("GPUs: " + (", ".join(data["gpus"]) or "none"))
    iso = data["isolation"]
    if iso["available"]:
        console.print(f"isolation: {iso['how']}", soft_wrap=True)
    else:
        console.print(
            f"isolation: not available ({iso['why_not']}); `gpuport build` compiles and runs tasks only "
            "with --trust-tasks",
            soft_wrap=True,
        )
    levels = Table(title="what `gpuport build` can verify here")
    for col in ("target", "level", "possible", "how / why not"):
        levels.add_column(col, overflow="fold")
    for target, items in data["levels"].items():
        for level, info in items.items():
            levels.add_row(
                target,
                level,
                "yes" if info["possible"] else "no",
                info["how"] if info["possible"] else info["why_not"],
            )
    console.print(levels)
    return 0
