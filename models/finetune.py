"""Supervised fine-tuning on verified pairs: `gpuport finetune CORPUS --base MODEL --out DIR`.

An example is (prompt, completion): the prompt is a whole CUDA file and the target in the fallback's
wording (prompts.finetune_prompt), the completion is the verified translation in a fenced block followed
by the end-of-sequence token. Loss is on the completion tokens only. Examples come from:

- a corpus store (the pipeline's SQLite file): every pair that reached at least `compiles`, one example
  per CUDA file that has a translated file of the same path stem;
- an exported dataset folder: `*.jsonl`, `*.json` (a list of rows) or `*.parquet` files whose rows hold
  the CUDA text (`cuda`, `cuda_source`, `source` or `original`), the translation (`translated`,
  `translation`, `target_source`, `hip` or `sycl`) and `target`; a column may hold one text or a
  {path: text} mapping (or its JSON), in which case files are paired by path stem.

Training is a plain PyTorch loop (AdamW, linear warm-up, gradient clipping, batch of one example with
gradient accumulation): small enough to read, and it runs a tiny model on a CPU in seconds. `lora=True`
trains a LoRA adapter through peft and merges it before saving, so the output folder is a plain model
that `transformers:DIR` (TransformersBackend) loads.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .backends import encode_prompt
from .prompts import finetune_completion, finetune_prompt

_CUDA_KEYS = ("cuda", "cuda_source", "source", "original", "cuda_files")
_TRANSLATED_KEYS = ("translated", "translation", "target_source", "translated_files", "hip", "sycl")
_MIN_LEVEL = "compiles"  # pairs a compiler accepted


@dataclass(frozen=True)
class Pair:
    cuda: str
    translated: str
    target: str
    origin: str


@dataclass
class FinetuneConfig:
    steps: int = 100
    lr: float = 2e-5
    lora: bool = False
    lora_r: int = 8
    max_length: int = 2048
    grad_accum: int = 1
    warmup: int = 10
    seed: int = 0
    target: str | None = None  # only pairs of this target (None: both)


@dataclass
class FinetuneReport:
    examples: int
    steps: int
    losses: list[float] = field(default_factory=list)
    elapsed_s: float = 0.0
    device: str = "cpu"
    out: str = ""


def _as_files(value: Any) -> dict[str, str] | str | None:
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items() if isinstance(v, str)}
    if isinstance(value, str):
        s = value.strip()
        if s.startswith("{"):
            try:
                parsed = json.loads(s)
            except json.JSONDecodeError:
                return value
            if isinstance(parsed, dict):
                return {str(k): v for k, v in parsed.items() if isinstance(v, str)}
        return value
    return None


def _pair_files(cuda: dict[str, str], translated: dict[str, str]) -> Iterator[tuple[str, str, str]]:
    by_stem = {Path(k).with_suffix("").as_posix(): v for k, v in translated.items()}
    for rel, text in sorted(cuda.items()):
        other = translated.get(rel) or by_stem.get(Path(rel).with_suffix("").as_posix())
        if other is not None and other != text:
            yield rel, text, other


def _pairs_from_row(row: dict[str, Any], origin: str) -> Iterator[Pair]:
    target = str(row.get("target") or "")
    if target not in ("hip", "sycl"):
        target = "hip" if "hip" in row else "sycl" if "sycl" in row else ""
    if not target:
        return
    c = next((_as_files(row[k]) for k in _CUDA_KEYS if row.get(k) is not None), None)
    t = next((_as_files(row[k]) for k in _TRANSLATED_KEYS if row.get(k) is not None), None)
    if c is None or t is None:
        return
    if isinstance(c, str) and isinstance(t, str):
        yield Pair(c, t, target, origin)
        return
    cf = c if isinstance(c, dict) else {"main.cu": c}
    tf = t if isinstance(t, dict) else {"main.cu": t}
    for rel, a, b in _pair_files(cf, tf):
        yield Pair(a, b, target, f"{origin}:{rel}")


def load_pairs(corpus: str | Path, target: str | None = None) -> list[Pair]:
    """Verified pairs from a corpus store (SQLite file) or an exported dataset folder."""
    path = Path(corpus)
    pairs: list[Pair] = []
    if path.is_file():
        from ..dataset.store import StoreError, StoreReader, cuda_files_of

        try:
            with StoreReader(path) as reader:
                tasks = reader.tasks()
                rows = [p for p in reader.pairs(_MIN_LEVEL) if p["unconverted"] == 0]
        except StoreError as err:
            raise ValueError(str(err)) from err
        for row in rows:
            files = cuda_files_of(row, tasks)  # None: the task holds other sources now (stale pair)
            if files is not None:
                pairs += _pairs_from_row(
                    {"target": row["target"], "cuda": files, "translated": row["translated_files"]},
                    f"store:{row['task']}",
                )
    elif path.is_dir():
        for f in sorted(path.rglob("*")):
            if f.suffix == ".jsonl":
                for n, line in enumerate(f.read_text(encoding="utf-8").splitlines()):
                    if line.strip():
                        pairs += _pairs_from_row(json.loads(line), f"{f.name}:{n}")
            elif f.suffix == ".json":
                data = json.loads(f.read_text(encoding="utf-8"))
                for n, row in enumerate(data if isinstance(data, list) else []):
                    if isinstance(row, dict):
                        pairs += _pairs_from_row(row, f"{f.name}:{n}")
            elif f.suffix == ".parquet":
                import pyarrow.parquet as pq

                for n, row in enumerate(pq.read_table(f).to_pylist()):
                    pairs += _pairs_from_row(row, f"{f.name}:{n}")
    else:
        raise ValueError(f"{path}: no such corpus store or dataset folder")
    return [p for p in pairs if target is None or p.target == target]


def _example(tokenizer: Any, pair: Pair, max_length: int) -> tuple[list[int], list[int]]:
    """(input ids, labels): labels are -100 on the prompt, so only the completion is learned."""
    prompt = encode_prompt(tokenizer, finetune_prompt(pair.cuda, pair.target))
    completion = list(tokenizer(finetune_completion(pair.translated), add_special_tokens=False)["input_ids"])
    if tokenizer.eos_token_id is not None:
        completion.append(tokenizer.eos_token_id)
    ids = (prompt + completion)[:max_length]
    labels = ([-100] * len(prompt) + completion)[:max_length]
    return ids, labels


def finetune(
    corpus: str | Path, base: str, out: str | Path, config: FinetuneConfig | None = None
) -> FinetuneReport:
    """Fine-tune `base` (a folder or hub id in the local cache) on the corpus; save model + tokenizer in `out`."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    config = config or FinetuneConfig()
    pairs = load_pairs(corpus, config.target)
    if not pairs:
        raise ValueError(f"{corpus}: no verified pairs to train on")
    random.seed(config.seed)
    torch.manual_seed(config.seed)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    tokenizer = AutoTokenizer.from_pretrained(base)
    # Any: the model is a transformers PreTrainedModel or, with LoRA, a peft wrapper around one; their stubs
    # share no usable base (PreTrainedModel.to is typed through a wrapper that rejects a device, and peft's
    # merge_and_unload is only reached through nn.Module.__getattr__), so one static type would be wrong.
    model: Any = AutoModelForCausalLM.from_pretrained(base, dtype=torch.float32)
    if config.lora:
        from peft import LoraConfig, get_peft_model

        model = get_peft_model(
            model,
            LoraConfig(
                r=config.lora_r,
                lora_alpha=2 * config.lora_r,
                lora_dropout=0.0,
                target_modules="all-linear",
                task_type="CAUSAL_LM",
            ),
        )
    model.to(device)
    model.train()
    examples = [
        e for e in (_example(tokenizer, p, config.max_length) for p in pairs) if any(x != -100 for x in e[1])
    ]
    if not examples:
        raise ValueError(f"every example is longer than --max-length {config.max_length} prompt tokens")
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=config.lr)

    def lr_at(step: int) -> float:
        if step < config.warmup:
            return (step + 1) / max(1, config.warmup)
        return max(
            0.0, 0.5 * (1 + math.cos(math.pi * (step - config.warmup) / max(1, config.steps - config.warmup)))
        )

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_at)
    report = FinetuneReport(len(examples), config.steps, device=device, out=str(out))
    start = time.monotonic()
    order: list[int] = []
    for _step in range(config.steps):
        total = 0.0
        for _ in range(config.grad_accum):
            if not order:
                order = list(range(len(examples)))
                random.shuffle(order)
            ids, labels = examples[order.pop()]
            x = torch.tensor([ids], device=device)
            y = torch.tensor([labels], device=device)
            loss = model(input_ids=x, labels=y).loss / config.grad_accum
            loss.backward()
            total += float(loss.detach())
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        sched.step()
        opt.zero_grad(set_to_none=True)
        report.losses.append(round(total, 5))
    report.elapsed_s = round(time.monotonic() - start, 3)
    if config.lora:
        model = model.merge_and_unload()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    meta = {"base": base, "corpus": str(corpus), "config": asdict(config), "report": asdict(report)}
    (out / "gpuport-finetune.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    return report
