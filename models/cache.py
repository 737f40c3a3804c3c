"""A completion cache, so re-running a translation costs no model calls and gives the same answer.

Keyed by sha256 over (full prompt, model id, temperature, max_tokens, stop strings): anything that can
change the answer. Stored in one SQLite file (default `~/.cache/gpuport/llm.sqlite`, or
`$GPUPORT_LLM_CACHE`, or a path given by the caller). Sampled answers (temperature > 0) are cached too:
a re-run then repeats the earlier sample, which is what "repeatable" asks for.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from .backends import Backend, Completion


def default_cache_path() -> Path:
    env = os.environ.get("GPUPORT_LLM_CACHE")
    if env:
        return Path(env)
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "gpuport" / "llm.sqlite"


def cache_key(
    prompt: str, model_id: str, temperature: float, max_tokens: int, stop: Sequence[str] = ()
) -> str:
    blob = json.dumps(
        {
            "prompt": prompt,
            "model": model_id,
            "temperature": temperature,
            "max_tokens": max_tokens,
            "stop": list(stop),
        },
        sort_keys=True,
    )
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class CompletionCache:
    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_cache_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(self.path), timeout=30.0)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS completions (key TEXT PRIMARY KEY, model TEXT NOT NULL, text TEXT NOT NULL,"
            " prompt_tokens INTEGER NOT NULL, completion_tokens INTEGER NOT NULL, finish_reason TEXT NOT NULL,"
            " created_at REAL NOT NULL)"
        )
        self.db.commit()

    def get(self, key: str) -> Completion | None:
        row = self.db.execute(
            "SELECT model, text, prompt_tokens, completion_tokens, finish_reason FROM completions WHERE key=?",
            (key,),
        ).fetchone()
        if row is None:
            return None
        return Completion(row[1], row[2], row[3], row[0], cached=True, finish_reason=row[4])

    def put(self, key: str, completion: Completion) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO completions VALUES (?,?,?,?,?,?,?)",
            (
                key,
                completion.model,
                completion.text,
                completion.prompt_tokens,
                completion.completion_tokens,
                completion.finish_reason,
                time.time(),
            ),
        )
        self.db.commit()

    def __len__(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM completions").fetchone()[0])

    def close(self) -> None:
        self.db.close()


class CachedBackend:
    """Wraps a backend: answers from the cache when it can, else asks the backend and stores the answer."""

    def __init__(self, backend: Backend, cache: CompletionCache) -> None:
        self.backend = backend
        self.cache = cache
        self.model_id = backend.model_id
        self.hits = 0
        self.misses = 0

    def complete(
        self, prompt: str, *, max_tokens: int, temperature: float, stop: Sequence[str] = ()
    ) -> Completion:
        key = cache_key(prompt, self.model_id, temperature, max_tokens, stop)
        hit = self.cache.get(key)
        if hit is not None:
            self.hits += 1
            return hit
        self.misses += 1
        completion = self.backend.complete(prompt, max_tokens=max_tokens, temperature=temperature, stop=stop)
        self.cache.put(key, replace(completion, cached=False))
        return completion
