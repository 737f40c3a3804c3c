"""The LLM fallback (models/): backends, prompts, cache, the compile-checked repair loop, serve, finetune.

No weights can be downloaded here, so a tiny Llama (about 100k parameters) and a BPE tokenizer are built
inside the tests: they drive the transformers backend and the OpenAI-compatible server for real. Their
output is garbage; the tests check that the whole path runs and that garbage is rejected and reverted.
The repair loop's acceptance is tested with scripted answers and the real hipcc.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from gpuport.models.backends import BackendError, OpenAIBackend, ScriptedBackend, parse_backend
from gpuport.models.cache import CachedBackend, CompletionCache, cache_key
from gpuport.models.fallback import FallbackConfig, find_regions, repair_source
from gpuport.models.prompts import REGION_END, REGION_START, parse_answer, region_prompt
from gpuport.models.retrieval import ExampleIndex
from gpuport.transpile.diagnostics import Status

from gpuport.api import make_options, translate

REPO = Path(__file__).resolve().parent.parent
HIP52 = make_options("hip", "5.2")

# The Done-when file: an inline-PTX device function, an API HIP 5.2 lacks, and a made-up CUDA call.
DONE_WHEN = b"""#include <cuda_runtime.h>
#include <cstdio>

__device__ unsigned lane_id() {
    unsigned id;
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(id));
    return id;
}

__global__ void lanes(unsigned *out) {
    out[threadIdx.x] = lane_id();
}

int run(cudaGraph_t graph) {
    unsigned *d;
    cudaMalloc(&d, 64 * sizeof(unsigned));
    lanes<<<1, 64>>>(d);
    cudaGraphExec_t exec;
    cudaGraphInstantiateWithParams(&exec, graph, nullptr);
    cudaFancyZeroBuffer(d, 64);
    cudaDeviceSynchronize();
    cudaFree(d);
    return 0;
}
"""
GOOD = [
    "```cpp\nid = __lane_id();\n```",
    "```cpp\nhipGraphInstantiate(&exec, graph, nullptr, nullptr, 0);\n```",
    "Here it is:\n```cpp\n(void)hipMemset(d, 0, 64 * sizeof(unsigned));\n```\n",
]


def _hipcc_compiles(code: bytes, tmp: Path) -> subprocess.CompletedProcess[str]:
    src = tmp / "final.hip"
    src.write_bytes(code)
    return subprocess.run(
        ["hipcc", "-std=c++17", "--offload-arch=gfx90a", "-c", str(src), "-o", str(tmp / "final.o")],
        env={**os.environ, "HIP_PLATFORM": "amd"},
        capture_output=True,
        text=True,
        timeout=300,
    )


def _nocache(**kw: object) -> FallbackConfig:
    return FallbackConfig(use_cache=False, **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------- prompts, regions, answers


def test_regions_are_statements_and_prompt_marks_them() -> None:
    t = translate(DONE_WHEN, options=HIP52, path="x.cu")
    regions = find_regions(t.result)
    texts = [DONE_WHEN[r.start : r.end].decode() for r in regions]
    assert texts == [
        'asm volatile("mov.u32 %0, %%warpid;" : "=r"(id));',
        "cudaGraphInstantiateWithParams(&exec, graph, nullptr);",
        "cudaFancyZeroBuffer(d, 64);",
    ]
    assert [r.codes for r in regions] == [["GP308"], ["GP104"], ["GP003"]]
    out = t.result.output
    a = t.result.output_offset(regions[0].start)
    b = t.result.output_offset(regions[0].end)
    p = region_prompt("hip", out, a, b, ["line 6: GP308 inline PTX"], hip_version=(5, 2))
    assert p.function == "lane_id" and not p.whole_file
    assert f'{REGION_START}asm volatile("mov.u32 %0, %%warpid;" : "=r"(id));{REGION_END}' in p.text
    assert "#include <hip/hip_runtime.h>" in p.text and "HIP 5.2" in p.text
    assert "__global__ void lanes" not in p.text  # only the enclosing function is shown


def test_whole_file_mode_only_when_region_does_not_parse() -> None:
    broken = b"#include <cuda_runtime.h>\nvoid f() { int x = cudaFancyThing(1) + ; }}\n"
    regions = find_regions(translate(broken, options=HIP52).result)
    assert len(regions) == 1 and regions[0].whole_file
    assert (regions[0].start, regions[0].end) == (0, len(broken))
    # An error elsewhere in the file does not force whole-file mode on a region that parses.
    elsewhere = b"#include <cuda_runtime.h>\nvoid f() { cudaFancyThing(1); int x = ; }}\n"
    (region,) = find_regions(translate(elsewhere, options=HIP52).result)
    assert not region.whole_file and elsewhere[region.start : region.end] == b"cudaFancyThing(1);"


def test_parse_answer() -> None:
    assert parse_answer("sure\n```cpp\n  x = 1;\n```\nbye") == "  x = 1;"
    assert parse_answer("```\nint a;\n\n```") == "int a;"
    assert parse_answer("no code here") is None
    assert parse_answer("```cpp\nunterminated") is None


def test_parse_backend_specs() -> None:
    b = parse_backend("openai:http://localhost:8000/v1#Qwen/Qwen2.5-Coder-7B-Instruct")
    assert isinstance(b, OpenAIBackend)
    assert b.base_url == "http://localhost:8000" and b.model == "Qwen/Qwen2.5-Coder-7B-Instruct"
    assert parse_backend("openai-completions:http://h:1#m").api == "completions"  # type: ignore[attr-defined]
    for bad in ("openai:http://x", "nothing", "gemini:x#y", "openai:#m"):
        with pytest.raises(ValueError):
            parse_backend(bad)


# ---------------------------------------------------------------- the loop with a scripted model


@pytest.mark.hipcc
@pytest.mark.slow
def test_done_when_ptx_and_missing_api_compile_through_the_loop(tmp_path: Path) -> None:
    t = translate(DONE_WHEN, options=HIP52, path="done.cu")
    assert t.stats.total_unconverted == 3
    script = [
        "```cpp\nid = __laneid_wrong();\n```",  # does not compile: sent back with the error
        GOOD[0],
        GOOD[1],
        "```cpp\nhipFancyZeroBuffer(d, 64);\n```",  # does not compile either
        GOOD[2],
    ]
    backend = ScriptedBackend(script)
    fb = repair_source(t.result, backend, HIP52, _nocache())
    assert backend.calls == 5
    assert "__laneid_wrong" in backend.prompts[1] and "undeclared identifier" in backend.prompts[1]
    assert [r.status for r in fb.regions] == ["accepted"] * 3
    assert [r.attempts for r in fb.regions] == [2, 1, 2]
    assert fb.compiled and fb.final_ok is True
    code = fb.code
    assert "asm" not in code and "cuda" not in code
    assert "id = __lane_id();" in code and "hipGraphInstantiate(&exec" in code
    assert fb.result.stats.total_unconverted == 0 and fb.result.stats.model_edits == 3
    model_diags = [d for d in fb.result.diagnostics if d.by_model]
    assert len(model_diags) == 3 and all(d.status is Status.CONVERTED for d in model_diags)
    located = [d for d in fb.result.located() if d.by_model]
    assert [d.line for d in located] == [6, 19, 20]
    llm = fb.llm_dict()
    assert (llm["regions"], llm["accepted"], llm["failed"], llm["calls"]) == (3, 3, 0, 5)
    # The engine's invariant holds for the new result: source + edits = output.
    from gpuport.transpile.edits import apply_edits

    assert apply_edits(fb.result.source, fb.result.edits) == fb.output
    proc = _hipcc_compiles(fb.output, tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]


@pytest.mark.hipcc
def test_region_that_never_compiles_is_reverted(tmp_path: Path) -> None:
    src = DONE_WHEN.replace(b"    cudaGraphInstantiateWithParams(&exec, graph, nullptr);\n", b"").replace(
        b"    cudaFancyZeroBuffer(d, 64);\n", b""
    )
    t = translate(src, options=HIP52, path="ptx.cu")
    # Semantically fine but NVIDIA PTX again: only code generation (hipcc -c) rejects it.
    bad = '```cpp\nasm volatile("mov.u32 %0, %%warpid;" : "=r"(id));\n```'
    backend = ScriptedBackend([], default=bad)
    fb = repair_source(t.result, backend, HIP52, _nocache(repairs=1))
    assert backend.calls == 2
    (region,) = fb.regions
    assert region.status == "failed" and any("invalid instruction" in p for p in region.problems)
    assert fb.output == t.result.output and not fb.changed
    (d,) = fb.result.unconverted
    assert d.code == "GP308" and "LLM fallback failed" in d.message and not d.by_model
    assert fb.llm_dict()["failed"] == 1


def test_cuda_left_in_answer_is_rejected_parse_only() -> None:
    src = b"#include <cuda_runtime.h>\nvoid f(float *d) {\n    cudaFancyZero(d, 4);\n}\n"
    t = translate(src, options=HIP52)
    backend = ScriptedBackend(["```cpp\ncudaMemset(d, 0, 16);\n```", "```cpp\nhipMemset(d, 0, 16);\n```"])
    fb = repair_source(t.result, backend, HIP52, _nocache(compile=False))
    assert "still uses CUDA: cudaMemset" in backend.prompts[1]
    assert fb.regions[0].status == "accepted" and "hipMemset(d, 0, 16);" in fb.code
    assert not fb.compiled and fb.final_ok is None
    assert any("not compiled" in n for n in fb.notes)


def test_cache_makes_reruns_free(tmp_path: Path) -> None:
    src = b"#include <cuda_runtime.h>\nvoid f(float *d) {\n    cudaFancyZero(d, 4);\n}\n"
    t = translate(src, options=HIP52)
    cfg = FallbackConfig(cache=tmp_path / "llm.sqlite", compile=False)
    first = ScriptedBackend(["```cpp\nhipMemset(d, 0, 16);\n```"])
    fb1 = repair_source(t.result, first, HIP52, cfg)
    assert first.calls == 1
    second = ScriptedBackend([])  # would raise if asked
    fb2 = repair_source(t.result, second, HIP52, cfg)
    assert second.calls == 0 and fb2.output == fb1.output
    assert fb2.llm_dict()["cache_hits"] == 1
    cache = CompletionCache(tmp_path / "llm.sqlite")
    assert len(cache) == 1
    # Every input of the key matters.
    assert cache_key("p", "m", 0.0, 10) != cache_key("p", "m", 0.0, 11) != cache_key("p", "m2", 0.0, 10)
    wrapped = CachedBackend(ScriptedBackend(["a"]), cache)
    wrapped.complete("q", max_tokens=5, temperature=0.0)
    assert wrapped.complete("q", max_tokens=5, temperature=0.0).cached and wrapped.hits == 1


# ---------------------------------------------------------------- retrieval from a corpus store


def _store_with_pair(path: Path) -> None:
    from gpuport.dataset.store import Store

    Store(path).close()  # creates the schema
    cuda = (
        "__global__ void k(float *a) { a[0] = 1; }\nvoid helper(float *d) { cudaMemset2D(d, 8, 0, 8, 2); }\n"
    )
    hip = "__global__ void k(float *a) { a[0] = 1; }\nvoid helper(float *d) { hipMemset2D(d, 8, 0, 8, 2); }\n"
    db = sqlite3.connect(path)
    db.execute(
        "INSERT INTO tasks(name, domain, difficulty, description, features, spec, cuda_hash, files, updated_at)"
        " VALUES (?,?,?,?,?,?,?,?,?)",
        ("t1", "mem", "easy", "d", "[]", "{}", "h", json.dumps({"main.cu": cuda}), 0.0),
    )
    db.execute(
        "INSERT INTO pairs(pair_key, task, target, cuda_hash, level, level_rank, compiles_on, unconverted,"
        " translated_files, diagnostics, options, machine, capabilities, notes, gpuport_version, elapsed_s,"
        " created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            "k1",
            "t1",
            "hip",
            "h",
            "compiles",
            2,
            "[]",
            0,
            json.dumps({"main.hip": hip}),
            "[]",
            "{}",
            "{}",
            "[]",
            "[]",
            "0",
            0.0,
            0.0,
            0.0,
        ),
    )
    db.commit()
    db.close()


def test_retrieval_finds_the_function_using_the_api(tmp_path: Path) -> None:
    db = tmp_path / "corpus.db"
    _store_with_pair(db)
    index = ExampleIndex.from_store(db)
    found = index.nearest("hip", "cudaMemset2D(ptr, pitch, 0, w, h);", ["cudaMemset2D"], k=1)
    assert len(found) == 1 and "hipMemset2D" in found[0].translated and "helper" in found[0].source
    assert index.nearest("sycl", "cudaMemset2D", ["cudaMemset2D"]) == []
    assert ExampleIndex.from_store(tmp_path / "missing.db").units == []
    (tmp_path / "junk.db").write_bytes(b"not sqlite at all" * 100)
    assert ExampleIndex.from_store(tmp_path / "junk.db").units == []
    # and it reaches the prompt
    src = b"#include <cuda_runtime.h>\nvoid f(float *d) {\n    cudaFancyMemset2D(d, 8, 0, 8, 2);\n}\n"
    t = translate(src, options=HIP52)
    b = ScriptedBackend([], default="no")
    repair_source(t.result, b, HIP52, _nocache(compile=False, repairs=0, store=db))
    assert "task t1 function helper" in b.prompts[0]


# ---------------------------------------------------------------- a tiny real model


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("transformers", reason="transformers not installed (pip install transformers)")
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    torch.manual_seed(0)
    text = [DONE_WHEN.decode()] + [p.read_text() for p in sorted((REPO / "models").glob("*.py"))]
    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(
        text,
        trainers.BpeTrainer(
            vocab_size=400,
            special_tokens=["<unk>", "<s>", "</s>"],
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        ),
    )
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="<unk>", bos_token="<s>", eos_token="</s>")
    cfg = LlamaConfig(
        vocab_size=len(fast),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=4,
        max_position_embeddings=8192,
        bos_token_id=fast.bos_token_id,
        eos_token_id=fast.eos_token_id,
    )
    model = LlamaForCausalLM(cfg)
    assert sum(p.numel() for p in model.parameters()) < 200_000
    out = tmp_path_factory.mktemp("tiny")
    model.save_pretrained(out)
    fast.save_pretrained(out)
    return out


def test_transformers_backend_runs_tiny_model(tiny_model: Path) -> None:
    from gpuport.models.backends import TransformersBackend

    b = parse_backend(f"transformers:{tiny_model}")
    assert isinstance(b, TransformersBackend) and b.device in ("cpu", "cuda")
    c1 = b.complete("__global__ void k() {", max_tokens=8, temperature=0.0)
    c2 = b.complete("__global__ void k() {", max_tokens=8, temperature=0.0)
    assert c1.text == c2.text  # greedy: repeatable
    assert c1.prompt_tokens > 3 and 1 <= c1.completion_tokens <= 8


@pytest.fixture()
def served(tiny_model: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    from gpuport.models.backends import TransformersBackend
    from gpuport.models.serve import make_server

    server = make_server(TransformersBackend(str(tiny_model)), "127.0.0.1", 0, api_key="s3cret")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("GPUPORT_LLM_API_KEY", "s3cret")
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}"
    server.shutdown()
    server.server_close()


def test_openai_backend_against_local_server(served: str) -> None:
    chat = OpenAIBackend(served, "tiny", retries=0)
    c = chat.complete("int main() {", max_tokens=6, temperature=0.0)
    assert c.prompt_tokens > 0 and 1 <= c.completion_tokens <= 6
    plain = OpenAIBackend(served + "/v1", "tiny", api="completions", retries=0)
    assert plain.complete("int main() {", max_tokens=6, temperature=0.0).completion_tokens >= 1
    with pytest.raises(BackendError, match="HTTP 401") as err:
        OpenAIBackend(served, "tiny", api_key="wrong", retries=3).complete("x", max_tokens=2, temperature=0.0)
    assert "wrong" not in str(err.value)  # the key never appears in errors
    with pytest.raises(BackendError, match="no answer after 2 tries"):
        OpenAIBackend("http://127.0.0.1:9", "m", retries=1, backoff_s=0.01, timeout_s=2).complete(
            "x", max_tokens=2, temperature=0.0
        )


@pytest.mark.slow
def test_tiny_model_whole_path_both_backends(tiny_model: Path, served: str) -> None:
    src = DONE_WHEN.replace(b"    cudaGraphInstantiateWithParams(&exec, graph, nullptr);\n", b"")
    t = translate(src, options=HIP52, path="tiny.cu")
    for spec in (f"transformers:{tiny_model}", f"openai:{served}#tiny"):
        fb = repair_source(t.result, spec, HIP52, _nocache(max_tokens=16, repairs=1, compile=False))
        assert [r.status for r in fb.regions] == ["failed", "failed"], spec
        assert all(r.attempts == 2 and r.prompt_tokens > 0 for r in fb.regions)
        assert fb.output == t.result.output  # garbage never lands in the file
        assert fb.result.stats.total_unconverted == 2 and fb.result.stats.model_edits == 0


# ---------------------------------------------------------------- finetune


def test_finetune_writes_a_model_the_backend_loads(tiny_model: Path, tmp_path: Path) -> None:
    from gpuport.models.backends import TransformersBackend
    from gpuport.models.finetune import FinetuneConfig, finetune, load_pairs

    data = tmp_path / "export"
    data.mkdir()
    rows = [
        {
            "target": "hip",
            "cuda": "void f(){ cudaDeviceSynchronize(); }",
            "translated": "void f(){ hipDeviceSynchronize(); }",
        },
        {
            "target": "hip",
            "cuda_files": {"a.cu": "cudaFree(p);"},
            "translated_files": json.dumps({"a.hip": "hipFree(p);"}),
        },
        {"target": "sycl", "cuda": "x", "translated": "y"},
    ]
    (data / "train.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    assert len(load_pairs(data, "hip")) == 2
    report = finetune(
        data, str(tiny_model), tmp_path / "ft", FinetuneConfig(steps=3, lr=1e-3, target="hip", warmup=1)
    )
    assert report.examples == 2 and len(report.losses) == 3 and all(loss > 0 for loss in report.losses)
    b = TransformersBackend(str(tmp_path / "ft"))
    assert b.complete("void f(){", max_tokens=4, temperature=0.0).completion_tokens >= 1
    # from a corpus store, with LoRA (merged before saving), through the CLI
    db = tmp_path / "corpus.db"
    _store_with_pair(db)
    from gpuport.cli import main

    rc = main(
        [
            "finetune",
            str(db),
            "--base",
            str(tiny_model),
            "--out",
            str(tmp_path / "lora"),
            "--lora",
            "--steps",
            "2",
            "--lr",
            "1e-3",
        ]
    )
    assert rc == 0
    meta = json.loads((tmp_path / "lora" / "gpuport-finetune.json").read_text())
    assert meta["config"]["lora"] is True and meta["report"]["examples"] == 1
    TransformersBackend(str(tmp_path / "lora")).complete("x", max_tokens=2, temperature=0.0)


# ---------------------------------------------------------------- the CLI


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "GPUPORT_LLM_CACHE": str(cwd / "cache.sqlite")}
    return subprocess.run(
        [sys.executable, "-m", "gpuport", *args], cwd=cwd, env=env, capture_output=True, timeout=600
    )


@pytest.mark.slow  # about 90 s: the CLI compiles with hipcc when it is present
def test_cli_llm_single_file_stdout_and_tree(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.cu").write_bytes(
        b"#include <cuda_runtime.h>\nvoid f(float *d) {\n    cudaFancyZero(d, 4);\n}\n"
    )
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps(["```cpp\n(void)hipMemset(d, 0, 4 * sizeof(float));\n```"]))
    one = _cli(
        "translate",
        "src/a.cu",
        "--hip-version",
        "5.2",
        "--llm",
        f"scripted:{answers}",
        "--llm-no-cache",
        cwd=tmp_path,
    )
    assert one.returncode == 0, one.stderr.decode()
    assert b"(void)hipMemset(d, 0, 4 * sizeof(float));" in one.stdout and b"cudaFancyZero" not in one.stdout
    assert b"LLM fallback (scripted:answers.json): 1 regions in 1 files, 1 accepted" in one.stderr
    tree = _cli(
        "translate",
        "src",
        "-o",
        "out",
        "--hip-version",
        "5.2",
        "--llm",
        f"scripted:{answers}",
        "--report-json",
        "r.json",
        cwd=tmp_path,
    )
    assert tree.returncode == 0, tree.stderr.decode()
    out_files = list((tmp_path / "out").rglob("a.*"))
    assert len(out_files) == 1 and b"hipMemset(d, 0" in out_files[0].read_bytes()
    report = json.loads((tmp_path / "r.json").read_text())
    (f,) = [f for f in report["files"] if f["path"] == "a.cu"]
    assert f["llm"]["accepted"] == 1 and f["stats"]["model_edits"] == 1
    assert any(d["by_model"] for d in f["diagnostics"])
    # Re-run: the answer comes from the cache (the scripted file is now empty: a call would fail).
    answers.write_text("[]")
    shutil.rmtree(tmp_path / "out")
    again = _cli(
        "translate", "src", "-o", "out", "--hip-version", "5.2", "--llm", f"scripted:{answers}", cwd=tmp_path
    )
    assert again.returncode == 0 and b"1 answers from the cache" in again.stderr


def test_finetune_reads_verified_pairs_through_the_store_reader(tmp_path: Path) -> None:
    from gpuport.models.finetune import load_pairs

    db = tmp_path / "corpus.db"
    _store_with_pair(db)
    (pair,) = load_pairs(db, "hip")
    assert (
        "cudaMemset2D" in pair.cuda and "hipMemset2D" in pair.translated and pair.origin == "store:t1:main.cu"
    )
    assert load_pairs(db, "sycl") == []
    # A pair whose task was re-stored with other sources no longer has its original: left out.
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE tasks SET cuda_hash = 'other'")
    con.close()
    assert load_pairs(db, "hip") == []
    (tmp_path / "junk.db").write_bytes(b"not sqlite at all" * 100)
    with pytest.raises(ValueError, match="corpus store"):
        load_pairs(tmp_path / "junk.db")
