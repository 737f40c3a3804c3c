"""Upload an exported dataset folder (dataset/export.py) to the Hugging Face Hub.

    publish("out/", "user/gpuport-corpus", dry_run=True)   # what would be uploaded; touches nothing
    publish("out/", "user/gpuport-corpus")                 # create_repo(exist_ok) + upload_folder

The token comes from the `token` argument, else `HF_TOKEN`, else the Hub login
(`huggingface_hub.get_token()`). It is never printed or logged: every error message that leaves this module
passes through `mask()`, and the original exception is not chained (its text could echo a header).

The dry run is exact because it and the upload select files with the same function and the same patterns
(`huggingface_hub`'s own `filter_repo_objects`, its default ignores plus ours); it computes sizes and
sha256 locally and makes no network call and no Hub object.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_TYPE = "dataset"
# Hidden files and folders (editor swap files, .DS_Store, a local .cache) are never uploaded.
IGNORE_PATTERNS = [".*", "*/.*"]
# Remote shards that this export does not contain are deleted in the same commit: the card's data_files
# globs (data/train-*.parquet) would otherwise mix an older export's shards into the new one.
DELETE_PATTERNS = ["data/*.parquet"]
MASK = "hf_***"


class PublishError(RuntimeError):
    """A publish failure whose message is safe to print (the token is masked)."""


@dataclass(frozen=True)
class PlannedFile:
    path: str  # relative to the folder, posix
    size: int
    sha256: str

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "size": self.size, "sha256": self.sha256}


def mask(text: str, token: str | None) -> str:
    """text with every occurrence of the token replaced by a fixed mark."""
    if token:
        text = text.replace(token, MASK)
    return text


def resolve_token(token: str | None = None) -> tuple[str | None, str]:
    """(token, where it came from). The token value must never be shown; the source may be."""
    if token:
        return token, "argument"
    env = os.environ.get("HF_TOKEN")
    if env:
        return env, "HF_TOKEN"
    from huggingface_hub import get_token

    stored = get_token()  # HF_TOKEN / HUGGING_FACE_HUB_TOKEN or the file written by `hf auth login`
    if stored:
        return stored, "hub login"
    return None, "none"


def _selected(folder: Path) -> list[str]:
    """Relative paths that upload_folder(folder, ignore_patterns=IGNORE_PATTERNS) would add, sorted."""
    from huggingface_hub import utils as hf_utils

    ignores = [*IGNORE_PATTERNS, *hf_utils.DEFAULT_IGNORE_PATTERNS]  # type: ignore[attr-defined]

    # Same listing as HfApi._prepare_upload_folder_additions: every regular file below the folder.
    rel = [p.relative_to(folder).as_posix() for p in sorted(folder.glob("**/*")) if p.is_file()]
    return list(hf_utils.filter_repo_objects(rel, ignore_patterns=ignores))  # type: ignore[attr-defined]


def _links(folder: Path) -> list[str]:
    """Symbolic links (to files or folders) anywhere below folder, relative, sorted."""
    out = []
    for here, dirs, files in os.walk(folder):  # does not follow linked folders; lists them in dirs
        for name in dirs + files:
            if (Path(here) / name).is_symlink():
                out.append((Path(here) / name).relative_to(folder).as_posix())
    return sorted(out)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def plan(out_dir: str | Path) -> list[PlannedFile]:
    """The files an upload of out_dir sends, with sizes and sha256, after checking it is an export."""
    folder = Path(out_dir).expanduser().resolve()
    if not folder.is_dir():
        raise PublishError(f"{out_dir}: not a folder")
    links = _links(folder)
    if links:
        # upload_folder would send what a link points at (any file on this machine) under the link's name.
        raise PublishError(f"{out_dir}: refusing to upload symlinked files: {', '.join(links)}")
    files = _selected(folder)
    if "README.md" not in files:
        raise PublishError(f"{out_dir}: no README.md (dataset card); run `gpuport export` first")
    if not any(f.startswith("data/") and f.endswith(".parquet") for f in files):
        raise PublishError(f"{out_dir}: no data/*.parquet shards; run `gpuport export` first")
    _check_card(folder / "README.md")
    return [PlannedFile(f, (folder / f).stat().st_size, _sha256(folder / f)) for f in files]


def _check_card(readme: Path) -> None:
    """Parse the card's YAML locally (the Hub validates it again, online, before accepting an upload)."""
    from huggingface_hub import DatasetCard

    text = readme.read_text(encoding="utf-8")
    if not text.startswith("---"):
        raise PublishError(f"{readme}: the dataset card has no YAML front matter")
    try:
        DatasetCard(text)
    except Exception as err:  # noqa: BLE001  yaml and card errors alike
        raise PublishError(f"{readme}: the dataset card's YAML does not parse: {err}") from None


def _check_repo_id(repo_id: str) -> None:
    from huggingface_hub.utils import HFValidationError, validate_repo_id  # type: ignore[attr-defined]

    try:
        validate_repo_id(repo_id)
    except HFValidationError as err:
        raise PublishError(f"invalid repository id {repo_id!r}: {err}") from None
    if repo_id.count("/") != 1:
        raise PublishError(f"repository id must be USER/NAME or ORG/NAME, got {repo_id!r}")


def publish(
    out_dir: str | Path,
    repo_id: str,
    *,
    token: str | None = None,
    private: bool = False,
    dry_run: bool = False,
    commit_message: str | None = None,
) -> dict[str, Any]:
    """Upload out_dir as the dataset repository repo_id; with dry_run, only say what would be uploaded.

    Returns a summary (never the token): repo, files (path, size, sha256), total bytes, and for a real
    upload the repository URL and commit.
    """
    _check_repo_id(repo_id)
    files = plan(out_dir)
    value, source = resolve_token(token)
    summary: dict[str, Any] = {
        "repo_id": repo_id,
        "repo_type": REPO_TYPE,
        "private": private,
        "dry_run": dry_run,
        "token_source": source,  # where a token was found, never its value
        "files": [f.to_dict() for f in files],
        "total_bytes": sum(f.size for f in files),
        "delete_remote_patterns": DELETE_PATTERNS,
    }
    if dry_run:
        return summary
    if value is None:
        raise PublishError(
            "no Hugging Face token: set HF_TOKEN or run `hf auth login` (the token is never printed)"
        )
    from huggingface_hub import HfApi

    api = HfApi(token=value)
    step = "create_repo"
    try:
        url = api.create_repo(repo_id, repo_type=REPO_TYPE, private=private, exist_ok=True, token=value)
        step = "upload_folder"
        info = api.upload_folder(
            repo_id=repo_id,
            repo_type=REPO_TYPE,
            folder_path=str(Path(out_dir).expanduser().resolve()),
            ignore_patterns=list(IGNORE_PATTERNS),
            delete_patterns=list(DELETE_PATTERNS),
            commit_message=commit_message or f"gpuport export: {len(files)} files",
            token=value,
        )
    except Exception as err:  # noqa: BLE001  any Hub or network failure, reported without the token
        raise PublishError(mask(f"{step} for {repo_id} failed: {type(err).__name__}: {err}", value)) from None
    summary["url"] = mask(str(url), value)
    summary["commit"] = mask(str(getattr(info, "commit_url", info)), value)
    return summary
