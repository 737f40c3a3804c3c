"""Run the verification pipeline on a Ray cluster, routing each stage to a node that has what it needs.

The local pipeline (`build.run_task`) runs every stage of a task in one process over one scratch folder.
On a cluster the stages of a task need different machines, so `RayExecutor` splits a task into Ray tasks:

| stage | Ray resources | what it does |
| --- | --- | --- |
| translate | 1 CPU | `translate_stage`; ships the translated tree back as bytes |
| cuda | `nvcc` | `compile_cuda_stage` of the original (SASS when cuobjdump is there) |
| hip-amd | `hipcc` | `compile_hip_amd_stage` for every AMD arch |
| hip-gpu | `nvidia_gpu` | compiles the original and the HIP-on-CUDA translation there, runs both, compares |
| sycl-typecheck | `sycl` | g++ against the DPC++ headers |
| sycl-acpp | `acpp` | AdaptiveCpp build for the CPU, then runs it (compared with the HIP GPU stage's reference) |

Nodes advertise these as custom resources (`ray start --resources='{"hipcc": 1}'`); a stage requests one
unit, so Ray places it only on such a node and runs as many at once as the node advertises units. Nodes
share no filesystem: the task folder travels as bytes (one object per task in the object store), and
every stage works in its own scratch folder on its node. Compiled binaries do not travel: a run happens
on the node that compiled it (AMD GPU runs have no stage yet: the pipeline has no AMD run path).

Every stage runs with the *node's* toolchains (detected there, once per worker process), not the
driver's; the driver's picture of the cluster (`cluster_machine`) is the union of what the nodes holding
each resource report, and is what the store records as the pair's machine and capabilities.

Results stream back (`ray.wait`) and are assembled by the driver into the same `PairResult` the local
path builds (the same level rules as `build._run_pair`), so the one store is written only by the driver,
one transaction per pair. Each stage adds a `placement` evidence row: node id, IP, hostname, pid, the
resources it was given and the custom resources its node advertises.

Retries: Ray's `max_retries` covers lost workers and nodes; a stage whose compiler or program was killed in
a way that looks like the node's fault (out of memory, SIGKILL, SIGBUS) is re-run in place up to
`app_retries` times, and the attempts are recorded in its placement evidence.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import re
import shutil
import socket
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from . import isolation, sandbox, toolchains
from .build import (
    BuildOptions,
    Compiled,
    Machine,
    PairJob,
    Translated,
    _empty_result,
    _run_and_compare,
    compile_cuda_stage,
    compile_hip_amd_stage,
    compile_hip_nvidia_stage,
    compile_sycl_stage,
    judge_left,
    left_in_build,
    record_compiles,
    record_translation,
    run_task,
    translate_stage,
)
from .store import Evidence, PairResult

T = TypeVar("T")
R = TypeVar("R")

# The custom resources a node may advertise, and what each stands for.
RESOURCES: dict[str, str] = {
    "nvcc": "CUDA toolkit (nvcc) for the originals",
    "hipcc": "hipcc for AMD targets",
    "sycl": "SYCL type-check (g++ + DPC++ headers) or icpx",
    "acpp": "AdaptiveCpp (SYCL runs on the CPU)",
    "nvidia_gpu": "an NVIDIA GPU with nvcc (runs of the original and the HIP-on-CUDA translation)",
    "amd_gpu": "an AMD GPU with ROCm (reserved: the pipeline has no AMD run stage yet)",
}
# Sandbox reasons that say more about the node than about the program (a compile that hit a memory
# limit on a crowded node, an OOM-killer SIGKILL): worth running again, a bounded number of times.
TRANSIENT_REASONS = ("oom", "signal:SIGKILL", "signal:SIGBUS")
_REASON_RE = re.compile(r"^# rc=-?\d+ reason=(\S+)", re.MULTILINE)


# ---------------------------------------------------------------- what travels between driver and nodes


@dataclass(frozen=True)
class NodeConfig:
    """How stages run on a node: directly, or each toolchain inside its container image."""

    runner: str = "local"  # "local" | "docker"
    images: tuple[tuple[str, str], ...] = ()  # (toolchain, image) pairs for the docker runner; hashable
    app_retries: int = 1


@dataclass
class StageOut:
    stage: str
    placement: dict[str, Any]
    translated: Translated | None = None
    tree: bytes | None = None  # the translated tree (tar), for the stages that compile it
    compiled: list[Compiled] = field(default_factory=list)  # binaries dropped: they stay on the node
    run: dict[str, Any] | None = None  # what a run stage added to the pair (see _run_fields)
    reference: tuple[dict[str, list[str]], str] | None = None  # the original's GPU results, hardware
    # A compile stage's verdict on the CUDA names left in the build (build.left_in_build), when it ran.
    left: tuple[set[str] | None, list[Evidence]] | None = None


def pack_dir(root: Path) -> bytes:
    """A folder as an uncompressed tar (sources are small; the object store moves bytes)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for p in sorted(Path(root).rglob("*")):
            if p.is_file():
                tar.add(p, arcname=p.relative_to(root).as_posix(), recursive=False)
    return buf.getvalue()


def unpack_dir(data: bytes, dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r") as tar:
        tar.extractall(dest, filter="data")  # the data filter refuses absolute paths and `..`
    return dest


# ---------------------------------------------------------------- on the node


_NODE_MACHINE: dict[NodeConfig, Machine] = {}


def node_machine(config: NodeConfig) -> Machine:
    """This node's toolchains (cached per worker process): directly, or through container shims."""
    if config not in _NODE_MACHINE:
        if config.runner == "docker":
            from .docker_runner import containerized_machine

            _NODE_MACHINE[config] = containerized_machine(dict(config.images))
        else:
            _NODE_MACHINE[config] = Machine.detect()
    return _NODE_MACHINE[config]


def placement(stage: str) -> dict[str, Any]:
    """Where this stage runs: node id, address, host, and the resources it holds and its node offers."""
    import ray

    ctx = ray.get_runtime_context()
    # Ray leaves these unannotated; typed names keep mypy's untyped-call check quiet without an ignore.
    nodes: Callable[[], list[dict[str, Any]]] = ray.nodes
    node_ip: Callable[[], str] = ray.util.get_node_ip_address
    assigned: Callable[[], dict[str, Any]] = ctx.get_assigned_resources
    node_id = ctx.get_node_id()
    node: dict[str, Any] = next((n for n in nodes() if n.get("NodeID") == node_id), {})
    offered = {
        k: v for k, v in (node.get("Resources") or {}).items() if k in RESOURCES or k in ("CPU", "GPU")
    }
    return {
        "stage": stage,
        "node_id": node_id,
        "node_ip": node.get("NodeManagerAddress") or node_ip(),
        "hostname": socket.gethostname(),
        "pid": os.getpid(),
        "assigned_resources": assigned(),
        "node_resources": offered,
    }


def _transient(compiled: list[Compiled]) -> str | None:
    for c in compiled:
        for ev in c.evidence:
            if ev.ok:
                continue
            m = _REASON_RE.search(ev.content)
            if m and m.group(1) in TRANSIENT_REASONS:
                return m.group(1)
    return None


def _local_job(
    job: PairJob, task_tar: bytes, config: NodeConfig, scratch: Path, **machine_edits: Any
) -> PairJob:
    """The job as this node sees it: the task folder unpacked here, this node's toolchains."""
    task_dir = unpack_dir(task_tar, scratch / "task")
    machine = node_machine(config)
    if machine_edits:
        machine = dataclasses.replace(machine, **machine_edits)
    return dataclasses.replace(
        job,
        task=dataclasses.replace(job.task, path=task_dir),
        workdir=str(scratch / "work"),
        machine=machine,
        lock_dir=str(Path(tempfile.gettempdir()) / "gpuport-gpu-locks"),  # shared by this node's workers
    )


def _local_translation(tr: StageOut, job: PairJob) -> Translated:
    """The translation unpacked into this node's scratch folder, with paths pointing there."""
    assert tr.translated is not None and tr.tree is not None
    src = unpack_dir(tr.tree, Path(job.workdir) / job.target / "src")
    old = tr.translated
    sources = [src / p.relative_to(old.src_dir) for p in old.sources]
    return dataclasses.replace(old, src_dir=src, sources=sources)


def _strip(compiled: list[Compiled]) -> list[Compiled]:
    return [dataclasses.replace(c, binary=None) for c in compiled]


def _with_retries(
    stage: str, config: NodeConfig, body: Callable[[Path], StageOut], options: BuildOptions
) -> StageOut:
    """Run a stage body in a fresh scratch folder, again (bounded) when it failed in a transient way.

    Its compiles and runs are confined to that folder by bubblewrap, as in the local pipeline (run_task),
    when the build asked for it; a node without bubblewrap refuses the stage."""
    attempts: list[str] = []
    while True:
        scratch = Path(tempfile.mkdtemp(prefix=f"gpuport-ray-{stage}-"))
        try:
            iso = None
            if options.isolation == "bwrap" and options.wants("compiles"):
                iso = isolation.for_job(scratch)
                if iso is None:
                    raise RuntimeError(
                        f"bubblewrap is not usable on this node: {isolation.availability()[1]}"
                    )
            with sandbox.confined(iso):
                out = body(scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        why = _transient(out.compiled)
        if why is None or len(attempts) >= config.app_retries:
            break
        attempts.append(why)
        time.sleep(1.0 + len(attempts))  # let the node's memory pressure pass
    out.placement = {**placement(stage), "retried_after": attempts}
    return out


def translate_remote(job: PairJob, task_tar: bytes, config: NodeConfig) -> StageOut:
    def body(scratch: Path) -> StageOut:
        local = _local_job(job, task_tar, config, scratch)
        tr = translate_stage(local)
        return StageOut("translate", {}, translated=tr, tree=pack_dir(tr.src_dir))

    return _with_retries("translate", config, body, job.options)


def cuda_remote(job: PairJob, task_tar: bytes, config: NodeConfig) -> StageOut:
    def body(scratch: Path) -> StageOut:
        local = _local_job(job, task_tar, config, scratch)
        Path(local.workdir).mkdir(parents=True, exist_ok=True)
        return StageOut("cuda", {}, compiled=_strip([compile_cuda_stage(local)]))

    return _with_retries("cuda", config, body, job.options)


def _with_left(out: StageOut, job: PairJob, tr: Translated) -> StageOut:
    """On the node that compiled: whether the CUDA names left reach the compiler (build.judge_left)."""
    if tr.ok_but_left and any(c.ok for c in out.compiled):
        out.left = left_in_build(job, tr)
    return out


def hip_amd_remote(job: PairJob, task_tar: bytes, config: NodeConfig, tr: StageOut) -> StageOut:
    def body(scratch: Path) -> StageOut:
        local = _local_job(job, task_tar, config, scratch)
        ltr = _local_translation(tr, local)
        return _with_left(
            StageOut("hip-amd", {}, compiled=_strip(compile_hip_amd_stage(local, ltr))), local, ltr
        )

    return _with_retries("hip-amd", config, body, job.options)


def sycl_typecheck_remote(job: PairJob, task_tar: bytes, config: NodeConfig, tr: StageOut) -> StageOut:
    off = toolchains.Toolchain("acpp", None, None, False, "acpp runs in its own stage")

    def body(scratch: Path) -> StageOut:
        local = _local_job(job, task_tar, config, scratch, acpp=off)
        ltr = _local_translation(tr, local)
        return _with_left(
            StageOut("sycl-typecheck", {}, compiled=_strip(compile_sycl_stage(local, ltr))), local, ltr
        )

    return _with_retries("sycl-typecheck", config, body, job.options)


def _run_fields(res: PairResult) -> dict[str, Any]:
    return {
        "level": res.level,
        "runs": res.runs,
        "evidence": res.evidence,
        "notes": res.notes,
        "runs_on": res.runs_on,
        "compare_basis": res.compare_basis,
        "original_ms": res.original_ms,
        "translated_ms": res.translated_ms,
        "time_ratio": res.time_ratio,
    }


def hip_gpu_remote(job: PairJob, task_tar: bytes, config: NodeConfig, tr: StageOut) -> StageOut:
    """On an NVIDIA GPU node: the original and the HIP-on-CUDA translation compiled and run here."""

    def body(scratch: Path) -> StageOut:
        local = _local_job(job, task_tar, config, scratch)
        Path(local.workdir).mkdir(parents=True, exist_ok=True)
        ltr = _local_translation(tr, local)
        nv = compile_hip_nvidia_stage(local, ltr)
        out = StageOut("hip-gpu", {}, compiled=_strip([nv]))
        if not (ltr.ok and nv.ok and local.options.wants("runs-equal")):
            return out
        original = compile_cuda_stage(local)
        res = _empty_result(local)
        res.level = "compiles"
        shared: dict[str, Any] = {}
        _run_and_compare(local, res, original, nv, shared)
        out.run = _run_fields(res)
        if "reference" in shared:
            out.reference = (shared["reference"], shared["hardware"])
        return out

    return _with_retries("hip-gpu", config, body, job.options)


def sycl_acpp_remote(
    job: PairJob, task_tar: bytes, config: NodeConfig, tr: StageOut, gpu: StageOut | None
) -> StageOut:
    """AdaptiveCpp build for the CPU and, when the pair wants runs, its runs compared with a reference."""
    off = toolchains.Toolchain("sycl-headers", None, None, False, "the type-check runs in its own stage")

    def body(scratch: Path) -> StageOut:
        local = _local_job(job, task_tar, config, scratch, sycl_headers=off)
        ltr = _local_translation(tr, local)
        compiled = compile_sycl_stage(local, ltr)
        out = StageOut("sycl-acpp", {}, compiled=_strip(compiled))
        binary = next((c for c in compiled if c.ok and c.binary is not None), None)
        if binary is None or not ltr.ok or not local.options.wants("runs-equal"):
            return out
        shared: dict[str, Any] = {}
        if gpu is not None and gpu.reference is not None:
            shared["reference"], shared["hardware"] = gpu.reference
        res = _empty_result(local)
        res.level = "compiles"
        _run_and_compare(local, res, None, binary, shared)
        out.run = _run_fields(res)
        return out

    return _with_retries("sycl-acpp", config, body, job.options)


def detect_remote(config: NodeConfig) -> tuple[dict[str, Any], Machine]:
    return placement("detect"), node_machine(config)


# ---------------------------------------------------------------- assembling a pair in the driver


def _placement_evidence(out: StageOut) -> Evidence:
    p = out.placement
    return Evidence(
        "placement", "json", f"{out.stage} ran on {p.get('hostname')} ({p.get('node_ip')})", json.dumps(p)
    )


def assemble(job: PairJob, outs: dict[str, StageOut], start: float) -> PairResult:
    """The pair's result from its stage outcomes, by the same rules as `build._run_pair`."""
    res = _empty_result(job)
    o, m = job.options, job.machine
    t = outs["translate"]
    tr = t.translated
    assert tr is not None
    res.evidence += [*tr.evidence, _placement_evidence(t)]
    record_translation(res, job, tr)
    if not o.wants("compiles"):
        res.elapsed_s = time.monotonic() - start
        return res
    if "cuda" in outs:
        for c in outs["cuda"].compiled:
            res.evidence += c.evidence
        res.evidence.append(_placement_evidence(outs["cuda"]))
    stages = ("hip-amd", "hip-gpu") if job.target == "hip" else ("sycl-typecheck", "sycl-acpp")
    compiled: list[Compiled] = []
    for name in stages:
        if name in outs:
            compiled += outs[name].compiled
            res.evidence.append(_placement_evidence(outs[name]))
    if job.target == "hip" and not m.hipcc.usable and not compiled:
        res.notes.append(f"hip not compiled: {m.hipcc.why_not}")
    if job.target == "sycl" and not compiled:
        res.notes.append(f"sycl not compiled: {m.sycl_headers.why_not}; {m.acpp.why_not}")
    record_compiles(res, tr, compiled)
    judged = next((outs[n].left for n in stages if n in outs and outs[n].left is not None), None)
    if judged is not None and res.compiles_on:
        judge_left(job, res, tr, judged)
    if not o.wants("runs-equal") or res.level != "compiles":
        res.elapsed_s = time.monotonic() - start
        return res
    run_out = outs.get("hip-gpu" if job.target == "hip" else "sycl-acpp")
    run = run_out.run if run_out is not None else None
    if run is None:
        res.notes.append(
            "no runnable translation on this cluster (needs an nvidia_gpu node for HIP, acpp for SYCL)"
        )
    else:
        res.level = run["level"]
        res.runs += run["runs"]
        res.evidence += run["evidence"]
        res.notes += run["notes"]
        for k in ("runs_on", "compare_basis", "original_ms", "translated_ms", "time_ratio"):
            setattr(res, k, run[k])
    res.elapsed_s = time.monotonic() - start
    return res


# ---------------------------------------------------------------- the executor


def _unusable(name: str, resource: str) -> toolchains.Toolchain:
    return toolchains.Toolchain(
        name, None, None, False, f"no node of the Ray cluster advertises the {resource!r} resource"
    )


class RayExecutor:
    """The `Executor` of `build.build` on a Ray cluster (`address`: "auto", "host:port" or "ray://...").

    `map_unordered(build.run_task, groups)` runs each task as routed stages (module docstring); any other
    function runs whole as one Ray task per item, on any node.
    """

    def __init__(
        self,
        address: str | None = "auto",
        *,
        max_retries: int = 2,
        app_retries: int = 1,
        max_in_flight: int = 64,
        runner: str = "local",
        images: dict[str, str] | None = None,
        init_kwargs: dict[str, Any] | None = None,
    ) -> None:
        import ray

        self.ray = ray
        self.max_retries = max_retries
        self.max_in_flight = max(1, max_in_flight)
        self.config = NodeConfig(runner, tuple(sorted((images or {}).items())), app_retries)
        if not ray.is_initialized():
            # Workers import gpuport from their own environment; logs stay on the nodes.
            ray.init(address=address, log_to_driver=False, **(init_kwargs or {}))
        self._owns_ray = True
        self._machine: Machine | None = None

    # -- the cluster as one machine

    def resources(self) -> dict[str, float]:
        """The custom resources the cluster offers (totals over its nodes)."""
        # ray.cluster_resources is unannotated; the typed name says what it returns.
        cluster_resources: Callable[[], dict[str, float]] = self.ray.cluster_resources
        total = cluster_resources()
        return {k: v for k, v in total.items() if k in RESOURCES}

    def cluster_machine(self) -> Machine:
        """Each toolchain as detected on a node that advertises its resource; missing ones say why."""
        if self._machine is not None:
            return self._machine
        have = self.resources()
        found: dict[str, Machine] = {}
        refs = {}
        detect = self.ray.remote(detect_remote)
        for res_name in have:
            # A sliver of the resource: lands on such a node without waiting for a free unit.
            refs[res_name] = detect.options(num_cpus=0, resources={res_name: 0.001}).remote(self.config)
        for res_name, ref in refs.items():
            found[res_name] = self.ray.get(ref)[1]

        def pick(res_name: str, attr: str, name: str) -> toolchains.Toolchain:
            m = found.get(res_name)
            return getattr(m, attr) if m is not None else _unusable(name, res_name)

        gpu_node = found.get("nvidia_gpu")
        self._machine = Machine(
            nvcc=pick("nvcc", "nvcc", "nvcc"),
            hipcc=pick("hipcc", "hipcc", "hipcc"),
            sycl_headers=pick("sycl", "sycl_headers", "sycl-headers"),
            acpp=pick("acpp", "acpp", "acpp"),
            icpx=pick("sycl", "icpx", "icpx"),
            cuobjdump=pick("nvcc", "cuobjdump", "cuobjdump"),
            gpus=gpu_node.gpus if gpu_node is not None else (),
        )
        return self._machine

    # -- Executor

    def map_unordered(
        self, fn: Callable[[T], R], items: Iterable[T]
    ) -> Iterator[tuple[T, R | BaseException]]:
        if fn is run_task:
            yield from self._staged(items)  # type: ignore[arg-type,misc]
            return
        remote = self.ray.remote(fn).options(max_retries=self.max_retries)
        pending: dict[Any, T] = {}
        queue = iter(items)
        while True:
            for item in queue:
                pending[remote.remote(item)] = item
                if len(pending) >= self.max_in_flight:
                    break
            if not pending:
                return
            (ref,), _ = self.ray.wait(list(pending), num_returns=1)
            item = pending.pop(ref)
            try:
                yield item, self.ray.get(ref)
            except Exception as err:  # noqa: BLE001  (one failed item must not end the build)
                yield item, err

    def _submit_group(self, group: list[PairJob]) -> dict[Any, tuple[int, str]]:
        """Submit every stage of one task; returns ref -> (job index, stage name)."""
        ray, cfg = self.ray, self.config
        have = self.resources()
        first = group[0]
        o = first.options
        task_tar = ray.put(pack_dir(first.task.path))

        def remote(fn: Callable[..., Any], resource: str | None, *args: Any) -> Any:
            opts: dict[str, Any] = {"max_retries": self.max_retries, "num_cpus": 1}
            if resource is not None:
                opts["resources"] = {resource: 1}
            return ray.remote(fn).options(**opts).remote(*args)

        refs: dict[Any, tuple[int, str]] = {}
        cuda = None
        if o.wants("compiles") and "nvcc" in have:
            cuda = remote(cuda_remote, "nvcc", first, task_tar, cfg)
        gpu_refs: list[Any] = []
        for i, job in sorted(enumerate(group), key=lambda p: p[1].target != "hip"):
            tr = remote(translate_remote, None, job, task_tar, cfg)
            refs[tr] = (i, "translate")
            if cuda is not None:
                refs[cuda] = (-1, "cuda")
            if not o.wants("compiles"):
                continue
            if job.target == "hip":
                if "hipcc" in have:
                    refs[remote(hip_amd_remote, "hipcc", job, task_tar, cfg, tr)] = (i, "hip-amd")
                if o.wants("runs-equal") and "nvidia_gpu" in have and job.task.link:
                    g = remote(hip_gpu_remote, "nvidia_gpu", job, task_tar, cfg, tr)
                    refs[g] = (i, "hip-gpu")
                    gpu_refs.append(g)
            else:
                if "sycl" in have:
                    refs[remote(sycl_typecheck_remote, "sycl", job, task_tar, cfg, tr)] = (
                        i,
                        "sycl-typecheck",
                    )
                if "acpp" in have:
                    # Waits for the HIP GPU stage of the same task: its CUDA results are the reference.
                    ref_gpu = gpu_refs[0] if gpu_refs else None
                    refs[remote(sycl_acpp_remote, "acpp", job, task_tar, cfg, tr, ref_gpu)] = (i, "sycl-acpp")
        return refs

    def _staged(self, groups: Iterable[list[PairJob]]) -> Iterator[tuple[list[PairJob], Any]]:
        ray = self.ray
        owner: dict[Any, int] = {}  # ref -> group number
        meta: dict[Any, tuple[int, str]] = {}
        left: dict[int, int] = {}
        outs: dict[int, dict[Any, StageOut | BaseException]] = {}
        by_no: dict[int, tuple[list[PairJob], float]] = {}
        queue = enumerate(groups)
        more = True
        while True:
            # Keep a bounded number of tasks in flight so a big suite is not shipped to the cluster at once.
            while more and len(by_no) < self.max_in_flight:
                nxt = next(queue, None)
                if nxt is None:
                    more = False
                    break
                no, group = nxt
                start = time.monotonic()
                try:
                    refs = self._submit_group(group)
                except Exception as err:  # noqa: BLE001
                    yield group, err
                    continue
                by_no[no] = (group, start)
                left[no] = len(refs)
                outs[no] = {}
                for ref, m in refs.items():
                    owner[ref], meta[ref] = no, m
            if not owner:
                return
            (ref,), _ = ray.wait(list(owner), num_returns=1)
            no = owner.pop(ref)
            try:
                outs[no][ref] = ray.get(ref)
            except Exception as err:  # noqa: BLE001  (retries spent: the pair records the failure)
                outs[no][ref] = err
            left[no] -= 1
            if left[no]:
                continue
            group, start = by_no.pop(no)
            got = outs.pop(no)
            del left[no]
            yield group, self._assemble_group(group, got, {r: meta.pop(r) for r in got}, start)

    def _assemble_group(
        self,
        group: list[PairJob],
        got: dict[Any, StageOut | BaseException],
        meta: dict[Any, tuple[int, str]],
        start: float,
    ) -> list[PairResult] | BaseException:
        failures = [(meta[r], v) for r, v in got.items() if isinstance(v, BaseException)]
        if failures:
            # A stage that failed past its retries fails the task's pairs, with the error in the store.
            (_, stage), err = failures[0]
            return RuntimeError(f"stage {stage} failed on the Ray cluster: {type(err).__name__}: {err}")
        shared = {name: v for r, v in got.items() for (i, name) in [meta[r]] if i == -1}
        results = []
        for i, job in enumerate(group):
            stage_outs: dict[str, StageOut] = dict(shared)  # type: ignore[arg-type]
            stage_outs.update({name: v for r, v in got.items() for (j, name) in [meta[r]] if j == i})  # type: ignore[misc]
            results.append(assemble(job, stage_outs, start))
        return results

    def close(self) -> None:
        if self._owns_ray and self.ray.is_initialized():
            self.ray.shutdown()
