"""Rolling tables as data files: the built-in ones and the player's own.

A table file is either JSON::

    {"title": "Weather", "description": "optional", "entries": ["Fog", "Rain", ...]}

(``id`` is optional and defaults to the file name), or plain text with one entry per line (blank
lines and lines starting with ``#`` are skipped; the title comes from the file name). A file that
cannot be read gives a :class:`TableError` naming the file and the problem; loaders skip it and
report the message instead of stopping.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from saga_desktop.i18n import number, tr, trn
from saga_desktop.model.ops.rolling_tables import MAX_ENTRIES, MAX_ENTRY_CHARS
from saga_desktop.resources import resource

MAX_FILE_BYTES = 1_000_000
TITLE_CHARS = 80
SUFFIXES = (".json", ".txt")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class TableError(ValueError):
    """A table file could not be used; the message names the file and says why."""


@dataclass(frozen=True, slots=True)
class RollingTable:
    """A table to roll on."""

    id: str
    title: str
    entries: tuple[str, ...]
    description: str = ""
    source: str = "built-in"

    @property
    def die(self) -> str:
        """The die this table is rolled with, e.g. ``"d16"`` (a "die" with one face per entry)."""
        return f"d{len(self.entries)}"


def _clean(text: str, too_long: str, limit: int) -> str:
    """``text`` without control characters; ``too_long`` is the refusal when it is too long."""
    text = _CONTROL.sub("", text).strip()
    if len(text) > limit:
        raise TableError(too_long)
    return text


def _title_from(path: Path) -> str:
    words = re.sub(r"[-_]+", " ", path.stem).strip()
    return words[:1].upper() + words[1:] if words else tr("Untitled table")


def _table_id(source: str, path: Path) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-") or "table"
    return slug if source == "built-in" else f"{source}:{slug}"


def load_table(path: Path, source: str = "yours") -> RollingTable:
    """Read one table file; raises :class:`TableError` with a readable message."""
    name = path.name
    if path.suffix.lower() not in SUFFIXES:
        raise TableError(tr("{name}: only .json and .txt table files can be read", name=name))
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise TableError(
                tr(
                    "{name}: the file is larger than {size} kB",
                    name=name,
                    size=number(MAX_FILE_BYTES // 1000),
                )
            )
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise TableError(tr("{name}: the file is not UTF-8 text", name=name)) from None
    except OSError as exc:
        reason = str(exc.strerror or exc)
        raise TableError(
            tr("{name}: could not be read ({reason})", name=name, reason=reason)
        ) from None
    if path.suffix.lower() == ".json":
        title, description, raw = _parse_json(text, name)
        title = title or _title_from(path)
    else:
        title, description = _title_from(path), ""
        raw = [
            line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
        ]
    entries = tuple(
        _clean(
            e,
            trn(
                "{name}: entry {entry} is longer than {n} character",
                "{name}: entry {entry} is longer than {n} characters",
                MAX_ENTRY_CHARS,
                name=name,
                entry=i + 1,
            ),
            MAX_ENTRY_CHARS,
        )
        for i, e in enumerate(raw)
    )
    entries = tuple(e for e in entries if e)
    if not entries:
        raise TableError(tr("{name}: the table has no entries", name=name))
    if len(entries) > MAX_ENTRIES:
        raise TableError(
            trn(
                "{name}: a table has at most {n} entry",
                "{name}: a table has at most {n} entries",
                MAX_ENTRIES,
                name=name,
            )
        )
    return RollingTable(
        _table_id(source, path),
        _clean(
            title,
            trn(
                "{name}: the title is longer than {n} character",
                "{name}: the title is longer than {n} characters",
                TITLE_CHARS,
                name=name,
            ),
            TITLE_CHARS,
        ),
        entries,
        _clean(
            description,
            trn(
                "{name}: the description is longer than {n} character",
                "{name}: the description is longer than {n} characters",
                MAX_ENTRY_CHARS,
                name=name,
            ),
            MAX_ENTRY_CHARS,
        ),
        source,
    )


def _parse_json(text: str, name: str) -> tuple[str, str, list[str]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TableError(
            tr(
                "{name}: not valid JSON (line {line}: {reason})",
                name=name,
                line=exc.lineno,
                reason=exc.msg,
            )
        ) from None
    if not isinstance(data, dict):
        raise TableError(tr('{name}: expected an object with "title" and "entries"', name=name))
    entries = data.get("entries")
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise TableError(tr('{name}: "entries" must be a list of texts', name=name))
    title = data.get("title", "")
    description = data.get("description", "")
    if not isinstance(title, str) or not isinstance(description, str):
        raise TableError(tr('{name}: "title" and "description" must be texts', name=name))
    return title, description, entries


def load_folder(folder: Path, source: str) -> tuple[list[RollingTable], list[str]]:
    """Every table in a folder (sorted by title) and a message for each file that was skipped."""
    tables: list[RollingTable] = []
    problems: list[str] = []
    if not folder.is_dir():
        return tables, problems
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in SUFFIXES or not path.is_file():
            continue
        try:
            tables.append(load_table(path, source))
        except TableError as exc:
            problems.append(str(exc))
    tables.sort(key=lambda t: t.title.lower())
    return tables, problems


def builtin_folder() -> Path:
    """Where the tables shipped with the application live."""
    return resource("tables")


def user_folder() -> Path:
    """Where the player's own tables live (``tables`` in the application's data folder)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "tables"


def import_table(source_file: Path, folder: Path) -> RollingTable:
    """Check a table file and copy it into the player's folder; returns the table as loaded."""
    load_table(source_file)  # refuse a bad file before copying anything
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / source_file.name
    n = 2
    while target.exists():
        target = folder / f"{source_file.stem}-{n}{source_file.suffix}"
        n += 1
    shutil.copyfile(source_file, target)
    return load_table(target)


class TableLibrary:
    """The tables on offer: the built-in ones, then the player's own folder."""

    def __init__(self, user_dir: Path | None = None, builtin_dir: Path | None = None) -> None:
        self.user_dir = user_dir if user_dir is not None else user_folder()
        self.builtin_dir = builtin_dir if builtin_dir is not None else builtin_folder()
        self.tables: list[RollingTable] = []
        self.problems: list[str] = []
        self.reload()

    def reload(self) -> None:
        """Read every table again; bad files are skipped and listed in :attr:`problems`."""
        builtin, problems = load_folder(self.builtin_dir, "built-in")
        yours, more = load_folder(self.user_dir, "yours")
        self.tables = builtin + yours
        self.problems = problems + more

    def get(self, table_id: str) -> RollingTable | None:
        """A table by id."""
        for table in self.tables:
            if table.id == table_id:
                return table
        return None

    def import_file(self, path: Path) -> RollingTable:
        """Copy a table file into the player's folder and reload; raises TableError if bad."""
        table = import_table(path, self.user_dir)
        self.reload()
        return table
