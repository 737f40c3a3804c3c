"""Prompts for the LLM fallback: one unresolved region at a time, and the answer format.

A region prompt holds: the target (and the HIP version or the SYCL 2020 rule), the diagnostics the rules
left, the file's includes, the enclosing function of the region from the rule-translated code (found in
the tree-sitter tree of that code) with the region marked, the region itself, and few-shot examples (from
the verified corpus when one is given, else two built-in ones). The model answers with ONE fenced code
block holding the replacement for the marked region only, so its answer can be spliced in as one edit
and checked by a compiler. Whole-file mode (answer = the whole file) is used only when the region lies
in code tree-sitter cannot parse, where a region has no reliable bounds.

The same wording is used to build fine-tuning examples (`finetune_prompt`), so a model tuned with
`gpuport finetune` sees at inference the format it learned.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tree_sitter import Node

from ..transpile import parse as ts
from .retrieval import Example

REGION_START = "/* >>> GPUPORT REGION START */"
REGION_END = "/* <<< GPUPORT REGION END */"
CONTEXT_LINES = 20  # lines shown around a region that is outside every function
MAX_FUNCTION_LINES = 200  # a longer enclosing function is cut to the lines around the region

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+.\-]*)[ \t]*\n(.*?)```", re.DOTALL)


def target_notes(target: str, hip_version: tuple[int, int] | None = None) -> str:
    if target == "hip":
        v = f"{hip_version[0]}.{hip_version[1]}" if hip_version else "6.2"
        notes = [
            f"Target: HIP for AMD GPUs (must build with HIP {v}, hipcc, wavefronts may be 64 lanes wide).",
            "Use HIP runtime names (hip*), HIP device intrinsics, or plain C++. NVIDIA inline PTX (asm) does",
            "not assemble for AMD: replace it with HIP intrinsics (e.g. __lane_id(), __builtin_amdgcn_*) or C++.",
        ]
        if hip_version and hip_version < (6, 2):
            notes.append("This HIP has no *_sync warp functions: use __shfl_down, __ballot, etc.")
        return "\n".join(notes)
    return "\n".join(
        [
            "Target: standard SYCL 2020 (#include <sycl/sycl.hpp>), no vendor extensions (no sycl::ext, no dpct).",
            "Kernels run as parallel_for over an nd_range with an nd_item; memory is USM on an in-order queue.",
        ]
    )


BUILTIN_EXAMPLES: dict[str, list[Example]] = {
    "hip": [
        Example(
            cuda='unsigned lane;\nasm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));',
            translated="unsigned lane = __lane_id();",
            target="hip",
            source="builtin",
        ),
        Example(
            cuda="cudaStreamQuery(stream);",
            translated="hipStreamQuery(stream);",
            target="hip",
            source="builtin",
        ),
    ],
    "sycl": [
        Example(
            cuda="__threadfence();",
            translated="sycl::atomic_fence(sycl::memory_order::seq_cst, sycl::memory_scope::device);",
            target="sycl",
            source="builtin",
        ),
        Example(
            cuda="unsigned lane = threadIdx.x % 32;",
            translated="unsigned lane = item.get_sub_group().get_local_linear_id();",
            target="sycl",
            source="builtin",
        ),
    ],
}


@dataclass(frozen=True)
class RegionPrompt:
    text: str
    whole_file: bool
    function: str | None  # name of the enclosing function, when there is one


def enclosing_function(root: Node, start: int, end: int) -> Node | None:
    """The smallest function_definition whose bytes contain [start, end)."""
    node = root.descendant_for_byte_range(start, max(start, end - 1) if end > start else start)
    while node is not None:
        if node.type == "function_definition" and node.start_byte <= start and end <= node.end_byte:
            return node
        node = node.parent
    return None


def _function_name(fn: Node) -> str | None:
    decl = fn.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    name = decl.child_by_field_name("declarator") if decl is not None else None
    return ts.text(name) if name is not None else None


def includes_of(code: bytes) -> list[str]:
    return [
        line.strip().decode("utf-8", "replace")
        for line in code.splitlines()
        if re.match(rb"\s*#\s*include\b", line)
    ]


def _marked(code: bytes, start: int, end: int, lo: int, hi: int) -> str:
    """code[lo:hi] with the region [start, end) wrapped in the markers."""
    text = code[lo:start] + REGION_START.encode() + code[start:end] + REGION_END.encode() + code[end:hi]
    return text.decode("utf-8", "replace")


def _line_bounds(code: bytes, start: int, end: int, before: int, after: int) -> tuple[int, int]:
    lo = start
    for _ in range(before + 1):
        lo = code.rfind(b"\n", 0, max(0, lo - 1)) + 1 if lo > 0 else 0
    hi = end
    for _ in range(after + 1):
        nxt = code.find(b"\n", hi + 1 if hi < len(code) else hi)
        hi = len(code) if nxt < 0 else nxt
    return lo, min(hi, len(code))


def _examples_text(examples: Sequence[Example], target: str) -> str:
    label = "HIP" if target == "hip" else "SYCL 2020"
    parts = []
    for i, ex in enumerate(examples, 1):
        parts.append(
            f"Example {i} ({ex.source}).\nCUDA:\n```cuda\n{ex.cuda.strip()}\n```\n{label}:\n```cpp\n{ex.translated.strip()}\n```"
        )
    return "\n\n".join(parts)


def region_prompt(
    target: str,
    code: bytes,
    start: int,
    end: int,
    diagnostics: Sequence[str],
    examples: Sequence[Example] = (),
    *,
    hip_version: tuple[int, int] | None = None,
    whole_file: bool = False,
    root: Node | None = None,
) -> RegionPrompt:
    """The prompt for replacing code[start:end] (byte offsets into the rule-translated code)."""
    label = "HIP" if target == "hip" else "SYCL 2020"
    examples = list(examples) or BUILTIN_EXAMPLES.get(target, [])
    head = [
        f"You finish a CUDA to {label} translation. Rules translated most of the file; the part below",
        "could not be translated by the rules.",
        target_notes(target, hip_version),
        "",
        "What the rules reported:",
        *[f"- {d}" for d in diagnostics],
        "",
    ]
    incs = includes_of(code)
    if incs:
        head += ["The file's includes:", *incs, ""]
    if examples:
        head += ["Examples of verified translations:", "", _examples_text(examples, target), ""]
    if whole_file:
        body = [
            "The whole file (it does not parse cleanly, so it is translated as a whole):",
            "```cpp",
            code.decode("utf-8", "replace").rstrip("\n"),
            "```",
            "",
            f"Answer with exactly one fenced code block holding the complete {label} file, and nothing else.",
        ]
        return RegionPrompt("\n".join(head + body) + "\n", True, None)
    if root is None:
        root = ts.parse(code).root_node
    fn = enclosing_function(root, start, end)
    name = _function_name(fn) if fn is not None else None
    if fn is not None and code.count(b"\n", fn.start_byte, fn.end_byte) <= MAX_FUNCTION_LINES:
        lo, hi = fn.start_byte, fn.end_byte
        where = f"The enclosing function `{name}`" if name else "The enclosing function"
    else:
        lo, hi = _line_bounds(code, start, end, CONTEXT_LINES, CONTEXT_LINES)
        where = "The code around the region"
    body = [
        f"{where}, already translated, with the region to replace between {REGION_START} and {REGION_END}:",
        "```cpp",
        _marked(code, start, end, lo, hi).rstrip("\n"),
        "```",
        "",
        "The region to replace:",
        "```cpp",
        code[start:end].decode("utf-8", "replace"),
        "```",
        "",
        f"Answer with exactly one fenced code block holding the {label} code that replaces the region, and",
        "nothing else: not the markers, not the code around the region.",
    ]
    return RegionPrompt("\n".join(head + body) + "\n", False, name)


def repair_prompt(base: str, answer: str, problems: Sequence[str]) -> str:
    """The follow-up after a rejected answer: the same task, the answer, and why it was rejected."""
    shown = "\n".join(problems[:30])
    return (
        base
        + "\nYour previous answer was:\n"
        + answer.strip()
        + "\n\nIt was rejected:\n"
        + shown
        + "\n\nFix it. Answer again with exactly one fenced code block holding the replacement, and nothing else.\n"
    )


def parse_answer(text: str) -> str | None:
    """The content of the first complete fenced code block, or None when there is none."""
    m = _FENCE.search(text)
    if m is None:
        return None
    body = m.group(2)
    lines = body.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        return None
    return "\n".join(lines)


def finetune_prompt(cuda: str, target: str) -> str:
    """The prompt of a fine-tuning example: a whole CUDA source and the target."""
    label = "HIP" if target == "hip" else "SYCL 2020"
    return (
        f"Translate this CUDA source to {label}.\n{target_notes(target)}\n```cuda\n{cuda.rstrip()}\n```\n"
        f"Answer with exactly one fenced code block holding the {label} source.\n"
    )


def finetune_completion(translated: str) -> str:
    return f"```cpp\n{translated.rstrip()}\n```\n"
