"""Credentials inside a model server URL (`openai:https://user:KEY@host/v1?api_key=KEY#model`).

They are split off before anything else sees the URL: requests go to the URL without its userinfo (the
password, or a lone user name, becomes the bearer key), every message, report, cache key and repr shows
`display` (userinfo and query values replaced by ***), and `mask` removes each secret from any text that
came from elsewhere (a server error page echoing the request) in every spelling: as written,
percent-encoded either way, and as the base64 of a Basic auth header.
"""

from __future__ import annotations

import base64
import urllib.parse
from dataclasses import dataclass

HIDDEN = "***"


@dataclass(frozen=True)
class ServerURL:
    request: str  # what is requested: no userinfo, query kept (a key in the query must still be sent)
    display: str  # what may be printed
    key: str | None  # the password (or lone user name) of the userinfo
    secrets: tuple[str, ...]  # every credential, for mask()

    def mask(self, text: str, extra: tuple[str | None, ...] = ()) -> str:
        return mask(text, (*self.secrets, *extra))


def _spellings(secret: str) -> set[str]:
    quoted = urllib.parse.quote(secret, safe="")
    out = {secret, quoted, quoted.lower(), urllib.parse.quote_plus(secret), urllib.parse.unquote(secret)}
    out.add(urllib.parse.quote(secret))  # '/' left as is
    return {s for s in out if s}


def mask(text: str, secrets: tuple[str | None, ...]) -> str:
    """`text` with every spelling of every secret replaced by ***; the longest first, so no tail is left."""
    forms: set[str] = set()
    real = [s for s in secrets if s]
    for s in real:
        forms |= _spellings(s)
    for a in real:  # a Basic auth header of any two of them
        for b in real:
            forms.add(base64.b64encode(f"{a}:{b}".encode()).decode())
    for form in sorted(forms, key=len, reverse=True):
        text = text.replace(form, HIDDEN)
    return text


def split_url(url: str) -> ServerURL:
    """Parse a model server URL into what is requested, what is shown and which parts are secret."""
    parts = urllib.parse.urlsplit(url)
    secrets: list[str] = []
    user = urllib.parse.unquote(parts.username) if parts.username else None
    password = urllib.parse.unquote(parts.password) if parts.password else None
    for raw, decoded in ((parts.username, user), (parts.password, password)):
        if raw:
            secrets += [raw, decoded or ""]
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"  # IPv6
    netloc = host + (f":{parts.port}" if parts.port else "")
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    secrets += [v for _, v in query if v]
    shown_query = "&".join(f"{k}={HIDDEN}" for k, _ in query)
    request = urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))
    shown_netloc = (f"{HIDDEN}@" if parts.username or parts.password else "") + netloc
    display = urllib.parse.urlunsplit((parts.scheme, shown_netloc, parts.path, shown_query, ""))
    return ServerURL(request, display, password or user, tuple(s for s in secrets if s))


def mask_spec(spec: str) -> str:
    """A `--llm` spec fit to print: an openai URL's credentials hidden (other specs are paths)."""
    kind, sep, rest = spec.partition(":")
    if not sep or not kind.startswith("openai"):
        return spec
    url, hash_, model = rest.rpartition("#")
    if not hash_:
        url, model = rest, ""
    try:
        shown = split_url(url)
    except ValueError:  # unparsable (a bad port): show nothing of it
        return f"{kind}:<url hidden>" + (f"#{model}" if model else "")
    return f"{kind}:{shown.mask(shown.display)}" + (f"#{model}" if hash_ else "")
