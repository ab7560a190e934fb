"""Writing a file so that a crash at any instant leaves the old file or the new one, never half."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from pathlib import Path

STALE_TEMP_SECONDS = 300
"""A temp file of ours this old was left by a killed process (a live write takes seconds)."""

_OUR_TEMP = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: temp file in the same folder, fsync, rename."""
    folder = path.parent
    mode = _mode_for(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_SUFFIX, dir=folder)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            tmp.chmod(mode)
        tmp.replace(path)  # os.replace: atomic on POSIX and Windows
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_folder(folder)


_SUFFIX = ".tmp"


def remove_stale_temp_files(folder: Path, name: str | None = None) -> int:
    """Remove temp files :func:`atomic_write` left in ``folder`` when killed; returns how many.

    Only files of our own name pattern (of ``name`` when given) older than
    :data:`STALE_TEMP_SECONDS` go, so a write in progress elsewhere is never touched.
    """
    cutoff = time.time() - STALE_TEMP_SECONDS
    pattern = f".{name}.*{_SUFFIX}" if name else f".*{_SUFFIX}"
    removed = 0
    try:
        candidates = list(folder.glob(pattern))
    except OSError:
        return 0
    for tmp in candidates:
        if not _OUR_TEMP.match(tmp.name):
            continue
        with contextlib.suppress(OSError):
            if tmp.is_file() and tmp.stat().st_mtime < cutoff:
                tmp.unlink()
                removed += 1
    return removed


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows has no folder handles for this)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
