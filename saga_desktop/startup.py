"""Starting and ending the process quickly: compiled dataclass code kept, the collector held.

**Dataclass code.** The rules' values and the model's operations are a few hundred dataclasses.
Python writes the source of each one's ``__init__``, ``__eq__``, ``__repr__``, ``__hash__`` and
frozen ``__setattr__`` as text and compiles it at every start, which is most of what a dataclass
costs to make (about 0.4 ms each). :func:`keep_dataclass_code` keeps the compiled code between
starts, in the user's cache folder, the way Python keeps modules' bytecode in ``__pycache__``:
keyed by the exact source text, in a file of its own for each bytecode version. The same text
always compiles to the same code, so nothing about the classes changes; a missing, damaged or
unwritable cache only means compiling as before.

**The collector.**
Start-up makes tens of thousands of objects that live as long as the app: classes, pydantic
schemas, Qt wrappers, the open campaign. Python's cyclic collector would walk them again and
again while they are being made (about a tenth of the start-up time), and once more when the
process ends, to find almost nothing. So:

* :func:`hold_collector` pauses the collector while the app starts;
* :func:`settle_collector`, once the window is up, moves everything start-up made into the
  collector's permanent generation (``gc.freeze``) and lets it run again, so later collections
  walk only what play makes and never pause the map on start-up's objects;
* :func:`release_start_up` hands those objects back to the collector (``gc.unfreeze``) when the
  campaign they belonged to is replaced, so nothing of an old campaign is kept;
* :func:`quick_exit` freezes what is left before the interpreter ends, so its last collections
  skip the heap that is about to go anyway. Qt's objects are still destroyed normally, and
  the window has already saved its settings and released its campaign's locks on closing.
"""

from __future__ import annotations

import dataclasses
import gc
import marshal
import os
import sys
import tempfile
from pathlib import Path
from types import CodeType
from typing import Any

CACHE_ENV = "SAGA_DESKTOP_CACHE"
"""Names the folder for cached code instead of the platform's per-user cache (tests, portable)."""
MAX_ENTRIES = 20_000
"""Beyond this many kept functions the cache starts again from what this run used."""

_held = False
_frozen = False


def hold_collector() -> None:
    """Pause the cyclic collector until :func:`settle_collector` (call at the very start)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def settle_collector() -> None:
    """The app is up: freeze what start-up made and let the collector run again (idempotent)."""
    global _held, _frozen
    if not _held:
        return
    gc.freeze()
    _frozen = True
    _held = False
    gc.enable()


def release_start_up() -> None:
    """Give the objects frozen at start back to the collector (another campaign was opened)."""
    global _frozen
    if _frozen:
        gc.unfreeze()
        _frozen = False


def quick_exit() -> None:
    """The app is ending: spare the interpreter's final collections the whole heap."""
    gc.freeze()


class DataclassCodeCache:
    """Compiled dataclass methods, kept in one file between starts (see the module's text).

    The file holds each source's code already marshalled; a code object is unmarshalled only
    when its class is made, so reading the cache costs about a millisecond.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.codes: dict[str, bytes] = _read_codes(path)
        self.used: set[str] = set()
        self.compiled_in_run = 0
        """How many sources this run had to compile (not found in the cache)."""
        self._unsaved = 0

    def exec(self, source: Any, globals: Any = None, locals: Any = None) -> None:
        """``exec`` for the dataclasses module: source text is compiled once, then kept."""
        if isinstance(source, str):
            source = self._code(source)
        exec(source, globals, locals)  # noqa: S102 - the dataclasses module's own generated code

    def _code(self, source: str) -> CodeType:
        self.used.add(source)
        raw = self.codes.get(source)
        if raw is not None:
            try:
                code = marshal.loads(raw)  # noqa: S302 - trusted as __pycache__ is (see _read_codes)
            except (EOFError, ValueError, TypeError):
                code = None
            if isinstance(code, CodeType):
                return code
        code = compile(source, "<string>", "exec")
        self.codes[source] = marshal.dumps(code)
        self.compiled_in_run += 1
        self._unsaved += 1
        return code

    def save(self) -> bool:
        """Write the cache if this run compiled anything new; False when it could not be written."""
        if not self._unsaved:
            return True
        codes = self.codes
        if len(codes) > MAX_ENTRIES:
            codes = {src: raw for src, raw in codes.items() if src in self.used}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".dataclass-code-", dir=self.path.parent)
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(_magic() + marshal.dumps(codes))
                Path(tmp).replace(self.path)
            except BaseException:
                Path(tmp).unlink()
                raise
        except (OSError, ValueError):
            return False
        self._unsaved = 0
        return True


def _magic() -> bytes:
    from importlib.util import MAGIC_NUMBER

    return MAGIC_NUMBER


def _read_codes(path: Path) -> dict[str, bytes]:
    # The file lives in the user's own cache folder and is trusted as Python trusts the bytecode
    # in __pycache__; anything unreadable, of another bytecode version or of another shape is
    # simply not used.
    magic = _magic()
    try:
        blob = path.read_bytes()
        if not blob.startswith(magic):
            return {}
        codes = marshal.loads(blob[len(magic) :])  # noqa: S302 - see above
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(codes, dict):
        return {}
    return {s: r for s, r in codes.items() if isinstance(s, str) and isinstance(r, bytes)}


def cache_dir() -> Path:
    """Where cached code lives: ``SAGA_DESKTOP_CACHE``, else the platform's per-user cache."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("saga-desktop", appauthor=False))


_code_cache: DataclassCodeCache | None = None


def keep_dataclass_code() -> DataclassCodeCache | None:
    """Serve the dataclasses module's compiled code from the cache (once; before the imports).

    None, and nothing changed, where the system names no cache folder (no home folder).
    """
    global _code_cache
    if _code_cache is None:
        folder = cache_dir()
        if not folder.is_absolute():  # never a folder relative to wherever the app was started
            return None
        tag = sys.implementation.cache_tag or "python"
        _code_cache = DataclassCodeCache(folder / f"dataclass-code.{tag}.bin")
        setattr(dataclasses, "exec", _code_cache.exec)  # noqa: B010 - a module global, not typed
    return _code_cache


def save_dataclass_code() -> None:
    """Keep what this run compiled for the next start (quietly skipped when not writable)."""
    if _code_cache is not None:
        _code_cache.save()
