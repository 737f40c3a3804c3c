"""Credentials written into an `openai:` URL are never printed in any form (issue 21).

A real HTTP server on localhost plays a badly behaved proxy: it answers every request with an error
whose body echoes the request line and headers (the Authorization header included), so a message that
passes the server's text through would leak the key. The real CLI runs against it; its stdout, stderr,
JSON and HTML reports and the completion cache are searched for the secrets in every form.
"""

from __future__ import annotations

import base64
import http.server
import os
import sqlite3
import subprocess
import sys
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpuport.models.backends import parse_backend

PASSWORD = "pa$$-S3CRET/xyz"
USER = "alice-S3CRETUSER"
QUERY_KEY = "sk-QUERY-S3CRET-42"
ENV_KEY = "sk-ENV-S3CRET-77"
# Inline PTX with no HIP counterpart: left unconverted by the rules, so the fallback asks the model.
UNCONVERTED = (
    b'__global__ void k(float *p) { asm volatile("prefetch.global.L2 [%0];" :: "l"(p)); p[0] = 1; }\n'
)


class EchoHandler(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802  (http.server's naming)
        body = f"{self.requestline}\n{self.headers}".encode()
        self.send_response(401)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def echo_server() -> Iterator[int]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), EchoHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def forms(secret: str) -> list[str]:
    quoted = urllib.parse.quote(secret, safe="")
    return [secret, quoted, quoted.lower(), urllib.parse.quote_plus(secret)]


def leaked(text: str) -> list[str]:
    found = []
    for secret in (PASSWORD, USER, QUERY_KEY, ENV_KEY):
        found += [f for f in forms(secret) if f in text]
    basic = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    if basic in text:
        found.append("base64 user:password")
    return found


def test_parse_backend_hides_userinfo_and_query_values() -> None:
    user = urllib.parse.quote(USER, safe="")
    spec = (
        f"openai:http://{user}:{urllib.parse.quote(PASSWORD, safe='')}@127.0.0.1:9/v1?api_key={QUERY_KEY}#m"
    )
    backend = parse_backend(spec)
    for text in (repr(backend), backend.model_id, str(vars(backend).get("display_url"))):
        assert not leaked(text), (text, leaked(text))
    # A bad spec's message must not echo it either.
    with pytest.raises(ValueError) as err:
        parse_backend(f"openai:http://{user}:{urllib.parse.quote(PASSWORD, safe='')}@127.0.0.1:9/v1")
    assert not leaked(str(err.value)), str(err.value)


def test_cli_never_prints_credentials(tmp_path: Path, echo_server: int) -> None:
    src = tmp_path / "k.cu"
    src.write_bytes(UNCONVERTED)
    user = urllib.parse.quote(USER, safe="")
    password = urllib.parse.quote(PASSWORD, safe="")
    url = f"http://{user}:{password}@127.0.0.1:{echo_server}/v1?api_key={QUERY_KEY}"
    env = {**os.environ, "GPUPORT_LLM_API_KEY": ENV_KEY}
    outputs = []
    for llm in (f"openai:{url}#tiny-model", f"openai:http://{user}:{password}@127.0.0.1:1#tiny-model"):
        report_json, report_html, cache = tmp_path / "r.json", tmp_path / "r.html", tmp_path / "cache.sqlite"
        proc = subprocess.run(
            [sys.executable, "-m", "gpuport", "translate", str(src), "-o", str(tmp_path / "out.hip")]
            + ["--llm", llm, "--llm-cache", str(cache), "--llm-repairs", "0"]
            + ["--report-json", str(report_json), "--report-html", str(report_html)],
            capture_output=True,
            env=env,
            timeout=300,
            cwd=tmp_path,
        )
        assert b"Traceback" not in proc.stderr, proc.stderr.decode()
        outputs += [proc.stdout.decode(), proc.stderr.decode()]
        outputs += [p.read_text() for p in (report_json, report_html) if p.exists()]
        if cache.exists():
            db = sqlite3.connect(cache)
            outputs += [repr(row) for t in ("sqlite_master",) for row in db.execute(f"SELECT * FROM {t}")]
            for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'"):
                outputs += [repr(row) for row in db.execute(f"SELECT * FROM {name}")]
            db.close()
    text = "\n".join(outputs)
    assert "127.0.0.1" in text  # the server was reached and named...
    assert not leaked(text), leaked(text)  # ...but no credential was shown
