"""Reading files from a stranger's tree: regular files only, inside the tree only, up to a size limit.

A tree may hold a FIFO (reading it blocks forever), a link to /dev/zero (reading it never ends), a socket,
or a link to /etc/shadow (reading it leaks the file into the output, the report and the corpus). Every
file is opened without following a final link and without blocking, and checked with fstat on the open
descriptor, so what is checked is what is read (a file swapped for a link after the check is not read).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

DEFAULT_MAX_FILE_SIZE = 16 * 1024 * 1024  # far above any hand-written source; generated tables stay under
_SIZE = re.compile(r"(\d+)\s*([kmg]?)i?b?", re.IGNORECASE)
_UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}


class Refused(OSError):
    """A file that is not read. `kind`: 'outside' | 'special' | 'too-large' | 'unreadable'."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


def parse_size(text: str) -> int:
    """'16M', '10K', '1G', '4096' -> bytes (binary units). Raises ValueError."""
    m = _SIZE.fullmatch(text.strip())
    if not m or int(m.group(1)) <= 0:
        raise ValueError(f"bad size {text!r}: expected a positive number with K, M or G, e.g. 16M")
    return int(m.group(1)) * _UNITS[m.group(2).lower()]


def _kind_name(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "fifo"),
        (stat.S_ISSOCK, "socket"),
        (stat.S_ISCHR, "character device"),
        (stat.S_ISBLK, "block device"),
        (stat.S_ISDIR, "folder"),
    ):
        if test(mode):
            return name
    return "special file"


def check_link(path: Path, root: Path | None) -> Path:
    """The file a link at `path` names, refused when it leaves `root` (None: any place is fine)."""
    target = path.resolve()
    if root is not None and not target.is_relative_to(root.resolve()):
        raise Refused("outside", f"symlink to {os.readlink(path)}, outside the tree; not read")
    return target


def read_regular(path: Path, root: Path | None = None, max_size: int = DEFAULT_MAX_FILE_SIZE) -> bytes:
    """The bytes of a regular file, refusing links out of `root`, special files and files over max_size."""
    real = check_link(path, root) if path.is_symlink() else path
    try:
        # A socket cannot even be opened: look before opening (and check the open file again below).
        if not stat.S_ISREG(mode := os.stat(real).st_mode):
            raise Refused("special", f"not a regular file ({_kind_name(mode)}); not read")
    except FileNotFoundError as err:
        raise Refused("unreadable", f"cannot read: {err.strerror}") from None
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: a link put in place after the
        # check above is refused, not followed.
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as err:
        raise Refused("unreadable", f"cannot read: {err.strerror or err}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Refused("special", f"not a regular file ({_kind_name(info.st_mode)}); not read")
        if info.st_size > max_size:
            raise Refused(
                "too-large", f"{info.st_size} bytes, over the limit of {max_size} (--max-file-size); not read"
            )
        chunks, total = [], 0
        while True:  # read to the end, but never past the limit (a file growing while read)
            chunk = os.read(fd, min(1 << 20, max_size + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_size:
                raise Refused("too-large", f"over the limit of {max_size} bytes (--max-file-size); not read")
        return b"".join(chunks)
    finally:
        os.close(fd)


def mode_bits(path: Path) -> int | None:
    """The permission bits of a file (what its output should keep), None when it cannot be read."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode) & 0o777
    except OSError:
        return None
