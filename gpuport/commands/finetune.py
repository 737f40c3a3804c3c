"""`gpuport finetune CORPUS --base MODEL --out DIR`: supervised fine-tuning on verified pairs."""

from __future__ import annotations

import argparse
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "finetune",
        help="fine-tune a causal LM on verified CUDA -> HIP/SYCL pairs",
        description="Fine-tune a causal language model on the verified pairs of a corpus store (SQLite) or "
        "an exported dataset folder. The output folder holds a model and tokenizer that "
        "`gpuport translate --llm transformers:DIR` loads. Needs `pip install gpuport[models]`.",
    )
    p.add_argument("corpus", help="corpus store (corpus.db) or exported dataset folder")
    p.add_argument("--base", required=True, help="base model: a folder or a hub id already downloaded")
    p.add_argument("--out", required=True, help="output folder for the fine-tuned model")
    p.add_argument("--lora", action="store_true", help="train a LoRA adapter (peft), merged before saving")
    p.add_argument("--lora-r", type=int, default=8, help="LoRA rank (default 8)")
    p.add_argument("--steps", type=int, default=100, help="optimizer steps (default 100)")
    p.add_argument("--lr", type=float, default=2e-5, help="peak learning rate (default 2e-5)")
    p.add_argument("--grad-accum", type=int, default=1, help="examples per optimizer step (default 1)")
    p.add_argument("--max-length", type=int, default=2048, help="tokens per example (default 2048)")
    p.add_argument("--target", choices=("hip", "sycl"), default=None, help="only pairs of this target")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from ..models.finetune import FinetuneConfig, finetune
    except ImportError as err:
        print(f"gpuport finetune: {err} (pip install 'gpuport[models]')", file=sys.stderr)
        return 2
    config = FinetuneConfig(
        steps=args.steps,
        lr=args.lr,
        lora=args.lora,
        lora_r=args.lora_r,
        max_length=args.max_length,
        grad_accum=args.grad_accum,
        target=args.target,
        seed=args.seed,
    )
    try:
        report = finetune(args.corpus, args.base, args.out, config)
    except (ValueError, OSError) as err:
        print(f"gpuport finetune: {err}", file=sys.stderr)
        return 2
    first = report.losses[0] if report.losses else float("nan")
    last = report.losses[-1] if report.losses else float("nan")
    print(
        f"gpuport finetune: {report.examples} examples, {report.steps} steps on {report.device} in "
        f"{report.elapsed_s:.1f}s; loss {first:.4f} -> {last:.4f}; saved to {report.out}",
        file=sys.stderr,
    )
    return 0
