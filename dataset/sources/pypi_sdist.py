"""CUDA translation units from PyPI source distributions, with their licence and origin.

`download_sdist` fetches the sdist from PyPI's JSON API into a cache folder (sha256 checked, nothing of the
package run) and reuses a cached archive; `extract_sdist` unpacks a .tar.gz/.zip safely (no absolute paths, no `..`,
no links) and hands the tree to `local.extract_tree`, recording package, version, path and licence (from
PKG-INFO's License-Expression / License / classifiers, else the licence file's text).
"""

from __future__ import annotations

import email.parser
import hashlib
import json
import os
import re
import shutil
import tarfile
import tempfile
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .local import Extracted, extract_tree, find_licence, licence_from_text

DEFAULT_CACHE = Path("/tmp/gpuport-sdists")
PYPI_JSON = "https://pypi.org/pypi"
PYPI_JSON_ENV = "GPUPORT_PYPI_JSON"  # another index with PyPI's JSON API (a mirror, a test server)
ARCHIVE_SUFFIXES = (".tar.gz", ".tgz", ".zip", ".tar.bz2")


class SdistError(RuntimeError):
    pass


@dataclass(frozen=True)
class SdistInfo:
    package: str
    version: str
    licence: str
    archive: Path
    root: Path  # the unpacked top folder


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def split_spec(spec: str) -> tuple[str, str | None]:
    """'torch-scatter==2.1.2' -> ('torch-scatter', '2.1.2'); a bare name -> (name, None)."""
    if "==" in spec:
        name, ver = spec.split("==", 1)
        return name.strip(), ver.strip()
    if re.search(r"[<>=!~ ;\[]", spec):
        raise SdistError(f"{spec!r}: give NAME or NAME==VERSION")
    return spec.strip(), None


def cached_archive(name: str, version: str | None, cache: Path) -> Path | None:
    """An sdist of name (and version) already in the cache, newest file name last-sorted wins."""
    if not cache.is_dir():
        return None
    want = _norm(name)
    hits = []
    for p in sorted(cache.rglob("*")):
        if not p.is_file() or not p.name.endswith(ARCHIVE_SUFFIXES):
            continue
        stem = next(p.name[: -len(s)] for s in ARCHIVE_SUFFIXES if p.name.endswith(s))
        pkg, _, ver = stem.rpartition("-")
        if _norm(pkg) == want and (version is None or ver == version):
            hits.append(p)
    return hits[-1] if hits else None


def download_sdist(spec: str, cache: Path = DEFAULT_CACHE, timeout_s: float = 600.0) -> Path:
    """The sdist archive for NAME[==VER]: from the cache, else downloaded there from PyPI's JSON API.

    Only the archive is fetched, its sha256 checked against the index's digest: nothing of the package
    runs. (pip download prepared the sdist's metadata, which runs its setup.py: a stranger's code, on
    this machine, before any sandbox; and packages whose setup.py needs torch or CUDA at that point
    could not be downloaded at all.)"""
    name, version = split_spec(spec)
    hit = cached_archive(name, version, cache)
    if hit is not None:
        return hit
    pin = f"{name}=={version}" if version else name
    base = os.environ.get(PYPI_JSON_ENV, PYPI_JSON).rstrip("/")
    url = f"{base}/{_norm(name)}/json"  # the project's document: "urls" (latest) and every release
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as resp:
            meta = json.load(resp)
    except (OSError, ValueError) as err:
        raise SdistError(f"{pin}: no release information from {url}: {err}") from err
    files = meta.get("releases", {}).get(version, []) if version else meta.get("urls", [])
    if version and not files:
        raise SdistError(f"{pin}: the index lists no files for version {version}")
    sdists = [u for u in files if u.get("packagetype") == "sdist"]
    sdists = [u for u in sdists if str(u.get("filename", "")).endswith(ARCHIVE_SUFFIXES)]
    if not sdists:
        raise SdistError(f"{pin}: the release has no source distribution on the index")
    entry = sdists[0]
    filename = Path(str(entry["filename"])).name  # a name, never a path from the index
    dest = cache / _norm(name)
    dest.mkdir(parents=True, exist_ok=True)
    part = dest / (filename + ".part")
    digest = hashlib.sha256()
    try:
        with urllib.request.urlopen(str(entry["url"]), timeout=timeout_s) as resp, open(part, "wb") as f:
            while chunk := resp.read(1 << 20):
                digest.update(chunk)
                f.write(chunk)
    except OSError as err:
        part.unlink(missing_ok=True)
        raise SdistError(f"{pin}: download of {filename} failed: {err}") from err
    want = str(entry.get("digests", {}).get("sha256", ""))
    if want and digest.hexdigest() != want:
        part.unlink(missing_ok=True)
        raise SdistError(f"{pin}: {filename} does not match the index's sha256")
    part.rename(dest / filename)
    return dest / filename


def _safe_members_tar(tf: tarfile.TarFile) -> list[tarfile.TarInfo]:
    out = []
    for m in tf.getmembers():
        p = Path(m.name)
        if p.is_absolute() or ".." in p.parts or not (m.isfile() or m.isdir()):
            continue  # links and devices are dropped: we only want source text
        out.append(m)
    return out


def unpack(archive: Path, dest: Path) -> Path:
    """Unpack archive into dest and return its single top folder (or dest when there are several)."""
    dest.mkdir(parents=True, exist_ok=True)
    name = archive.name
    if name.endswith((".tar.gz", ".tgz", ".tar.bz2")):
        with tarfile.open(archive) as tf:
            tf.extractall(dest, members=_safe_members_tar(tf), filter="data")
    elif name.endswith(".zip"):
        with zipfile.ZipFile(archive) as zf:
            for info in zf.infolist():
                p = Path(info.filename)
                if p.is_absolute() or ".." in p.parts or info.is_dir():
                    continue
                target = dest / p
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(zf.read(info))
    else:
        raise SdistError(f"{archive}: unknown archive type")
    tops = [p for p in dest.iterdir()]
    return tops[0] if len(tops) == 1 and tops[0].is_dir() else dest


def read_pkg_info(root: Path) -> dict[str, Any]:
    """Name, version and licence fields of the sdist's PKG-INFO (empty values when absent)."""
    path = root / "PKG-INFO"
    if not path.is_file():
        cands = sorted(root.glob("*.egg-info/PKG-INFO"))
        path = cands[0] if cands else path
    if not path.is_file():
        return {"name": "", "version": "", "license": "", "classifiers": []}
    msg = email.parser.Parser().parsestr(path.read_text(errors="replace"), headersonly=True)
    return {
        "name": msg.get("Name", "") or "",
        "version": msg.get("Version", "") or "",
        "license": (msg.get("License-Expression") or msg.get("License") or "").strip(),
        "classifiers": [c for c in msg.get_all("Classifier") or [] if c.startswith("License ::")],
    }


def licence_of(root: Path, pkg: dict[str, Any]) -> str:
    lic = str(pkg.get("license", "")).strip()
    # Some packages paste the whole licence text into License:; keep a short name.
    if lic and "\n" not in lic and len(lic) <= 80 and lic.upper() != "UNKNOWN":
        return lic
    if pkg.get("classifiers"):
        return str(pkg["classifiers"][0]).split("::")[-1].strip()
    if lic:
        return licence_from_text(lic)
    f = find_licence(root)
    return licence_from_text(f.read_text(errors="replace")) if f else "unknown"


def extract_sdist(
    archive: Path,
    out: Path,
    seen: dict[str, str] | None = None,
    workdir: Path | None = None,
    licences: list[str] | None = None,
) -> tuple[SdistInfo, Extracted]:
    """Unpack an sdist archive and write one task per unique .cu file under out (nothing when its
    licence is not on the allow-list `licences`, default: permissive ones)."""
    from .licences import allowed

    tmp_owner = None
    if workdir is None:
        tmp_owner = tempfile.mkdtemp(prefix="gpuport-sdist-")
        workdir = Path(tmp_owner)
    try:
        root = unpack(archive, workdir / archive.name.replace(".", "_"))
        pkg = read_pkg_info(root)
        name = pkg["name"] or archive.name.split("-")[0]
        version = pkg["version"] or "unknown"
        licence = licence_of(root, pkg)
        info = SdistInfo(name, version, licence, archive, root)
        origin = {
            "origin": "pypi-sdist",
            "package": name,
            "version": version,
            "licence": licence,
            "archive": archive.name,
            "id_prefix": f"pypi:{name}=={version}",
        }
        if not allowed(licence, licences):
            return info, Extracted(
                skipped=[f"{name} {version}: licence {licence!r} is not on the allow-list"]
            )
        result = extract_tree(root, out, origin, prefix=name, seen=seen)
        return info, result
    finally:
        if tmp_owner is not None:
            shutil.rmtree(tmp_owner, ignore_errors=True)


def corpus_from_pypi(
    specs: list[str], out: Path, cache: Path = DEFAULT_CACHE, licences: list[str] | None = None
) -> list[tuple[str, Any]]:
    """`gpuport corpus pypi`: for each spec, (spec, (SdistInfo, Extracted)) or (spec, SdistError)."""
    seen: dict[str, str] = {}
    results: list[tuple[str, Any]] = []
    for spec in specs:
        try:
            archive = download_sdist(spec, cache)
            results.append((spec, extract_sdist(archive, out, seen, licences=licences)))
        except (SdistError, tarfile.TarError, zipfile.BadZipFile, OSError) as err:
            results.append((spec, err))
    return results
