"""Model backends: one small protocol, three implementations, and the `--llm` spec parser.

A backend turns a prompt into text. The fallback engine never cares where the text came from: local
weights through transformers, any OpenAI-compatible server (vLLM, llama.cpp, Ollama, our own
`gpuport.models.serve`), or a scripted list of answers (tests and demos). Every completion carries token
counts so the engine can enforce its budgets.

Specs accepted by `parse_backend` (and `gpuport translate --llm`):

- `transformers:PATH_OR_ID` — local weights (a folder written by `gpuport finetune`, or a hub id already
  in the local cache); GPU when torch sees one.
- `openai:URL#MODEL` — POST `{URL}/v1/chat/completions`; `openai-completions:URL#MODEL` uses the plain
  `/v1/completions` endpoint instead. The API key comes from `GPUPORT_LLM_API_KEY` or `OPENAI_API_KEY`
  (sent as a bearer token, never printed or stored).
- `scripted:FILE` — answers read from a JSON list of strings (demos without a model).
"""

from __future__ import annotations

import json
import os
import random
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .secrets import mask, mask_spec, split_url

DEFAULT_TIMEOUT_S = 300.0
DEFAULT_RETRIES = 3


@dataclass(frozen=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    model: str = ""
    cached: bool = False  # answered from the cache, no model call made
    truncated_prompt: bool = False  # the prompt was cut (from the left) to fit the model's context
    finish_reason: str = ""

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class BackendError(RuntimeError):
    """The backend could not answer (server down after retries, model failed to load)."""


@runtime_checkable
class Backend(Protocol):
    """Anything that completes a prompt. `model_id` names the model for cache keys and reports."""

    model_id: str

    def complete(
        self, prompt: str, *, max_tokens: int, temperature: float, stop: Sequence[str] = ()
    ) -> Completion: ...


def _cut_at_stop(text: str, stop: Sequence[str]) -> tuple[str, bool]:
    cut = min((i for i in (text.find(s) for s in stop if s) if i >= 0), default=-1)
    return (text[:cut], True) if cut >= 0 else (text, False)


def _rough_tokens(text: str) -> int:
    # For backends that report no usage: about four characters a token for code.
    return max(1, len(text) // 4) if text else 0


# ---------------------------------------------------------------- scripted


@dataclass
class ScriptedBackend:
    """Answers prompts from a fixed list, in order; for tests, demos and replaying a recorded session.

    `answers` are returned one per call; when they run out, `default` is returned (or BackendError is
    raised when `default` is None). Every prompt received is kept in `prompts`, so a test can check what
    the engine asked. Token counts are estimated (four characters a token).
    """

    answers: list[str]
    default: str | None = None
    model_id: str = "scripted"
    prompts: list[str] = field(default_factory=list)

    @property
    def calls(self) -> int:
        return len(self.prompts)

    def complete(
        self, prompt: str, *, max_tokens: int, temperature: float, stop: Sequence[str] = ()
    ) -> Completion:
        index = len(self.prompts)
        self.prompts.append(prompt)
        if index < len(self.answers):
            text = self.answers[index]
        elif self.default is not None:
            text = self.default
        else:
            raise BackendError(f"scripted backend ran out of answers after {len(self.answers)} calls")
        text, _ = _cut_at_stop(text, stop)
        return Completion(text, _rough_tokens(prompt), _rough_tokens(text), self.model_id)


# ---------------------------------------------------------------- transformers


def encode_prompt(tokenizer: Any, prompt: str) -> list[int]:
    """Token ids of a prompt as the model sees it: one user turn of the chat template, or raw text.

    `gpuport finetune` encodes its training prompts with this too, so training and inference agree.
    """
    if getattr(tokenizer, "chat_template", None):
        ids = tokenizer.apply_chat_template(
            [{"role": "user", "content": prompt}], add_generation_prompt=True, tokenize=True
        )
        if isinstance(ids, dict) or hasattr(ids, "input_ids"):
            ids = ids["input_ids"]
        return list(ids)
    return list(tokenizer(prompt, add_special_tokens=True)["input_ids"])


class TransformersBackend:
    """Local weights through transformers' AutoModelForCausalLM; greedy decoding at temperature 0.

    Runs on CUDA when torch sees a GPU (bfloat16 there when supported), else on the CPU in float32. A
    tokenizer with a chat template gets the prompt as one user message; one without gets it raw. A prompt
    longer than the model's context is cut from the left (the marked region and the answer format are at
    its end), and the completion says so.
    """

    def __init__(self, path_or_id: str, *, device: str | None = None) -> None:
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as err:  # pragma: no cover - depends on the environment
            raise BackendError("the transformers backend needs `pip install transformers torch`") from err
        self._torch = torch
        self.model_id = str(path_or_id)
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(path_or_id)
            dtype = torch.float32
            if self.device.startswith("cuda") and torch.cuda.is_bf16_supported():
                dtype = torch.bfloat16
            self.model = AutoModelForCausalLM.from_pretrained(path_or_id, dtype=dtype)
        except (OSError, ValueError) as err:
            raise BackendError(f"cannot load model {path_or_id!r}: {err}") from err
        # transformers types .to() through functools.wraps(nn.Module.to), which drops `self`, and leaves
        # .eval() unannotated; both calls are fine at run time.
        self.model.to(self.device)  # type: ignore[arg-type]
        self.model.eval()  # type: ignore[no-untyped-call]
        cfg = self.model.config
        self.context = int(
            getattr(cfg, "max_position_embeddings", None) or getattr(cfg, "n_positions", None) or 4096
        )

    def _encode(self, prompt: str) -> list[int]:
        return encode_prompt(self.tokenizer, prompt)

    def complete(
        self, prompt: str, *, max_tokens: int, temperature: float, stop: Sequence[str] = ()
    ) -> Completion:
        torch = self._torch
        ids = self._encode(prompt)
        room = max(1, self.context - max_tokens)
        truncated = len(ids) > room
        if truncated:
            ids = ids[-room:]
        max_new = max(1, min(max_tokens, self.context - len(ids)))
        input_ids = torch.tensor([ids], device=self.device)
        kwargs: dict[str, Any] = {
            "max_new_tokens": max_new,
            "attention_mask": torch.ones_like(input_ids),
            "pad_token_id": self.tokenizer.pad_token_id
            if self.tokenizer.pad_token_id is not None
            else self.tokenizer.eos_token_id,
        }
        if temperature > 0:
            kwargs.update(do_sample=True, temperature=temperature)
        else:
            kwargs.update(do_sample=False)
        if stop:
            kwargs.update(stop_strings=list(stop), tokenizer=self.tokenizer)
        with torch.no_grad():
            out = self.model.generate(input_ids, **kwargs)
        new = out[0, input_ids.shape[1] :].tolist()
        decoded = self.tokenizer.decode(new, skip_special_tokens=True)
        # One id list decodes to one string; the list[str] in decode()'s type is for batched input.
        text = decoded if isinstance(decoded, str) else "".join(decoded)
        text, stopped = _cut_at_stop(text, stop)
        reason = "stop" if stopped or (new and new[-1] == self.tokenizer.eos_token_id) else "length"
        return Completion(
            text, len(ids), len(new), self.model_id, truncated_prompt=truncated, finish_reason=reason
        )


# ---------------------------------------------------------------- OpenAI-compatible HTTP


def api_key_from_env() -> str | None:
    return os.environ.get("GPUPORT_LLM_API_KEY") or os.environ.get("OPENAI_API_KEY") or None


class OpenAIBackend:
    """Any server speaking the OpenAI chat-completions (default) or completions API, over plain urllib.

    Retries connection errors, timeouts, 429 and 5xx with exponential backoff and jitter, at most
    `retries` times; other HTTP errors (400 bad request, 401 bad key) fail at once. The key is sent as a
    bearer token and never appears in errors, reports or cache keys.
    """

    def __init__(
        self,
        url: str,
        model: str,
        *,
        api: str = "chat",
        api_key: str | None = None,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        retries: int = DEFAULT_RETRIES,
        backoff_s: float = 1.0,
        system: str | None = "You translate CUDA code. Answer with exactly one fenced code block.",
    ) -> None:
        if api not in ("chat", "completions"):
            raise ValueError(f"api must be 'chat' or 'completions', not {api!r}")
        server = split_url(url)  # credentials in the URL: sent, never shown
        base = server.request.rstrip("/")
        query = ""
        if "?" in base:
            base, query = base.split("?", 1)
            base, query = base.rstrip("/"), "?" + query
        if base.endswith("/v1"):
            base = base[: -len("/v1")]
        self._server = server
        self._request_base, self._query = base, query
        shown = server.display.split("?", 1)[0].rstrip("/")
        self.base_url = shown[: -len("/v1")] if shown.endswith("/v1") else shown  # printable
        self.model = model
        self.model_id = f"{model}@{self.base_url}"
        self.api = api
        self._key = api_key if api_key is not None else (api_key_from_env() or server.key)
        self.timeout_s = timeout_s
        self.retries = max(0, retries)
        self.backoff_s = backoff_s
        self.system = system

    def __repr__(self) -> str:  # no key in logs
        return f"OpenAIBackend({self.base_url!r}, {self.model!r}, api={self.api!r})"

    def _body(self, prompt: str, max_tokens: int, temperature: float, stop: Sequence[str]) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "max_tokens": max_tokens, "temperature": temperature}
        if stop:
            body["stop"] = list(stop)[:4]  # the API allows at most four
        if self.api == "chat":
            messages = [{"role": "system", "content": self.system}] if self.system else []
            body["messages"] = [*messages, {"role": "user", "content": prompt}]
        else:
            body["prompt"] = prompt
        return body

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        data = json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if self._key:
            headers["Authorization"] = f"Bearer {self._key}"
        last: str = ""
        for attempt in range(self.retries + 1):
            url = self._request_base + path + self._query
            req = urllib.request.Request(url, data=data, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(req, timeout=self.timeout_s) as resp:
                    reply: dict[str, Any] = json.loads(resp.read().decode("utf-8"))
                    return reply
            except urllib.error.HTTPError as err:
                detail = err.read()[:500].decode("utf-8", "replace")
                last = f"HTTP {err.code} from {self.base_url}{path}: {detail}"
                if err.code != 429 and err.code < 500:
                    raise BackendError(self._mask(last)) from None
            except (
                urllib.error.URLError,
                TimeoutError,
                ConnectionError,
                json.JSONDecodeError,
                ValueError,  # http.client.InvalidURL
            ) as err:
                last = f"{self.base_url}{path}: {getattr(err, 'reason', err)}"
            if attempt < self.retries:
                time.sleep(self.backoff_s * (2**attempt) * (1 + random.random() / 4))
        raise BackendError(self._mask(f"no answer after {self.retries + 1} tries: {last}"))

    def _mask(self, text: str) -> str:
        # The server's own text may echo the request (its URL, its Authorization header).
        return self._server.mask(text, (self._key,))

    def complete(
        self, prompt: str, *, max_tokens: int, temperature: float, stop: Sequence[str] = ()
    ) -> Completion:
        path = "/v1/chat/completions" if self.api == "chat" else "/v1/completions"
        reply = self._post(path, self._body(prompt, max_tokens, temperature, stop))
        try:
            choice = reply["choices"][0]
            text = choice["message"]["content"] if self.api == "chat" else choice["text"]
        except (KeyError, IndexError, TypeError):
            raise BackendError(
                self._mask(f"unexpected reply shape from {self.base_url}: {str(reply)[:300]}")
            ) from None
        text = text or ""
        usage = reply.get("usage") or {}
        return Completion(
            text,
            int(usage.get("prompt_tokens") or _rough_tokens(prompt)),
            int(usage.get("completion_tokens") or _rough_tokens(text)),
            self.model_id,
            finish_reason=str(choice.get("finish_reason") or ""),
        )


# ---------------------------------------------------------------- spec parsing


def parse_backend(spec: str) -> Backend:
    """Build a backend from a `--llm` spec (see the module doc). Raises ValueError on a bad spec, whose
    message shows the spec with any credentials in its URL hidden."""
    try:
        return _parse_backend(spec)
    except ValueError as err:
        raise ValueError(
            mask(str(err).replace(repr(spec), repr(mask_spec(spec))), _spec_secrets(spec))
        ) from None


def _spec_secrets(spec: str) -> tuple[str, ...]:
    kind, _, rest = spec.partition(":")
    if not kind.startswith("openai"):
        return ()
    try:
        return split_url(rest.rpartition("#")[0] or rest).secrets
    except ValueError:
        return ()


def _parse_backend(spec: str) -> Backend:
    kind, sep, rest = spec.partition(":")
    if not sep or not rest:
        raise ValueError(f"bad --llm spec {spec!r}: expected transformers:PATH or openai:URL#MODEL")
    if kind == "transformers":
        return TransformersBackend(rest)
    if kind in ("openai", "openai-completions"):
        url, hash_, model = rest.rpartition("#")
        if not hash_ or not url or not model:
            raise ValueError(
                f"bad --llm spec {spec!r}: expected openai:URL#MODEL, e.g. openai:http://localhost:8000#Qwen/Qwen2.5-Coder-7B-Instruct"
            )
        return OpenAIBackend(url, model, api="chat" if kind == "openai" else "completions")
    if kind == "scripted":
        answers = json.loads(Path(rest).read_text(encoding="utf-8"))
        if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
            raise ValueError(f"{rest}: a scripted backend file holds a JSON list of strings")
        return ScriptedBackend(answers, model_id=f"scripted:{Path(rest).name}")
    raise ValueError(
        f"unknown --llm backend {kind!r}: expected transformers, openai, openai-completions or scripted"
    )
