"""A small OpenAI-compatible server for a local model: `python -m gpuport.models.serve MODEL_DIR --port N`.

It serves `POST /v1/chat/completions`, `POST /v1/completions` and `GET /v1/models` for one model loaded
with the transformers backend, one request at a time. It exists so the OpenAI backend can be tested
end to end without a network, and so a model fine-tuned with `gpuport finetune` can be shared on a
workstation. For real serving use vLLM (`vllm serve MODEL`), which speaks the same API.

With `--api-key KEY` (or $GPUPORT_SERVE_API_KEY) requests must carry `Authorization: Bearer KEY`.
It binds 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .backends import Backend, BackendError, TransformersBackend

MAX_BODY = 16 * 1024 * 1024


def _prompt_from_messages(messages: list[dict[str, Any]]) -> str:
    # The backend applies the tokenizer's chat template to one user turn; earlier turns are folded in.
    parts = [str(m.get("content") or "") for m in messages if m.get("role") != "system"]
    return "\n\n".join(parts)


def make_server(
    backend: Backend, host: str = "127.0.0.1", port: int = 0, api_key: str | None = None
) -> ThreadingHTTPServer:
    """A server (not yet serving) for `backend`; port 0 picks a free port (see server.server_address)."""
    lock = threading.Lock()
    model_name = backend.model_id

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # quiet: no request log on stderr
            return

        def _send(self, code: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _authorised(self) -> bool:
            if not api_key:
                return True
            if self.headers.get("Authorization", "") == f"Bearer {api_key}":
                return True
            self._send(401, {"error": {"message": "bad or missing API key", "type": "invalid_request_error"}})
            return False

        def do_GET(self) -> None:
            if not self._authorised():
                return
            if self.path.rstrip("/") == "/v1/models":
                self._send(200, {"object": "list", "data": [{"id": model_name, "object": "model"}]})
            else:
                self._send(404, {"error": {"message": f"no route {self.path}"}})

        def do_POST(self) -> None:
            if not self._authorised():
                return
            route = self.path.rstrip("/")
            if route not in ("/v1/chat/completions", "/v1/completions"):
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            length = int(self.headers.get("Content-Length") or 0)
            if length <= 0 or length > MAX_BODY:
                self._send(400, {"error": {"message": "missing or oversized body"}})
                return
            try:
                body = json.loads(self.rfile.read(length))
                chat = route.endswith("chat/completions")
                prompt = _prompt_from_messages(body["messages"]) if chat else str(body["prompt"])
                max_tokens = int(body.get("max_tokens") or 256)
                temperature = float(body.get("temperature") or 0.0)
                stop = body.get("stop") or []
                stop = [stop] if isinstance(stop, str) else list(stop)
            except (ValueError, KeyError, TypeError) as err:
                self._send(400, {"error": {"message": f"bad request: {err}"}})
                return
            try:
                with lock:  # one generation at a time
                    c = backend.complete(prompt, max_tokens=max_tokens, temperature=temperature, stop=stop)
            except BackendError as err:
                self._send(500, {"error": {"message": str(err)}})
                return
            choice: dict[str, Any] = {"index": 0, "finish_reason": c.finish_reason or "stop"}
            if chat:
                choice["message"] = {"role": "assistant", "content": c.text}
            else:
                choice["text"] = c.text
            self._send(
                200,
                {
                    "id": f"gpuport-{uuid.uuid4().hex[:12]}",
                    "object": "chat.completion" if chat else "text_completion",
                    "created": int(time.time()),
                    "model": body.get("model") or model_name,
                    "choices": [choice],
                    "usage": {
                        "prompt_tokens": c.prompt_tokens,
                        "completion_tokens": c.completion_tokens,
                        "total_tokens": c.total_tokens,
                    },
                },
            )

    return ThreadingHTTPServer((host, port), Handler)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m gpuport.models.serve", description=__doc__.split("\n")[0])
    p.add_argument("model", help="model folder or hub id (transformers)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--api-key", default=os.environ.get("GPUPORT_SERVE_API_KEY"))
    args = p.parse_args(argv)
    server = make_server(TransformersBackend(args.model), args.host, args.port, args.api_key)
    host, port = server.server_address[:2]
    if isinstance(host, bytes | bytearray):  # socketserver types the address loosely; it is a str for AF_INET
        host = bytes(host).decode()
    print(f"serving {args.model} on http://{host}:{port}/v1 (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
