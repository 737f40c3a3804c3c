"""Re-create the local cache of the real-world CUDA corpus listed in projects.toml.

    python3 bench/realworld/cache.py [--cache DIR] [--mirrors DIR] [--check] [NAME ...]

github entries are extracted from the bare mirrors that the search tool's `fetch` verb leaves under
`<mirrors>/<owner>+<name>/repo` (or `.../repo/.git`); a missing mirror is reported as
`needs fetch: github:owner/name`. pypi entries are downloaded with `pip download` (sdist only) and
unpacked with their single top-level folder stripped. Each extracted project gets a `.gpuport-commit`
marker, so a second run skips it. `--check` verifies that every program folder, unit and include folder
of the selected projects exists in the cache.

Exit status: 0 when everything is present (and, with --check, complete), 1 otherwise.

The harness imports this module (`sys.path.insert(0, "bench/realworld"); import cache`) for
`load_projects` and `project_dir`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PROJECTS = HERE / "projects.toml"
DEFAULT_CACHE = Path.home() / ".cache" / "gpuport" / "realworld"
DEFAULT_MIRRORS = Path(os.environ.get("GPUPORT_MIRRORS", "/work/.mirror"))
MARKER = ".gpuport-commit"


def load_projects(path: Path | str = PROJECTS) -> list[dict[str, Any]]:
    """The `[[project]]` tables of projects.toml, in file order."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    projects: list[dict[str, Any]] = data.get("project", [])
    return projects


def project_dir(cache: Path | str, name: str) -> Path:
    """Where project `name` lives in the cache (its repository root or unpacked sdist root)."""
    return Path(cache).expanduser() / name


def mirror_git_dir(mirrors: Path, origin: str) -> Path | None:
    """The git directory of a fetched snapshot of `github:owner/name`, or None when it is absent."""
    owner_name = origin.split(":", 1)[1]
    base = mirrors / owner_name.replace("/", "+")
    for candidate in (base / "repo" / ".git", base / "repo", base):
        if (candidate / "HEAD").is_file() and (candidate / "objects").is_dir():
            return candidate
    return None


def _marker_holds(dest: Path, commit: str) -> bool:
    marker = dest / MARKER
    return marker.is_file() and marker.read_text().strip() == commit


def extract_git(git_dir: Path, commit: str, dest: Path) -> int:
    """Write the tree of `commit` into `dest`; return how many blobs the snapshot lacks.

    Snapshots lack files of 4 MiB and more, so `git archive` would stop at the first missing blob;
    this reads blob by blob and skips the missing ones (and submodules)."""
    listing = subprocess.run(
        ["git", f"--git-dir={git_dir}", "ls-tree", "-r", "-z", "--full-tree", commit],
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    entries: list[tuple[str, str, str]] = []
    for raw in listing:
        if not raw:
            continue
        meta, raw_path = raw.split(b"\t", 1)
        mode, kind, sha = meta.decode().split()
        if kind == "blob":
            entries.append((mode, sha, raw_path.decode("utf-8", "surrogateescape")))
    tmp = dest.with_name(dest.name + ".part")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    missing = 0
    proc = subprocess.Popen(
        ["git", f"--git-dir={git_dir}", "cat-file", "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    for mode, sha, path in entries:
        proc.stdin.write(sha.encode() + b"\n")
        proc.stdin.flush()
        header = proc.stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":  # "<sha> missing"
            missing += 1
            continue
        data = proc.stdout.read(int(header[2]))
        proc.stdout.read(1)  # the newline after each object
        target = tmp / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if mode == "120000":
            try:
                os.symlink(data.decode("utf-8", "surrogateescape"), target)
            except OSError:
                missing += 1
            continue
        target.write_bytes(data)
        if mode == "100755":
            target.chmod(0o755)
    proc.stdin.close()
    proc.wait()
    (tmp / MARKER).write_text(commit + "\n")
    shutil.rmtree(dest, ignore_errors=True)
    tmp.rename(dest)
    return missing


def _strip_top(root: Path, dest: Path) -> None:
    tops = [p for p in root.iterdir()]
    src = tops[0] if len(tops) == 1 and tops[0].is_dir() else root
    shutil.rmtree(dest, ignore_errors=True)
    shutil.move(str(src), str(dest))


def fetch_pypi(spec: str, version: str, dest: Path) -> None:
    """`pip download` the sdist `spec==version` and unpack it into dest (top folder stripped)."""
    name = spec.split("==", 1)[0]
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--no-binary",
                ":all:",
                "-d",
                str(tmp / "dl"),
                f"{name}=={version}",
            ],
            check=True,
        )
        archives = sorted((tmp / "dl").iterdir())
        if not archives:
            raise RuntimeError(f"pip downloaded nothing for {name}=={version}")
        archive = archives[0]
        out = tmp / "unpacked"
        out.mkdir()
        if archive.name.endswith(".zip"):
            with zipfile.ZipFile(archive) as zf:
                zf.extractall(out)
        else:
            with tarfile.open(archive) as tf:
                tf.extractall(out, filter="data")
        _strip_top(out, dest)
    (dest / MARKER).write_text(version + "\n")


def populate(project: dict[str, Any], cache: Path, mirrors: Path) -> str:
    """Bring one project into the cache; returns 'cached', 'extracted', 'downloaded' or 'needs fetch'."""
    name: str = project["name"]
    origin: str = project["origin"]
    dest = project_dir(cache, name)
    if origin.startswith("github:"):
        commit: str = project["commit"]
        if _marker_holds(dest, commit):
            return "cached"
        git_dir = mirror_git_dir(mirrors, origin)
        if git_dir is None:
            return "needs fetch"
        have = subprocess.run(
            ["git", f"--git-dir={git_dir}", "cat-file", "-e", f"{commit}^{{commit}}"],
            capture_output=True,
        )
        if have.returncode != 0:
            return "needs fetch"
        missing = extract_git(git_dir, commit, dest)
        return f"extracted ({missing} large blobs absent)" if missing else "extracted"
    if origin.startswith("pypi:"):
        spec = origin.split(":", 1)[1]
        version = spec.split("==", 1)[1] if "==" in spec else project["commit"]
        if _marker_holds(dest, version):
            return "cached"
        fetch_pypi(spec, version, dest)
        return "downloaded"
    raise ValueError(f"{name}: unknown origin {origin!r}")


def check(project: dict[str, Any], cache: Path) -> list[str]:
    """Paths named by the project's programs that are absent from the cache."""
    root = project_dir(cache, project["name"])
    missing: list[str] = []
    lic = project.get("licence_file")
    if lic and not (root / lic).is_file():
        missing.append(f"{project['name']}: licence file {lic}")
    for prog in project.get("program", []):
        base = root / prog["path"]
        if not base.is_dir():
            missing.append(f"{project['name']}: program folder {prog['path']}")
            continue
        for unit in prog.get("units", []):
            if not (base / unit).is_file():
                missing.append(f"{project['name']}: {prog['path']}: unit {unit}")
        for inc in prog.get("include", []):
            if not (base / inc).is_dir():
                missing.append(f"{project['name']}: {prog['path']}: include {inc}")
        for data in prog.get("run_files", []):
            if not (base / data).is_file():
                missing.append(f"{project['name']}: {prog['path']}: run file {data}")
    return missing


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    ap.add_argument("--mirrors", type=Path, default=DEFAULT_MIRRORS)
    ap.add_argument("--projects", type=Path, default=PROJECTS)
    ap.add_argument("--check", action="store_true", help="verify program folders, units and includes")
    ap.add_argument("names", nargs="*", metavar="NAME")
    args = ap.parse_args(argv)
    cache: Path = args.cache.expanduser()
    projects = load_projects(args.projects)
    if args.names:
        unknown = set(args.names) - {p["name"] for p in projects}
        if unknown:
            ap.error(f"unknown project(s): {', '.join(sorted(unknown))}")
        projects = [p for p in projects if p["name"] in args.names]
    cache.mkdir(parents=True, exist_ok=True)
    need_fetch: list[str] = []
    for project in projects:
        try:
            state = populate(project, cache, args.mirrors)
        except (subprocess.CalledProcessError, RuntimeError, OSError) as err:
            state = f"failed: {err}"
            need_fetch.append(project["origin"])
        if state == "needs fetch":
            need_fetch.append(project["origin"])
            print(f"needs fetch: {project['origin']}")
        else:
            print(f"{project['name']}: {state}")
    problems: list[str] = []
    if args.check:
        for project in projects:
            if project["origin"] in need_fetch:
                continue
            problems.extend(check(project, cache))
        n_prog = sum(len(p.get("program", [])) for p in projects)
        n_units = sum(len(g.get("units", [])) for p in projects for g in p.get("program", []))
        print(f"check: {len(projects)} projects, {n_prog} programs, {n_units} units; {len(problems)} missing")
        for line in problems:
            print(f"missing: {line}")
    if need_fetch:
        print(f"{len(need_fetch)} project(s) need fetch: {' '.join(need_fetch)}")
    return 1 if need_fetch or problems else 0


if __name__ == "__main__":
    sys.exit(main())
